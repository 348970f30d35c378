// Runs a user's shell command (a test or rails command) in its own process group, so a timeout, an
// abort or Ctrl-C kills everything it started, grandchildren included, before files are restored.

import { spawn, type ChildProcess } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';
import { statSync } from 'node:fs';
import { OpError } from './errors.js';
import { interruptSignal, killProcessGroup, onInterrupt } from './interrupt.js';

export interface RunCommandOptions {
  cwd: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** Merged over process.env. */
  env?: NodeJS.ProcessEnv;
  /** Written to stdin; without it stdin is closed, so a command can never read the user's terminal. */
  input?: string;
  /** How much of the interleaved stdout+stderr to keep. Default 4000 characters. */
  tailChars?: number;
  /** Keep the full stdout (for reviewers and command providers). Default false. */
  captureStdout?: boolean;
  /** Cap on the captured stdout; beyond it stdout is truncated. Default 20 MB. */
  maxCaptureBytes?: number;
}

export interface CommandResult {
  command: string;
  /** null when the command was killed (by a signal, a timeout or an abort). */
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  aborted: boolean;
  durationMs: number;
  /** The last `tailChars` characters of stdout and stderr, interleaved as they arrived. */
  outputTail: string;
  /** Full stdout when `captureStdout`, else ''. */
  stdout: string;
  /** True when the captured stdout hit `maxCaptureBytes`. */
  stdoutTruncated: boolean;
  stderrTail: string;
}

/** Time between SIGTERM and SIGKILL for the process group. */
export const KILL_GRACE_MS = 1000;
const DEFAULT_TAIL_CHARS = 4000;
const DEFAULT_MAX_CAPTURE_BYTES = 20 * 1024 * 1024;

type StopReason = 'timeout' | 'abort';

/**
 * Kept for callers that overlapped loading a process library with their start-up: commands are now
 * spawned with node:child_process, which is already loaded, so there is nothing left to load.
 */
export function preloadCommandRunner(): Promise<void> {
  return Promise.resolve();
}

/** Never throws for a non-zero exit; throws OpError when the shell cannot start, InterruptedError on Ctrl-C. */
export async function runCommand(command: string, opts: RunCommandOptions): Promise<CommandResult> {
  const interrupt = interruptSignal();
  if (interrupt.aborted) throw interrupt.reason;
  const startedAt = Date.now();
  if (opts.signal?.aborted) return emptyResult(command, { aborted: true });
  assertDirectory(opts.cwd, command);

  const child = spawnShell(command, opts);
  const ended = endOf(child);
  const output = collectOutput(child, opts);
  const guard = guardChild(child, opts);
  try {
    const end = await ended;
    if (interrupt.aborted) throw interrupt.reason;
    return settleResult(command, end, guard.stopReason(), output, startedAt);
  } finally {
    guard.release();
  }
}

/**
 * Phase 1: the shell, in its own process group. node:child_process rather than a process library:
 * loading one cost a CLI tens of milliseconds before its first command could start.
 */
function spawnShell(command: string, opts: RunCommandOptions): ChildProcess {
  const child = spawn(command, {
    shell: true,
    cwd: opts.cwd,
    // Copying process.env costs a read of every variable: only done when there is something to merge.
    env: opts.env === undefined || opts.env === process.env ? process.env : { ...process.env, ...opts.env },
    detached: true, // own process group: killProcessGroup reaches grandchildren; the terminal's Ctrl-C does not
    stdio: [opts.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  if (child.stdin) {
    // A command that exits without reading its input is reported by its exit code, not by EPIPE.
    child.stdin.on('error', () => undefined);
    child.stdin.end(opts.input);
  }
  return child;
}

/** How the shell ended: its exit code or signal once its output is closed, or why it never started. */
type ShellEnd = { exitCode: number | null; signal: string | null } | { error: Error };

function endOf(child: ChildProcess): Promise<ShellEnd> {
  return new Promise((resolve) => {
    child.once('error', (error) => resolve({ error }));
    child.once('close', (exitCode, signal) => resolve({ exitCode, signal }));
  });
}

interface CollectedOutput {
  outputTail: string;
  stdout: string;
  stdoutTruncated: boolean;
  stderrTail: string;
}

/** Phase 2: bounded tails of stdout+stderr and stderr, and stdout up to its cap; `finish` once the child is done. */
function collectOutput(child: ChildProcess, opts: RunCommandOptions): { finish: () => CollectedOutput } {
  const tailChars = opts.tailChars ?? DEFAULT_TAIL_CHARS;
  const output = new RollingText(tailChars);
  const stderr = new RollingText(tailChars);
  const stdout = new ByteCapture(opts.captureStdout === true ? (opts.maxCaptureBytes ?? DEFAULT_MAX_CAPTURE_BYTES) : 0);
  const outDecoder = new StringDecoder('utf8');
  const errDecoder = new StringDecoder('utf8');
  child.stdout?.on('data', (chunk: Buffer) => {
    output.push(outDecoder.write(chunk));
    stdout.push(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = errDecoder.write(chunk);
    output.push(text);
    stderr.push(text);
  });
  return {
    finish() {
      output.push(outDecoder.end());
      stderr.push(errDecoder.end());
      return { outputTail: output.text(), stdout: stdout.text(), stdoutTruncated: stdout.truncated, stderrTail: stderr.text() };
    },
  };
}

/**
 * Phase 3: ends the child's whole process group on timeout, on the caller's abort and on Ctrl-C.
 * `release` (in finally) clears the timers and listeners and kills whatever is left of the group.
 */
function guardChild(child: ChildProcess, opts: RunCommandOptions): { stopReason: () => StopReason | null; release: () => void } {
  const pid = child.pid;
  let stopReason: StopReason | null = null;
  let killTimer: NodeJS.Timeout | undefined;
  const terminateGroup = (): void => {
    if (pid === undefined) return;
    killProcessGroup(pid, 'SIGTERM');
    killTimer ??= setTimeout(() => killProcessGroup(pid, 'SIGKILL'), KILL_GRACE_MS);
    killTimer.unref();
  };
  const stop = (reason: StopReason): void => {
    // A command that already finished is reported as it finished, not as killed.
    if (stopReason !== null || child.exitCode !== null || child.signalCode !== null) return;
    stopReason = reason;
    terminateGroup();
  };

  const timeoutTimer = opts.timeoutMs === undefined ? undefined : setTimeout(() => stop('timeout'), opts.timeoutMs);
  const onAbort = (): void => stop('abort');
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  // On Ctrl-C: synchronous and merciless, since files are restored right after the cleanups run and
  // nothing may still write. The awaited result then turns into the InterruptedError.
  const unregister = onInterrupt(() => {
    if (pid !== undefined) killProcessGroup(pid, 'SIGKILL');
  });
  // When the shell itself exits, anything it left in its group (a forgotten `&` job) would keep running,
  // keep our pipes open and could write to the tree after a restore: end it too.
  child.once('exit', terminateGroup);

  return {
    stopReason: () => stopReason,
    release() {
      clearTimeout(timeoutTimer);
      clearTimeout(killTimer);
      // The shell is gone and its pipes are closed; whatever is left of its group (a job that ignored
      // SIGTERM and closed its output) must not outlive this call.
      if (pid !== undefined) killProcessGroup(pid, 'SIGKILL');
      opts.signal?.removeEventListener('abort', onAbort);
      unregister();
    },
  };
}

/** Phase 4: the result, or the OpError of a shell that never started. */
function settleResult(
  command: string,
  end: ShellEnd,
  stopReason: StopReason | null,
  output: { finish: () => CollectedOutput },
  startedAt: number,
): CommandResult {
  if ('error' in end) throw new OpError(`could not run \`${command}\`: ${end.error.message}`, { cause: end.error });
  const killed = stopReason !== null;
  return {
    command,
    exitCode: killed ? null : end.exitCode,
    signal: end.signal,
    timedOut: stopReason === 'timeout',
    aborted: stopReason === 'abort',
    durationMs: Date.now() - startedAt,
    ...output.finish(),
  };
}

function assertDirectory(cwd: string, command: string): void {
  let isDirectory = false;
  try {
    isDirectory = statSync(cwd).isDirectory();
  } catch {
    // reported below
  }
  if (!isDirectory) throw new OpError(`could not run \`${command}\`: working directory ${cwd} does not exist`);
}

function emptyResult(command: string, flags: { aborted: boolean }): CommandResult {
  return {
    command,
    exitCode: null,
    signal: null,
    timedOut: false,
    aborted: flags.aborted,
    durationMs: 0,
    outputTail: '',
    stdout: '',
    stdoutTruncated: false,
    stderrTail: '',
  };
}

/** The last `limit` characters of a stream, in memory bounded by 2 × limit. */
class RollingText {
  private buffer = '';
  constructor(private readonly limit: number) {}

  push(text: string): void {
    if (text.length === 0) return;
    this.buffer += text;
    if (this.buffer.length > 2 * this.limit) this.buffer = this.buffer.slice(-this.limit);
  }

  text(): string {
    const tail = this.limit <= 0 ? '' : this.buffer.slice(-this.limit);
    // Do not start on the second half of a surrogate pair cut by the slice.
    return /^[\uDC00-\uDFFF]/.test(tail) ? tail.slice(1) : tail;
  }
}

/** Raw bytes up to a cap, decoded once at the end so multi-byte characters are never split mid-stream. */
class ByteCapture {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  truncated = false;
  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): void {
    if (this.maxBytes <= 0 || this.truncated) return;
    const room = this.maxBytes - this.size;
    if (chunk.length > room) {
      this.chunks.push(chunk.subarray(0, room));
      this.size += room;
      this.truncated = true;
      return;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

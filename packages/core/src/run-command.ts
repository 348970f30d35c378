// Runs a user's shell command (a test or rails command, a reviewer, a command provider) through execa,
// in its own process group, so a timeout, an abort or Ctrl-C ends everything it started, grandchildren
// included, before files are restored.

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
  /** Cap on the captured stdout, in characters (execa's maxBuffer): beyond it stdout is truncated and closed. Default 20 Mi. */
  maxCaptureChars?: number;
  /** Called once the command's process has been spawned (not when it never is). */
  onSpawn?: () => void;
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
  /** True when the captured stdout hit `maxCaptureChars`. */
  stdoutTruncated: boolean;
  stderrTail: string;
}

/** Time between SIGTERM and SIGKILL, for the shell (execa's forceKillAfterDelay) and for its process group. */
export const KILL_GRACE_MS = 1000;
const DEFAULT_TAIL_CHARS = 4000;
const DEFAULT_MAX_CAPTURE_CHARS = 20 * 1024 * 1024;

/** Never throws for a non-zero exit; throws OpError when the shell cannot start, InterruptedError on Ctrl-C. */
export async function runCommand(command: string, opts: RunCommandOptions): Promise<CommandResult> {
  const interrupt = interruptSignal();
  if (interrupt.aborted) throw interrupt.reason;
  // execa would start the shell and then cancel it; a run aborted already must not start at all.
  if (opts.signal?.aborted) return emptyResult(command, { aborted: true });
  // Loaded on first use: tdd-kernel's hook and the CLIs' --help never run a command.
  const { execa } = await import('execa');
  const tailChars = opts.tailChars ?? DEFAULT_TAIL_CHARS;
  const output = new RollingText(tailChars);
  const stderr = new RollingText(tailChars);
  const subprocess = execa(command, {
    shell: true,
    cwd: opts.cwd,
    ...(opts.env === undefined ? {} : { env: opts.env }),
    // Own process group: endGroup reaches grandchildren; the terminal's Ctrl-C does not.
    detached: true,
    ...(opts.timeoutMs === undefined ? {} : { timeout: opts.timeoutMs }),
    ...(opts.signal === undefined ? {} : { cancelSignal: opts.signal }),
    forceKillAfterDelay: KILL_GRACE_MS,
    // Without input, stdin is closed, so a command can never read the user's terminal.
    ...(opts.input === undefined ? { stdin: 'ignore' as const } : { input: opts.input }),
    stdout: { transform: keepIn([output]), preserveNewlines: true },
    stderr: { transform: keepIn([output, stderr]), preserveNewlines: true },
    buffer: { stdout: opts.captureStdout === true, stderr: false },
    maxBuffer: { stdout: opts.maxCaptureChars ?? DEFAULT_MAX_CAPTURE_CHARS },
    stripFinalNewline: false,
    reject: false,
  });
  opts.onSpawn?.();
  const endGroup = groupKiller(subprocess.pid);
  // execa stops the shell alone; whatever it started, or left behind in a forgotten `&` job, would keep
  // running, keep the output open and could write to the tree after a restore: end the group too.
  // (Measured: with execa alone, a 300 ms timeout on `sleep 5 & wait` resolved after 5 s, sleep unharmed.)
  subprocess.once('exit', endGroup.terminate);
  // On Ctrl-C: synchronous and merciless, since files are restored right after the cleanups run and
  // nothing may still write. The awaited result then turns into the InterruptedError.
  const unregister = onInterrupt(endGroup.kill);
  try {
    const result = await subprocess;
    if (interrupt.aborted) throw interrupt.reason;
    if (result.failed && result.exitCode === undefined && result.signal === undefined) {
      // The shell never started; execa's first line says why (a working directory that does not exist).
      throw new OpError(`could not run \`${command}\`: ${(result.originalMessage ?? 'it did not start').split('\n')[0]}`, { cause: result });
    }
    const stopped = result.timedOut || result.isCanceled;
    return {
      command,
      exitCode: stopped ? null : (result.exitCode ?? null),
      signal: result.signal ?? null,
      timedOut: result.timedOut,
      aborted: result.isCanceled,
      durationMs: Math.round(result.durationMs),
      outputTail: output.text(),
      stdout: typeof result.stdout === 'string' ? result.stdout : '',
      stdoutTruncated: result.isMaxBuffer,
      stderrTail: stderr.text(),
    };
  } finally {
    // The shell is gone and its pipes are closed; whatever is left of its group (a job that ignored
    // SIGTERM and closed its output) must not outlive this call.
    endGroup.kill();
    unregister();
  }
}

/** An execa line transform (execa decodes and splits) that keeps each line in the tails and passes it on. */
function keepIn(tails: RollingText[]): (line: unknown) => Generator<unknown, void, void> {
  return function* (line) {
    for (const tail of tails) tail.push(String(line));
    yield line;
  };
}

/** Signals for the process group a detached shell leads: terminate (SIGKILL after the grace), or kill now. */
function groupKiller(pid: number | undefined): { terminate: () => void; kill: () => void } {
  let killTimer: NodeJS.Timeout | undefined;
  return {
    terminate() {
      if (pid === undefined) return;
      killProcessGroup(pid, 'SIGTERM');
      killTimer ??= setTimeout(() => killProcessGroup(pid, 'SIGKILL'), KILL_GRACE_MS);
      killTimer.unref();
    },
    kill() {
      clearTimeout(killTimer);
      if (pid !== undefined) killProcessGroup(pid, 'SIGKILL');
    },
  };
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

/**
 * The last `limit` characters of a stream, in memory bounded by 2 × limit. execa's own `all` holds the
 * whole output (measured: 120 MB of output failed the run with isMaxBuffer, 100 MB held); only the tail is read.
 */
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

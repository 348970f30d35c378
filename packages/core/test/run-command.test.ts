import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OpError } from '../src/errors.js';
import { runCommand } from '../src/run-command.js';
import { stillRunningAfter } from './support/child.js';

const cwd = mkdtempSync(path.join(os.tmpdir(), 'adlc-run-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** The pid a command printed with `echo $!`. */
function printedPid(output: string): number {
  const match = /pid=(\d+)/.exec(output);
  if (!match) throw new Error(`no pid in ${JSON.stringify(output)}`);
  return Number(match[1]);
}

describe('runCommand', () => {
  it('reports a non-zero exit code instead of throwing', async () => {
    const result = await runCommand('echo before; exit 3', { cwd });
    expect(result).toMatchObject({ command: 'echo before; exit 3', exitCode: 3, signal: null, timedOut: false, aborted: false });
    expect(result.outputTail).toBe('before\n');
    expect(result.stdout).toBe('');
  });

  it('keeps the last characters of the output', async () => {
    const result = await runCommand(`node -e "for (let i = 0; i < 20000; i++) console.log('line ' + i)"`, { cwd, tailChars: 100 });
    expect(result.exitCode).toBe(0);
    expect(result.outputTail).toHaveLength(100);
    expect(result.outputTail.endsWith('line 19998\nline 19999\n')).toBe(true);
  });

  it('interleaves stdout and stderr as they arrive, and keeps stderr on its own', async () => {
    // Two pipes have no common order; the pauses give them one.
    const result = await runCommand('echo out; sleep 0.1; echo err >&2; sleep 0.1; echo out again', { cwd });
    expect(result.outputTail).toBe('out\nerr\nout again\n');
    expect(result.stderrTail).toBe('err\n');
  });

  it('captures the full stdout on request, up to a cap', async () => {
    const full = await runCommand("printf 'a%.0s' $(seq 1 5000)", { cwd, captureStdout: true, tailChars: 10 });
    expect(full.stdout).toBe('a'.repeat(5000));
    expect(full.stdoutTruncated).toBe(false);
    const capped = await runCommand("printf 'b%.0s' $(seq 1 5000)", { cwd, captureStdout: true, maxCaptureChars: 1000 });
    expect(capped.stdout).toBe('b'.repeat(1000));
    expect(capped.stdoutTruncated).toBe(true);
  });

  it('feeds input on stdin, and otherwise gives the command no terminal to read', async () => {
    expect((await runCommand('cat', { cwd, input: 'hello', captureStdout: true })).stdout).toBe('hello');
    // Would hang on an inherited TTY; with stdin closed `cat` sees end-of-file at once.
    expect(await runCommand('cat; echo done', { cwd })).toMatchObject({ exitCode: 0, outputTail: 'done\n' });
  });

  it('merges env over the process environment', async () => {
    const result = await runCommand('echo "$ADLC_TEST_VALUE" && command -v node >/dev/null && echo path-kept', {
      cwd,
      env: { ADLC_TEST_VALUE: 'merged' },
    });
    expect(result.outputTail).toBe('merged\npath-kept\n');
  });

  it('kills the whole process group on timeout, grandchildren included, promptly', async () => {
    const started = Date.now();
    const result = await runCommand('sleep 30 & echo "pid=$!"; wait', { cwd, timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result).toMatchObject({ exitCode: null, timedOut: true, aborted: false });
    expect(await stillRunningAfter(printedPid(result.outputTail))).toBe(false);
  });

  it('follows up with SIGKILL when a grandchild ignores SIGTERM', async () => {
    const started = Date.now();
    const result = await runCommand(`sh -c 'trap "" TERM; sleep 30' & echo "pid=$!"; wait`, { cwd, timeoutMs: 200 });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.timedOut).toBe(true);
    expect(await stillRunningAfter(printedPid(result.outputTail))).toBe(false);
  });

  it('stops on an AbortSignal', async () => {
    const controller = new AbortController();
    const running = runCommand('sleep 30 & echo "pid=$!"; wait', { cwd, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const result = await running;
    expect(result).toMatchObject({ exitCode: null, timedOut: false, aborted: true });
    expect(await stillRunningAfter(printedPid(result.outputTail))).toBe(false);

    const never = await runCommand('echo should-not-run', { cwd, signal: AbortSignal.abort() });
    expect(never).toMatchObject({ aborted: true, exitCode: null, outputTail: '' });
  });

  it('leaves nothing running after the command exits, even a job holding its output open', async () => {
    const started = Date.now();
    const result = await runCommand('sleep 30 & echo "pid=$!"', { cwd });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(result.exitCode).toBe(0);
    expect(await stillRunningAfter(printedPid(result.outputTail))).toBe(false);
  });

  it('throws an OpError when the shell cannot start', async () => {
    await expect(runCommand('true', { cwd: path.join(cwd, 'missing') })).rejects.toThrow(OpError);
  });
});

// Spawning a fixture script and waiting for a line it prints: synchronisation on what the child
// says, never on sleeps.

import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { isProcessAlive as isRunning } from '../../src/process-alive.js';

export { isRunning };

export interface Child {
  process: ChildProcessByStdio<null, Readable, Readable>;
  /** Resolves with the first stdout line matching `pattern` (rejects if the child exits first). */
  waitForLine(pattern: RegExp): Promise<string>;
  /** Settles once the child has exited and its output is closed. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>;
}

export function spawnNode(script: string, args: string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }): Child {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let closed = false;
  const waiters: Array<{ pattern: RegExp; resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  const check = () => {
    for (const waiter of [...waiters]) {
      const line = stdout.split('\n').find((l) => waiter.pattern.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  };
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString('utf8');
    check();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => {
      closed = true;
      for (const waiter of waiters.splice(0)) {
        waiter.reject(new Error(`child exited (${code ?? signal}) before printing ${waiter.pattern}; stderr: ${stderr}`));
      }
      resolve({ code, signal, stderr });
    });
  });
  return {
    process: child,
    exited,
    waitForLine(pattern) {
      return new Promise((resolve, reject) => {
        const waiter = { pattern, resolve, reject };
        waiters.push(waiter);
        check();
        if (closed && waiters.includes(waiter)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`child already exited before printing ${pattern}; stderr: ${stderr}`));
        }
      });
    },
  };
}

/**
 * Whether `pid` is still running once the kernel has had time to deliver a SIGKILL: a kill is
 * asynchronous, so poll briefly (up to `withinMs`) instead of reading the state at one instant.
 */
export async function stillRunningAfter(pid: number, withinMs = 3000): Promise<boolean> {
  const deadline = Date.now() + withinMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}

// withInterruptScope: cancelling one scope does to the work inside it what SIGINT does to a CLI (its
// child processes killed, its snapshotted files restored at once) and leaves a second scope, and the
// process-wide signal, alone.

import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InterruptedError } from '../src/errors.js';
import { interruptSignal, withInterruptScope } from '../src/interrupt.js';
import { runCommand } from '../src/run-command.js';
import { FileSnapshot } from '../src/snapshot.js';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

async function until(probe: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** In its own scope: snapshot `file`, write it, then run `command` until it ends. */
function edit(cancel: AbortSignal, file: string, command: string) {
  return withInterruptScope(cancel, async () => {
    const snapshot = await FileSnapshot.create({ root: repo.dir, files: [file], tool: `scope-${file}` });
    try {
      await snapshot.write(file, `changed ${file}\n`);
      return await runCommand(command, { cwd: repo.dir });
    } finally {
      await snapshot.close();
    }
  });
}

describe('withInterruptScope', () => {
  it('cancel: kills the scope\'s command and restores its files at once; another scope goes on', async () => {
    repo = makeTempRepo({ files: { 'a.txt': 'A\n', 'b.txt': 'B\n' } });
    const cancelA = new AbortController();
    const a = edit(cancelA.signal, 'a.txt', 'echo $$ > a.pid; sleep 30');
    const b = edit(new AbortController().signal, 'b.txt', 'while [ ! -f go ]; do sleep 0.05; done; echo done');
    a.catch(() => undefined);
    await until(() => existsSync(path.join(repo.dir, 'a.pid')) && repo.read('b.txt') === 'changed b.txt\n', 'both scopes to run');

    cancelA.abort();
    // Synchronously, as in a signal handler: the file is back before anything else runs.
    expect(repo.read('a.txt')).toBe('A\n');
    expect(repo.read('b.txt')).toBe('changed b.txt\n');
    const error = await a.then(() => null, (e: unknown) => e);
    expect(InterruptedError.isInstance(error)).toBe(true);

    writeFileSync(path.join(repo.dir, 'go'), '');
    const result = await b;
    expect(result).toMatchObject({ exitCode: 0, aborted: false });
    expect(result.outputTail).toContain('done');
    expect(repo.read('b.txt')).toBe('B\n');
    expect(interruptSignal().aborted).toBe(false);
  });

  it('inside a scope, interruptSignal() is the scope\'s: cancelling aborts it, not the process\'s', async () => {
    const cancel = new AbortController();
    await withInterruptScope(cancel.signal, async () => {
      const inside = interruptSignal();
      expect(inside.aborted).toBe(false);
      cancel.abort();
      expect(inside.aborted).toBe(true);
      expect(InterruptedError.isInstance(inside.reason)).toBe(true);
    });
    expect(interruptSignal().aborted).toBe(false);
  });

  it('an already cancelled scope starts interrupted', async () => {
    const cancel = new AbortController();
    cancel.abort();
    await expect(withInterruptScope(cancel.signal, async () => runCommand('true', { cwd: process.cwd() }))).rejects.toThrow(/interrupted by SIGINT/);
  });
});

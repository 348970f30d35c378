// Outside any project (no .tdd-kernel/, .git or package.json up the tree) `status` says so and how to
// start one, instead of an empty status that reads like a project without tests; so do the commands that
// would otherwise create `.tdd-kernel/` wherever they were typed.

import { mkdtempSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StatusOutputSchema } from '../src/index.js';
import { BIN } from './support.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, TDD_KERNEL_SESSION: '' } });

describe('status outside any project', () => {
  /** A fresh directory outside any project; `command` there is exit 1 saying so and how to start one. */
  function refusedOutside(command: string, ...operands: string[]): void {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'tdd-no-project-')));
    const text = run([command, ...operands]);
    expect(text.status).toBe(1);
    expect(text.stdout).toBe('');
    expect(text.stderr).toContain(`tdd-kernel: error: no project found at or above ${dir}`);
    expect(text.stderr).toContain('`tdd-kernel init <agent>`');
    const json = run([command, ...operands, '--json']);
    expect(json.status).toBe(1);
    expect((JSON.parse(json.stdout) as { error: { message: string; hint: string } }).error.hint).toContain('run it inside a repository');
  }

  it('is exit 1 saying that no project was found and how to start one; after init it is a project', () => {
    refusedOutside('status');
    expect(run(['init', 'claude-code']).status).toBe(0);
    const after = run(['status', '--json']);
    expect(after.status).toBe(0);
    expect(StatusOutputSchema.parse(JSON.parse(after.stdout)).root).toBe(dir);
  });

  it('doctor too: exit 1 instead of a report on a project that is not there; --root names one', () => {
    refusedOutside('doctor');
    expect(run(['doctor', '--root', dir!]).status).toBe(0);
  });

  it.each([
    ['claim', 'test/a.test.mjs::a', 'src/a.mjs'],
    ['check', 'src/a.mjs'],
    ['run'],
    ['flush'],
    ['refactor', 'on'],
  ])('%s too: exit 1, and nothing is created where it was typed', (command, ...operands) => {
    refusedOutside(command, ...operands);
    expect(readdirSync(dir!)).toEqual([]);
  });

  it('--root names the project: no search', () => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'tdd-no-project-')));
    expect(run(['status', '--root', dir]).status).toBe(0);
  });
});

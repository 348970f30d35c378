// The full CLI declares every command up front but imports a command's implementation only when that
// command runs: `--help` loads none of them, and a command loads its own and not the others'.

import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { TempRepo } from '@adlc/core/testkit';
import { BIN, makeProject } from './support.js';

const TRACER = fileURLToPath(new URL('./fixtures/trace-imports.mjs', import.meta.url));
const IMPLEMENTATIONS = ['claim', 'doctor', 'flush', 'gate', 'hook-claude', 'init-claude', 'refactor', 'render', 'status'];

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

/** The source files (esbuild names each in a comment) of every chunk of the bin a run imports. */
function sourcesLoaded(args: string[]): string[] {
  repo ??= makeProject('none', { 'src/a.ts': 'export {};\n' });
  const trace = path.join(repo.dir, '.git', 'trace.txt');
  rmSync(trace, { force: true });
  const r = spawnSync(process.execPath, ['--import', TRACER, BIN, ...args], { cwd: repo.dir, encoding: 'utf8', env: { ...process.env, TRACE_FILE: trace } });
  expect(r.status, r.stderr).toBe(0);
  const chunks = readFileSync(trace, 'utf8').split('\n').filter((url) => url.startsWith('file:') && url.includes('/tdd-kernel/dist/'));
  return chunks.flatMap((url) => [...readFileSync(fileURLToPath(url), 'utf8').matchAll(/^\/\/ src\/(.+)\.ts$/gm)].map((m) => m[1]!));
}

describe('tdd-kernel commands load lazily', () => {
  it('--help imports no command implementation', () => {
    const loaded = sourcesLoaded(['--help']);
    expect(loaded).toContain('commands');
    expect(IMPLEMENTATIONS.filter((name) => loaded.includes(name))).toEqual([]);
  });

  it.each([
    ['status', ['status'], ['status', 'render']],
    ['doctor', ['doctor'], ['doctor', 'render', 'status']], // doctor reads the plan through status
  ])('%s imports its own implementation and none of the others', (_name, args, own) => {
    const loaded = sourcesLoaded(args);
    expect(IMPLEMENTATIONS.filter((name) => loaded.includes(name))).toEqual(own.sort());
  });
});

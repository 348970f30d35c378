// Temp projects with real runners for the integration tests: git repos whose node_modules link to the
// workspace's own vitest / jest, so the tests need no network and work from a clean clone.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempRepo, runCli, type FileTree, type TempRepo } from '@adlc/core/testkit';

const here = path.dirname(fileURLToPath(import.meta.url));
export const BIN = path.resolve(here, '../dist/cli.js');

function findUp(pkg: string): string {
  for (let dir = here; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error(`${pkg} is not installed in the workspace`);
  }
}

export function makeProject(runner: 'vitest' | 'jest' | 'none', files: FileTree): TempRepo {
  const pkg = runner === 'none' ? { name: 'p', type: 'module' } : { name: 'p', type: runner === 'vitest' ? 'module' : 'commonjs', devDependencies: { [runner]: '*' } };
  const repo = makeTempRepo({ prefix: 'tdd-kernel-', files: { '.gitignore': 'node_modules\n', 'package.json': `${JSON.stringify(pkg, null, 2)}\n`, ...files } });
  if (runner !== 'none') {
    mkdirSync(path.join(repo.dir, 'node_modules'), { recursive: true });
    symlinkSync(findUp(runner), path.join(repo.dir, 'node_modules', runner));
  }
  return repo;
}

export function kernel(repo: TempRepo, args: string[], input?: string, env: Record<string, string | undefined> = {}) {
  return runCli(BIN, args, { cwd: repo.dir, env: { TDD_KERNEL_SESSION: undefined, ...env }, ...(input === undefined ? {} : { input }) });
}

export function hasPytest(): boolean {
  for (const cmd of [['pytest', '--version'], ['python3', '-m', 'pytest', '--version']]) {
    const r = spawnSync(cmd[0]!, cmd.slice(1), { stdio: 'ignore' });
    if (r.status === 0) return true;
  }
  return false;
}

export function gitStatus(repo: TempRepo): string {
  return execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd: repo.dir, encoding: 'utf8' });
}

export const PRICE_TEST = `import { describe, it, expect } from 'vitest';
import { price } from './price.js';
describe('price', () => {
  it('adds tax', () => {
    expect(price(100)).toBe(120);
  });
});
`;
export const PRICE_SRC = 'export const price = (n: number) => n;\n';
export const PRICE_ID = 'src/price.test.ts::price adds tax';

/**
 * The sources of the bundled bin's own files that one run of `tdd-kernel <args>` loads, in `repo`. The bin
 * is bundled (tsup.tool.config.ts), so what a run loads shows in the chunks it imports: esbuild names each
 * inlined source file in a comment, and the vendored libraries are required by path.
 */
export function loadedChunks(repo: TempRepo, args: string[], input = ''): string[] {
  const trace = path.join(repo.dir, '.git', 'trace.txt');
  rmSync(trace, { force: true });
  const r = spawnSync(process.execPath, ['--import', fileURLToPath(new URL('./fixtures/trace-imports.mjs', import.meta.url)), BIN, ...args], { cwd: repo.dir, input, encoding: 'utf8', env: { ...process.env, TRACE_FILE: trace } });
  if (r.status === 1) throw new Error(`tdd-kernel ${args.join(' ')} failed: ${r.stderr}`);
  return readFileSync(trace, 'utf8')
    .split('\n')
    .filter((url) => url.startsWith('file:') && url.includes('/tdd-kernel/dist/'))
    .map((url) => readFileSync(fileURLToPath(url), 'utf8'));
}

/** What the hot path must not load: commander (inlined, named in the chunk comments) and core's zod bundle. */
export const HEAVY_MODULES = /node_modules\/commander\/|@adlc\/core\/vendor\/zod\.cjs/;

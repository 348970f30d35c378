// Temp projects with real runners for the integration tests: git repos whose node_modules link to the
// workspace's own vitest / jest, so the tests need no network and work from a clean clone.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempRepo, runCli, type FileTree, type TempRepo } from '@adlc/testkit';
import { afterEach } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The bin (package.json `bin`). */
export const BIN = path.resolve(here, '../bin/tdd-kernel.js');
/** The bundle's entry, which hooks written by an earlier `init` name. */
export const OLD_BIN = path.resolve(here, '../dist/cli.js');
const DIST = path.resolve(here, '../dist');

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

/**
 * A PATH with `tdd-kernel` on it, as a user who linked it has (the README's set-up): refusals then name
 * `tdd-kernel ...`. Tests of the other forms pass their own PATH.
 */
export const BIN_DIR = mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-bin-'));
symlinkSync(BIN, path.join(BIN_DIR, 'tdd-kernel'));
const PATH_WITH_BIN = `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ''}`;

export function kernel(repo: TempRepo, args: string[], input?: string, env: Record<string, string | undefined> = {}) {
  return runCli(BIN, args, { cwd: repo.dir, env: { TDD_KERNEL_SESSION: undefined, PATH: PATH_WITH_BIN, ...env }, ...(input === undefined ? {} : { input }) });
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
 * The source files one run of `tdd-kernel <args>` loaded, in `repo`, as paths from dist/ (`../src/fast.ts`,
 * `../../core/src/stdio.ts`), and the other files it loaded (packages in node_modules) by path. The CLI
 * is an ES module bundle split in chunks, and loading a chunk runs the top level of every module in it:
 * which chunks a run loaded is read from V8's coverage, and which modules each holds from the comments
 * esbuild writes before each module's code.
 */
export function loadedSources(repo: TempRepo, args: string[], input = ''): string[] {
  const coverage = path.join(repo.dir, '.git', 'coverage');
  rmSync(coverage, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: repo.dir, input, encoding: 'utf8', env: { ...process.env, NODE_V8_COVERAGE: coverage } });
  if (r.status === 1) throw new Error(`tdd-kernel ${args.join(' ')} failed: ${r.stderr}`);
  const sources = new Set<string>();
  for (const name of readdirSync(coverage)) {
    const { result } = JSON.parse(readFileSync(path.join(coverage, name), 'utf8')) as { result: Array<{ url: string }> };
    for (const { url } of result) {
      if (!url.startsWith('file:')) continue;
      const file = fileURLToPath(url);
      if (path.dirname(file) !== DIST) sources.add(file);
      else for (const [, module] of readFileSync(file, 'utf8').matchAll(/^\/\/ (\S+\.[cm]?[jt]s)$/gm)) sources.add(path.relative(DIST, path.resolve(DIST, '..', module!)));
    }
  }
  return [...sources].sort();
}

/** What the hot path must not load: commander, zod and the config loader. */
export const HEAVY_MODULES = /\/node_modules\/(?:commander|zod|lilconfig)\//;

/** A JSON file as an agent's settings are written (two-space indent, final newline), its directories made. */
export function writeJson(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** A list of directories removed after each test of the calling file (a fake HOME, an agent's config dir). */
export function removedAfterEach(): string[] {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return dirs;
}

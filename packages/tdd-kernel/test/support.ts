// Temp projects with real runners for the integration tests: git repos whose node_modules link to the
// workspace's own vitest / jest, so the tests need no network and work from a clean clone.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_CACHE_WRAPPER_PREFIX } from '@adlc/core/light';
import { makeTempRepo, runCli, type FileTree, type TempRepo } from '@adlc/core/testkit';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The bin (package.json `bin`). */
export const BIN = path.resolve(here, '../dist/cli.cjs');
/** The bin's earlier path, which hooks written by an earlier `init` still name. */
export const OLD_BIN = path.resolve(here, '../dist/cli.js');

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
 * The source files whose code one run of `tdd-kernel <args>` executed, in `repo`. The bin is two bundled,
 * minified CommonJS files (tsup.tool.config.ts) whose modules each run on first use, so what a run loads
 * is what it executes: read from V8's coverage (every function that ran) and mapped back to its source
 * through the bundle's source map. Sources are as the map names them (`../src/fast.ts`,
 * `../../../node_modules/.pnpm/commander@14.0.3/...`); other files that ran (the bundles themselves, core's vendor
 * bundles) by path.
 */
export function loadedSources(repo: TempRepo, args: string[], input = ''): string[] {
  const coverage = path.join(repo.dir, '.git', 'coverage');
  rmSync(coverage, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: repo.dir, input, encoding: 'utf8', env: { ...process.env, NODE_V8_COVERAGE: coverage } });
  if (r.status === 1) throw new Error(`tdd-kernel ${args.join(' ')} failed: ${r.stderr}`);
  const sources = new Set<string>();
  for (const name of readdirSync(coverage)) {
    const { result } = JSON.parse(readFileSync(path.join(coverage, name), 'utf8')) as { result: ScriptCoverage[] };
    for (const script of result) {
      const file = script.url.startsWith('file:') ? fileURLToPath(script.url) : script.url;
      const ran = script.functions.filter((f) => f.ranges[0]!.count > 0).map((f) => f.ranges[0]!.startOffset);
      // The full CLI is compiled by requireWithCodeCache inside a CommonJS wrapper: its offsets count the wrapper.
      const shift = file === MAIN ? CODE_CACHE_WRAPPER_PREFIX.length : 0;
      if (BUNDLES.includes(file) && ran.length > 0) for (const source of [file, ...sourcesAt(file, ran.map((offset) => offset - shift))]) sources.add(source);
      else if (path.isAbsolute(file) && ran.length > 0) sources.add(file);
    }
  }
  return [...sources].sort();
}

interface ScriptCoverage {
  url: string;
  functions: Array<{ ranges: Array<{ startOffset: number; count: number }> }>;
}

/** The bin's two minified files: the launcher with the hot commands, and the full CLI. */
export const MAIN = path.resolve(here, '../dist/cli-main.cjs');
const BUNDLES = [BIN, MAIN];

/** The original sources of a bundle's code at these offsets, through its source map. */
function sourcesAt(bundle: string, offsets: number[]): string[] {
  const code = readFileSync(bundle, 'utf8');
  const map = new SourceMap(JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  const lineStarts = [0];
  for (let i = code.indexOf('\n'); i !== -1; i = code.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  return offsets.map((offset) => {
    let line = lineStarts.length - 1;
    while (lineStarts[line]! > offset) line--;
    const entry = map.findEntry(line, offset - lineStarts[line]!) as { originalSource?: string };
    return entry.originalSource ?? '';
  }).filter((source) => source !== '');
}

/** What the hot path must not run: commander (inlined) and core's zod bundle. */
export const HEAVY_MODULES = /node_modules\/(?:\.pnpm\/commander@[^/]+\/node_modules\/)?commander\/|\/vendor\/zod\.cjs$/;

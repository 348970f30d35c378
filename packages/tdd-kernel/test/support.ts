// Temp projects with real runners for the integration tests: git repos whose node_modules link to the
// workspace's own vitest / jest, so the tests need no network and work from a clean clone.

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
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

// Packs core and the three tools once for the whole actions suite (the workspace is already
// built), the way the actions install them: `pnpm pack` tarballs, `npm install`ed by install.mjs.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    tarballsDir: string;
  }
}

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const PACKAGES = ['core', 'localize', 'consensus-synthesis', 'review-calibration', 'consensus-fix'];

export default function setup(project: TestProject): () => void {
  for (const name of PACKAGES) {
    const built = join(ROOT, 'packages', name, 'dist', 'index.js');
    if (!existsSync(built)) throw new Error(`build the workspace first (npx -y pnpm@10 run build): ${built} is missing`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'adlc-actions-tarballs-'));
  const filters = PACKAGES.flatMap((name) => ['--filter', `@adlc/${name}`]);
  execFileSync('npx', ['-y', 'pnpm@10', ...filters, 'pack', '--pack-destination', dir], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  project.provide('tarballsDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}

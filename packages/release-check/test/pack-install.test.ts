// The packed tarballs install anywhere: scripts/pack-install.mjs packs every package, installs the
// tarballs with plain npm into an empty project and runs every CLI under Node 20, 22, 24 and 26. Its
// pure checks of a packed manifest are tested here one case a line.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTargets, importedPackages, manifestProblems, publishedPackages, undeclaredImports, type Manifest } from '../../../scripts/pack-install.mjs';
import { ROOT } from './helpers.js';

const base: Manifest = { name: '@adlc/x', version: '1.0.0', bin: { x: './dist/cli.js' }, exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' }, './schemas/*': './schemas/*' }, dependencies: { zod: '^4' } };
const files = new Set(['dist/cli.js', 'dist/index.js', 'dist/index.d.ts', 'schemas/output.json', 'package.json']);

describe('manifestProblems', () => {
  it.each([
    ['a clean manifest', base, []],
    ['a workspace: specifier left in', { ...base, dependencies: { '@adlc/core': 'workspace:^' } }, ['dependencies.@adlc/core is still "workspace:^"']],
    ['a source condition pointing at unpacked src', { ...base, exports: { '.': { source: './src/index.ts', import: './dist/index.js' } } }, ['exports target ./src/index.ts is not in the tarball']],
    ['a wildcard export with no file under it', { ...base, exports: { './docs/*': './docs/*' } }, ['exports target ./docs/* is not in the tarball']],
    ['a bin that is not packed', { ...base, bin: { y: './bin/y.js' } }, ['bin y (./bin/y.js) is not in the tarball']],
    ['types that are not packed', { ...base, types: './dist/other.d.ts' }, ['types ./dist/other.d.ts is not in the tarball']],
  ] as Array<[string, Manifest, string[]]>)('%s', (_what, manifest, expected) => {
    expect(manifestProblems(manifest, files)).toEqual(expected);
  });

  it('reads every condition of a nested exports map', () => {
    expect(exportTargets({ '.': { node: { import: './a.js', types: './a.d.ts' } }, './b': './b.js' })).toEqual(['./a.js', './a.d.ts', './b.js']);
  });
});

describe('undeclared imports', () => {
  it.each([
    ['import { z } from "zod";', ['zod']],
    ['const m = await import("@anthropic-ai/sdk/core");', ['@anthropic-ai/sdk']],
    ['import "node:fs"; import fs from "fs"; export * from "./chunk.js";', []],
    ['const text = `import ${quote(name)}`;', []],
  ])('%s', (source, expected) => {
    expect([...importedPackages(source)]).toEqual(expected);
  });

  it('names packages imported but only declared as devDependencies, or not at all', () => {
    const manifest: Manifest = { ...base, devDependencies: { picomatch: '^4' } };
    expect(undeclaredImports(manifest, ['import { z } from "zod";', 'import pm from "picomatch"; import "@adlc/x/schemas";', 'import("left-pad")'])).toEqual(['left-pad', 'picomatch']);
  });
});

describe('pnpm pack, npm install, every CLI under Node 20, 22, 24 and 26', () => {
  it('lists the published packages (not the private ones)', () => {
    expect(publishedPackages(ROOT).map((p) => p.manifest.name).sort()).toEqual(['@adlc/consensus-fix', '@adlc/consensus-synthesis', '@adlc/core', '@adlc/localize', '@adlc/mcp', '@adlc/review-calibration', '@adlc/tdd-kernel']);
  });

  it('scripts/pack-install.mjs passes', () => {
    const result = spawnSync(process.execPath, [join(ROOT, 'scripts', 'pack-install.mjs')], { cwd: ROOT, encoding: 'utf8', timeout: 14 * 60_000 });
    // Its per-step timings, for whoever reads the test log.
    process.stderr.write(result.stderr);
    expect(result.status, result.stderr).toBe(0);
  }, 15 * 60_000);
});

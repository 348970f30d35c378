// The root README's promise: after `npx -y pnpm@10 install` every published CLI is on the root's
// node_modules/.bin, so `npx <cli>` in the checkout runs ours. A CLI missing there sends npx to the
// npm registry for a package of that name.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { manifest, packageDir, ROOT } from './helpers.js';

/** Every bin of every published package, with the package it belongs to. */
function publishedBins(): Array<{ pkg: string; bin: string }> {
  return readdirSync(join(ROOT, 'packages'))
    .filter((folder) => existsSync(join(packageDir(folder), 'package.json')) && !manifest(folder).private)
    .flatMap((folder) => {
      const { name, bin } = JSON.parse(readFileSync(join(packageDir(folder), 'package.json'), 'utf8')) as { name: string; bin?: Record<string, string> };
      return Object.keys(bin ?? {}).map((command) => ({ pkg: name, bin: command }));
    });
}

describe('the root node_modules/.bin', () => {
  const bins = publishedBins();

  it('lists adlc-mcp among the published bins (the walk-through that found it missing)', () => {
    expect(bins.map((b) => b.bin)).toContain('adlc-mcp');
  });

  it.each(bins)('$bin ($pkg) is a root dev dependency and runs from the root', ({ pkg, bin }) => {
    const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(root.devDependencies[pkg], `add "${pkg}": "workspace:*" to the root package.json`).toBe('workspace:*');
    const linked = join(ROOT, 'node_modules', '.bin', bin);
    expect(existsSync(linked), `${linked} is missing: run npx -y pnpm@10 install`).toBe(true);
    // The shim pnpm wrote, run as npx runs it.
    const result = spawnSync(linked, ['--version'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

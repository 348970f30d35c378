// The bin is a small CommonJS launcher (src/bin.ts, dist/cli.cjs) that loads the CLI, one bundle with
// core and commander inlined (dist/cli-main.cjs), through V8's code cache (tsup.tool.config.ts).

import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { expect, it } from 'vitest';
import { BIN } from './support.js';

it('the bin requires only Node built-ins, carries no flag of the CLI, and loads dist/cli-main.cjs, which declares them', () => {
  const launcher = readFileSync(BIN, 'utf8');
  const required = [...launcher.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
  expect(required.filter((spec) => !isBuiltin(spec))).toEqual([]);
  expect(launcher).toContain('cli-main.cjs');
  expect(launcher).not.toContain('--fail-on');
  expect(readFileSync(path.join(path.dirname(BIN), 'cli-main.cjs'), 'utf8')).toContain('--fail-on');
});

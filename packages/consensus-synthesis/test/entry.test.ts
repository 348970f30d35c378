// The built entry loads only what declaring the flags needs, so --help starts fast: one bundle with
// core's CLI part and commander inlined (tsup.tool.config.ts); the command module is imported lazily.

import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { expect, it } from 'vitest';
import { BIN } from './support.js';

it('the built cli.js statically imports only Node built-ins and its own chunks', () => {
  const source = readFileSync(BIN, 'utf8');
  const staticImports = [...source.matchAll(/^import\s[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]);
  expect(staticImports.filter((spec) => !spec!.startsWith('./') && !isBuiltin(spec!))).toEqual([]);
  expect(source).toMatch(/await import\(["']\.\/cli-lazy-/);
});

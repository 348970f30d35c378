// The built entry loads only what declaring the flags needs, so --help starts fast: core's
// zod-free `@adlc/core/cli` and commander; the command module is imported lazily.

import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { BIN } from './support.js';

it('the built cli.js statically imports only @adlc/core/cli and commander', () => {
  const source = readFileSync(BIN, 'utf8');
  const staticImports = [...source.matchAll(/^import\s[^;]*?from\s+["']([^"']+)["']/gm)].map((m) => m[1]);
  expect(staticImports.sort()).toEqual(['@adlc/core/cli', 'commander']);
  expect(source).toMatch(/await import\(["']\.\/run/);
});

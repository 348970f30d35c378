// A long module (over 300 lines, so `auto` asks for edits) with a one-line bug in the middle: many
// small helpers around `parsePort`, whose upper bound refuses 65535. ESM for runs with --files (the
// bug throws, so its frame names the line), CommonJS for localization (a wrong value, no throw).

import type { FileTree } from '@adlc/testkit';

export const BUGGY_LINE = '  if (port < 1 || port >= 65535) {';
export const FIXED_LINE = '  if (port < 1 || port > 65535) {';
const HELPERS = 60; // 5 lines each, half before parsePort, half after

function helpers(from: number, to: number, exported: string): string {
  let out = '';
  for (let i = from; i < to; i++) out += `${exported}function helper${i}(x) {\n  const y = x + ${i};\n  return y;\n}\n\n`;
  return out;
}

function parsePort(exported: string, onBad: 'throw' | 'zero'): string {
  const bad = onBad === 'throw' ? '    throw new RangeError(`port out of range: ${text}`);' : '    return 0;';
  return `${exported}function parsePort(text) {\n  const port = Number(text);\n${BUGGY_LINE}\n${bad}\n  }\n  return port;\n}\n\n`;
}

/** The module's text; `fixed` swaps the one line. */
export function bigModule(kind: 'esm' | 'cjs', fixed = false): string {
  const exported = kind === 'esm' ? 'export ' : '';
  const onBad = kind === 'esm' ? 'throw' : 'zero';
  let text = `// Many small helpers, and a port parser.\n\n${helpers(0, HELPERS / 2, exported)}${parsePort(exported, onBad)}${helpers(HELPERS / 2, HELPERS, exported)}`;
  if (kind === 'cjs') text += `module.exports = { parsePort, ${Array.from({ length: HELPERS }, (_, i) => `helper${i}`).join(', ')} };\n`;
  return fixed ? text.replace(BUGGY_LINE, FIXED_LINE) : text;
}

/** The line of the bug in the module (1-based). */
export const BUG_LINE_NUMBER = bigModule('esm').split('\n').indexOf(BUGGY_LINE) + 1;

export const BIG_REPRO = 'node test/port-repro.mjs';
export const BIG_RAILS = 'node test/port-rails.mjs';

export const ESM_FILES: FileTree = {
  'package.json': '{ "type": "module" }\n',
  'src/big.mjs': bigModule('esm'),
  'test/port-repro.mjs': `import { parsePort } from '../src/big.mjs';\nconst got = parsePort('65535');\nif (got !== 65535) {\n  console.error('parsePort("65535") should be 65535, got ' + got);\n  process.exit(1);\n}\nconsole.log('ok');\n`,
  'test/port-rails.mjs': `import { parsePort, helper3 } from '../src/big.mjs';\nlet bad = 0;\nif (parsePort('80') !== 80) bad++;\ntry { parsePort('65536'); bad++; } catch {}\nif (helper3(1) !== 4) bad++;\nif (bad) { console.error('not ok: ' + bad); process.exit(1); }\nconsole.log('all ok');\n`,
};

export const CJS_FILES: FileTree = {
  'package.json': JSON.stringify({ name: 'ports', version: '1.0.0', main: 'index.js' }) + '\n',
  'index.js': "module.exports = require('./lib/ports');\n",
  'lib/ports.js': bigModule('cjs'),
  'test/port.test.js': "const assert = require('node:assert/strict');\nconst { test } = require('node:test');\nconst { parsePort } = require('..');\n\ntest('the highest port parses', () => {\n  assert.equal(parsePort('65535'), 65535);\n});\n",
};

/** A `replace` answer: one or more files, each with its edits as [search, replace] pairs. */
export function edits(...files: Array<[string, ...Array<[string, string]>]>): string {
  return JSON.stringify({ changes: files.map(([file, ...pairs]) => ({ file, edits: pairs.map(([search, replace]) => ({ search, replace })) })) });
}

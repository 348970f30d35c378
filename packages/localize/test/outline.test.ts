// File outlines for a model picking among ranked files: exported names with their signatures (ES
// modules, CommonJS, Python) and the functions around the lines the failing run executed. Pure, with
// the real TypeScript parser.

import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { outlineFile, outlineFiles, renderOutline } from '../src/outline/outline.js';

const esm = `import { x } from './x.js';
export const LIMIT = 10;
export function parse(text, { strict = false } = {}) {
  return text.split(',');
}
const helper = (a, b) => a + b;
export class Parser {
  run() { return 1; }
}
export { helper as add };
export default function main(argv) {
  return helper(1, 2);
}
`;

const cjs = `'use strict';
const DEFAULTS = { sep: ',' };
function parseTags(text, opts) {
  return text.split(opts.sep);
}
exports.slug = function (name) { return name.toLowerCase(); };
module.exports.VERSION = '1';
module.exports = { parseTags, normalize: (t) => t.trim(), DEFAULTS };
`;

const py = `import re

PATTERN = re.compile(r"x")

def parse(text, strict=False):
    return text.split(",")

def _private(a):
    return a

class Reader:
    def read(self):
        return 1
`;

describe('outlineFile', () => {
  it('ES modules: declarations, re-exports under another name, the default export; executed lines map to their innermost function', () => {
    const o = outlineFile({ file: 'src/parse.js', text: esm, executedLines: [4, 12, 2] }, ts);
    expect(o.exports.map((e) => [e.signature, e.line])).toEqual([
      ['LIMIT', 2],
      ['parse(text, { strict = false } = {})', 3],
      ['class Parser', 7],
      ['add(a, b)', 6],
      ['main(argv)', 11],
    ]);
    expect(o.exports.at(-1)!.name).toBe('default main');
    expect(o.executed).toEqual([
      { name: 'parse', start: 3, end: 5 },
      { name: 'main', start: 11, end: 13 },
    ]);
    expect(o.lines).toEqual([2]);
    expect(o.lineCount).toBe(13);
  });

  it('CommonJS: module.exports of an object (shorthand, arrow, value) and exports.x assignments', () => {
    const o = outlineFile({ file: 'lib/tags.js', text: cjs, executedLines: [4] }, ts);
    expect(o.exports.map((e) => e.signature)).toEqual(['slug(name)', 'VERSION', 'parseTags(text, opts)', 'normalize(t)', 'DEFAULTS']);
    expect(o.executed).toEqual([{ name: 'parseTags', start: 3, end: 5 }]);
  });

  it('Python: public top-level def and class; every def is a function for the executed lines', () => {
    const o = outlineFile({ file: 'pkg/parse.py', text: py, executedLines: [6, 13] }, undefined);
    expect(o.exports.map((e) => e.signature)).toEqual(['parse(text, strict=False)', 'class Reader']);
    expect(o.executed).toEqual([
      { name: 'parse', start: 5, end: 6 },
      { name: 'read', start: 12, end: 13 },
    ]);
  });

  it('renders path, exports and what ran; loads the parser itself for JS/TS', async () => {
    const [o] = await outlineFiles([{ file: 'lib/tags.js', text: cjs, executedLines: [4, 2] }]);
    expect(renderOutline(o!)).toBe(
      'file: lib/tags.js (8 lines)\n' +
        'exports: slug(name) [line 6]; VERSION [line 7]; parseTags(text, opts) [line 3]; normalize(t) [line 8]; DEFAULTS [line 2]\n' +
        'the failing run executed: parseTags (lines 3-5); module-level lines 2',
    );
    expect(renderOutline(outlineFile({ file: 'data.txt', text: 'x\n', executedLines: [] }, undefined))).toContain('exports: (none found)');
  });
});

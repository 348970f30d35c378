// The span selection, the functions it widens a suspect line to, the suspect lines themselves and
// how a sliced file is shown, by tables.

import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { suspectLines } from '../src/edits/anchors.js';
import { functionRanges, pythonFunctions } from '../src/edits/functions.js';
import { showNumbered } from '../src/edits/show.js';
import { enclosingFunction, mergeRange, selectSpans, sliceAround, SPAN_LIMITS, type LineRange } from '../src/edits/spans.js';

const r = (start: number, end: number): LineRange => ({ start, end });

describe('mergeRange', () => {
  it.each([
    [[], r(5, 9), [r(5, 9)]],
    [[r(1, 3)], r(10, 12), [r(1, 3), r(10, 12)]],
    [[r(1, 3)], r(4, 6), [r(1, 6)]], // touching
    [[r(1, 5)], r(3, 9), [r(1, 9)]], // overlapping
    [[r(1, 3), r(10, 12)], r(2, 11), [r(1, 12)]], // bridges two
    [[r(10, 12)], r(1, 3), [r(1, 3), r(10, 12)]], // kept sorted
  ] as const)('%j + %j', (ranges, range, merged) => {
    expect(mergeRange(ranges, range)).toEqual(merged);
  });
});

describe('enclosingFunction and sliceAround', () => {
  const functions = [r(100, 180), r(120, 130), r(1, 900)];
  it.each([
    [125, 200, r(100, 180)], // the largest that fits, not the innermost
    [125, 50, r(120, 130)], // the outer one is too long: the inner one
    [125, 5, null], // none fits
    [50, 200, null], // only the module wrapper holds it
    [100, 200, r(100, 180)], // its first line
  ] as const)('line %i, functions of at most %i lines -> %j', (line, max, expected) => {
    expect(enclosingFunction(line, functions, max)).toEqual(expected);
  });

  it('counts a function by its code, not its documentation, and shows both', () => {
    // lodash's `template`: 110 lines of code below 100 lines of JSDoc, inside the library's 17,000-line wrapper.
    const documented = [{ start: 14690, codeStart: 14796, end: 14905 }, r(1, 17000)];
    expect(enclosingFunction(14868, documented, 200)).toEqual(r(14690, 14905));
    expect(sliceAround(14796, { file: 'lodash.js', lineCount: 17161, functions: documented })).toEqual(r(14630, 14965));
    expect(enclosingFunction(14868, [{ start: 14690, codeStart: 14696, end: 14905 }], 200)).toBeNull(); // 210 lines of code
  });

  it.each([
    [125, 1000, r(40, 240)], // the function, 60 lines either side
    [50, 1000, r(1, 110)], // no function: the line, clipped at the top
    [990, 1000, r(930, 1000)], // clipped at the bottom
  ] as const)('line %i of %i lines -> %j', (line, lineCount, expected) => {
    expect(sliceAround(line, { file: 'f.js', lineCount, functions })).toEqual(expected);
  });
});

describe('selectSpans', () => {
  const big = (file: string, lineCount = 2000, functions: LineRange[] = []) => ({ file, lineCount, functions });
  const at = (file: string, ...lines: number[]) => lines.map((line) => ({ file, line }));

  it.each([
    ['a short file is shown whole, whatever points into it', [big('a.js', 300)], at('a.js', 10), [{ file: 'a.js', whole: true }]],
    ['a long file without suspect lines is shown whole', [big('a.js')], [], [{ file: 'a.js', whole: true }]],
    ['one suspect line: one slice', [big('a.js')], at('a.js', 1000), [{ file: 'a.js', whole: false, slices: [r(940, 1060)] }]],
    ['near lines merge into one slice', [big('a.js')], at('a.js', 1000, 1100), [{ file: 'a.js', whole: false, slices: [r(940, 1160)] }]],
    ['far lines make two slices, in file order', [big('a.js')], at('a.js', 1500, 200), [{ file: 'a.js', whole: false, slices: [r(140, 260), r(1440, 1560)] }]],
    ['a suspect line widens to its function', [big('a.js', 2000, [r(900, 1050)])], at('a.js', 1000), [{ file: 'a.js', whole: false, slices: [r(840, 1110)] }]],
    ['slices covering the whole file: shown whole', [big('a.js', 320)], at('a.js', 60, 160, 260), [{ file: 'a.js', whole: true }]],
    ['lines outside the file and unknown files are ignored', [big('a.js')], [...at('a.js', 0, 5000), ...at('b.js', 10)], [{ file: 'a.js', whole: true }]],
  ] as const)('%s', (_name, files, anchors, expected) => {
    expect(selectSpans(files, anchors)).toEqual(expected);
  });

  it('shows the other called functions while the sliced files stay within the line budget', () => {
    const called = (file: string, ...lines: number[]) => lines.map((line) => ({ file, line, called: true }));
    const limits = { ...SPAN_LIMITS, calledLines: 400 };
    // 1000 (a frame) takes 940-1060; 3000 (called) adds 121 lines; 1100 (called) merges, 100 more;
    // 4000 (called) would pass 400 and is left out; 5000 (not called: a frame) is taken regardless.
    const views = selectSpans([big('a.js', 6000)], [...at('a.js', 1000), ...called('a.js', 3000, 1100, 4000), ...at('a.js', 5000)], limits);
    expect(views).toEqual([{ file: 'a.js', whole: false, slices: [r(940, 1160), r(2940, 3060), r(4940, 5060)] }]);
  });

  it('takes at most 12 slices in all, the first anchors first; a line inside a shown slice still counts', () => {
    const lines = Array.from({ length: 20 }, (_, i) => 200 + i * 200); // 20 far-apart lines
    const views = selectSpans([big('a.js', 5000), big('b.js', 5000)], [...at('a.js', ...lines.slice(0, 8)), ...at('b.js', ...lines.slice(0, 8)), ...at('a.js', 210)]);
    const slices = views.flatMap((v) => (v.whole ? [] : v.slices));
    expect(slices).toHaveLength(SPAN_LIMITS.maxSlices);
    expect(views[0]).toMatchObject({ whole: false });
    expect((views[0] as { slices: LineRange[] }).slices).toHaveLength(8);
    expect((views[0] as { slices: LineRange[] }).slices[0]).toEqual(r(140, 270)); // 210 merged into 200's slice
    expect((views[1] as { slices: LineRange[] }).slices.map((s) => s.start)).toEqual([140, 340, 540, 740]);
  });
});

describe('functionRanges', () => {
  it('finds JS/TS functions, methods and arrows (with their JSDoc) through the compiler', () => {
    const text = ['const x = 1;', '', '/** Adds. */', 'function add(a, b) {', '  return a + b;', '}', 'class C {', '  m() {', '    return [1].map((v) => v + 1);', '  }', '}', ''].join('\n');
    expect(functionRanges('lib/a.ts', text, ts)).toEqual([{ ...r(3, 6), codeStart: 4 }, r(8, 10), r(9, 9)]);
    expect(functionRanges('lib/a.js', text, undefined)).toEqual([]);
    expect(functionRanges('lib/a.rb', text, ts)).toEqual([]);
  });

  it.each([
    ['one def', 'def f(x):\n    return x\n', [r(1, 2)]],
    ['blank lines inside, the next top-level line ends it', 'def f(x):\n    y = x\n\n    return y\nz = 1\n', [r(1, 4)]],
    ['decorated method in a class', 'class A:\n    @property\n    def f(self):\n        return 1\n\n    def g(self):\n        pass\n', [r(2, 4), r(6, 7)]],
    ['async def and a nested def', 'async def f():\n    def g():\n        return 1\n    return g\n', [r(1, 4), r(2, 3)]],
  ] as const)('python: %s', (_name, text, expected) => {
    expect(pythonFunctions(text)).toEqual(expected);
  });
});

describe('suspectLines', () => {
  const root = '/repo';
  it('frames of the output in the allowed files, nearest the failure first, then the localized functions', () => {
    const output = ['Error: boom', '    at parse (/repo/lib/parse.js:940:11)', '    at run (/repo/lib/index.js:12:3)', '    at Object.<anonymous> (/repo/test/a.test.js:5:1)', '    at dep (/repo/node_modules/x/i.js:1:1)'].join('\n');
    const localization = {
      tookMs: 1,
      files: [
        { file: 'lib/parse.js', score: 9, evidence: { frames: [{ line: 940, depth: 0 }], functions: [{ name: 'push', line: 900, ochiai: 3 }, { name: 'parse', line: 20, ochiai: 1 }] } },
        { file: 'lib/index.js', score: 2, evidence: { functions: [{ name: 'run', line: 10, ochiai: 1 }] } },
      ],
    };
    const anchors = suspectLines({ output, root, cwd: root, files: ['lib/parse.js', 'lib/index.js'], localization });
    expect(anchors).toEqual([
      { file: 'lib/parse.js', line: 940 },
      { file: 'lib/index.js', line: 12 },
      { file: 'lib/parse.js', line: 900 },
      { file: 'lib/parse.js', line: 20 },
      { file: 'lib/index.js', line: 10 },
    ]);
    expect(suspectLines({ output, root, cwd: root, files: ['lib/index.js'] })).toEqual([{ file: 'lib/index.js', line: 12 }]);
    // Every other function the failing run called comes last, best file first, marked as such; one
    // the evidence already named is not repeated.
    const calledFunctions = new Map([
      ['lib/parse.js', [900, 300, 20, 700]],
      ['lib/index.js', [10, 40]],
    ]);
    expect(suspectLines({ output, root, cwd: root, files: ['lib/parse.js', 'lib/index.js'], localization, calledFunctions }).slice(5)).toEqual([
      { file: 'lib/parse.js', line: 300, called: true },
      { file: 'lib/parse.js', line: 700, called: true },
      { file: 'lib/index.js', line: 40, called: true },
    ]);
  });
});

describe('showNumbered', () => {
  const content = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
  it.each([
    ['whole', undefined, ['=== FILE: a.js (12 lines) ===', ' 1 | line 1', ' 9 | line 9', '12 | line 12', '=== END FILE: a.js ===']],
    ['slices and the gaps between them', [r(3, 4), r(10, 10)], ['=== FILE: a.js (12 lines; showing 3-4, 10-10) ===', '... (lines 1-2 not shown) ...', ' 3 | line 3', ' 4 | line 4', '... (lines 5-9 not shown) ...', '10 | line 10', '... (lines 11-12 not shown) ...', '=== END FILE: a.js ===']],
  ] as const)('%s', (_name, slices, expected) => {
    const shown = showNumbered({ file: 'a.js', content, slices });
    expect(shown.split('\n').filter((l) => expected.includes(l as never))).toEqual(expected);
    if (slices) expect(shown).not.toContain('line 7');
  });

  it('a file that does not exist yet', () => {
    expect(showNumbered({ file: 'n.js', content: null })).toContain('does not exist yet');
  });
});

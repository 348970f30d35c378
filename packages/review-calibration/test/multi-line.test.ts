import { describe, expect, it } from 'vitest';
import { applyPlants } from '../src/plants/apply.js';
import { checkModelPlant } from '../src/plants/check-model-plant.js';
import { locatePlant } from '../src/review/locate.js';
import type { Plant } from '../src/types.js';

const CODE = 'function f(a, b) {\r\n  if (a < b) {\r\n    return a;\r\n  }\r\n  return b;\r\n}\r\n';
const two: Plant = {
  id: 'src/f.js:2:9:model-1', file: 'src/f.js', line: 2, endLine: 3, source: 'model', column: 9, endColumn: 14,
  replacement: '', original: '  if (a < b) {\n    return a;', mutated: '  if (a > b) {\n    return b;', category: 'return-value',
  operator: 'model', description: 'returns the larger', language: 'javascript',
};

describe('multi-line plants', () => {
  it('apply line by line, keeping every line break (CRLF here) and line number', () => {
    expect(applyPlants(CODE, [two])).toBe('function f(a, b) {\r\n  if (a > b) {\r\n    return b;\r\n  }\r\n  return b;\r\n}\r\n');
    expect(() => applyPlants(CODE.replace('return a', 'return c'), [two])).toThrow('no longer applies');
  });

  const finding = (line: number) => ({ index: 0, file: 'f.js', line, description: 'x' });
  const cases: Array<[number, boolean]> = [[1, true], [2, true], [3, true], [6, true], [7, false], [10, false]];
  it.each(cases)('a finding on line %i locates lines 2-3 (±3): %s', (line, located) => {
    expect(locatePlant(finding(line), [two]) !== null).toBe(located);
  });

  it('a model edit becomes a plant on the lines it changes, unchanged lines at either end trimmed', async () => {
    const targets = new Map([['src/f.js', CODE]]);
    const checked = await checkModelPlant({ file: './src/f.js', search: 'a < b) {\n    return a;\n  }', replace: 'a <= b) {\n    return a;\n  }', category: 'off-by-one', description: 'd' }, 0, targets);
    expect(checked).toMatchObject({ ok: true, plant: { file: 'src/f.js', line: 2, original: '  if (a < b) {', mutated: '  if (a <= b) {', column: 10, source: 'model' } });
    expect(checked.ok ? checked.plant.endLine : 'not ok').toBeUndefined();
    const comment = await checkModelPlant({ file: 'src/f.js', search: '  return b;', replace: '  return b; // the rest', category: 'off-by-one', description: 'd' }, 1, targets);
    expect(comment).toEqual({ ok: false, reason: 'the edit changes only comments or layout' });
    const absolute = await checkModelPlant({ file: '/etc/passwd', search: 'x', replace: 'y', category: 'security', description: 'd' }, 2, targets);
    expect(absolute.ok).toBe(false);
  });

  it.each([
    ['src/Button.stories.js', 'src/Button.stories.js is a fixture, test helper, story or benchmark: no plant belongs there'],
    ['src/F.TEST.js', 'src/F.TEST.js is a test file'],
  ])('a model plant in %s is refused, even when it is a target', async (file, reason) => {
    const checked = await checkModelPlant({ file, search: 'a < b', replace: 'a <= b', category: 'off-by-one', description: 'd' }, 0, new Map([[file, CODE]]));
    expect(checked).toEqual({ ok: false, reason });
  });

  const PY = 'def total(values):\n    s = 0\n    for v in values:\n        s += v\n    return s\n';
  const pyCases: Array<[string, string, string, string | null]> = [
    ['a real change', '    for v in values:', '    for v in values[1:]:', null],
    ['two lines, brackets kept', '        s += v\n    return s', '        s -= v\n    return (s)', null],
    ['an unclosed bracket', '    return s', '    return (s', 'the edit unbalances brackets, so the file no longer parses'],
    ['a string left open', '    s = 0', "    s = '''0", 'the edit leaves a string or comment open, so the file no longer parses'],
  ];
  it.each(pyCases)('other languages are lexed as for rule plants (Python): %s', async (_name, search, replace, reason) => {
    const checked = await checkModelPlant({ file: 'lib/total.py', search, replace, category: 'arithmetic', description: 'd' }, 0, new Map([['lib/total.py', PY]]));
    expect(checked.ok ? null : checked.reason).toBe(reason);
  });
});

// The causes of misses on projects nobody tuned the localizer to (issue 23, section 5), each on a
// small real project run by localize(): a bug in a module-level constant, a function destructured
// from require('..') under a name of the test's own, and a module only the import graph reaches.

import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, makeTempRepo, type FileTree, type TempRepo } from '@adlc/testkit';
import { localize, type Localization } from '../src/index.js';

const repos: TempRepo[] = [];
function run(files: FileTree, testCmd: string): Promise<Localization> {
  const r = makeTempRepo({ files, prefix: 'localize-causes-' });
  repos.push(r);
  return localize({ testCmd, cwd: r.dir, maxFiles: 10, env: cleanEnv() as NodeJS.ProcessEnv });
}
afterAll(() => {
  for (const r of repos) r.cleanup();
});
const find = (l: Localization, file: string) => l.files.find((f) => f.file === file);
const top = (l: Localization, k: number) => l.files.slice(0, k).map((f) => f.file);

describe('causes of misses', () => {
  it('a bug in a top-level regular expression: the line that defines it counts where a called function uses it', async () => {
    const l = await run(
      {
        'package.json': '{ "name": "versions", "main": "index.js" }\n',
        'index.js': "const { isValid } = require('./lib/check');\nconst { show } = require('./lib/show');\nmodule.exports = { isValid, show };\n",
        // The bug: no patch number allowed.
        'lib/patterns.js': 'const VERSION = /^\\d+\\.\\d+$/;\nconst NAME = /^[a-z]+$/;\nmodule.exports = { VERSION, NAME };\n',
        'lib/check.js': "const { VERSION } = require('./patterns');\nfunction isValid(text) {\n  const trimmed = String(text).trim();\n  return VERSION.test(trimmed);\n}\nmodule.exports = { isValid };\n",
        'lib/show.js': "function show(version) {\n  return 'v' + version;\n}\nmodule.exports = { show };\n",
        'test/check.test.js':
          "const test = require('node:test');\nconst assert = require('node:assert');\nconst { isValid } = require('..');\ntest('accepts a full version', () => {\n  assert.strictEqual(isValid('1.2.3'), true);\n});\ntest('refuses a word', () => {\n  assert.strictEqual(isValid('abc'), false);\n});\n",
      },
      'node --test test/check.test.js',
    );
    const patterns = find(l, 'lib/patterns.js')!;
    expect(patterns.evidence.coveredLines).toBe(1);
    expect(patterns.evidence.functions).toEqual([expect.objectContaining({ name: 'VERSION', line: 1 })]);
    expect(top(l, 3)).toContain('lib/patterns.js');
  }, 300_000);

  it('a function destructured from require(\'..\') under another name: the test is seen calling it', async () => {
    const l = await run(
      {
        'package.json': '{ "name": "units", "main": "index.js" }\n',
        'index.js': "const { toMeters, toFeet } = require('./lib/convert');\nconst { format } = require('./lib/format');\nmodule.exports = { toMeters, toFeet, format };\n",
        // The bug: toFeet multiplies where it should divide.
        'lib/convert.js': 'const FACTOR = 0.3048;\nfunction toMeters(feet) {\n  return feet * FACTOR;\n}\nfunction toFeet(meters) {\n  return meters * FACTOR;\n}\nmodule.exports = { toMeters, toFeet };\n',
        'lib/format.js': "function format(value, unit) {\n  const rounded = Math.round(value * 100) / 100;\n  return `${rounded} ${unit}`;\n}\nmodule.exports = { format };\n",
        'test/units.test.js':
          "const test = require('node:test');\nconst assert = require('node:assert');\nconst { toFeet: feet, format: show } = require('..');\ntest('meters to feet', () => {\n  assert.strictEqual(show(feet(3.048), 'ft'), '10 ft');\n});\n",
      },
      'node --test test/units.test.js',
    );
    expect(find(l, 'lib/convert.js')!.evidence.testCalls).toEqual([{ name: 'toFeet', hops: 0 }]);
    expect(find(l, 'lib/format.js')!.evidence.testCalls).toEqual([{ name: 'format', hops: 0 }]);
  }, 300_000);

  it('a missing method, no function of the repository runs: the import graph reaches the module four hops away', async () => {
    const l = await run(
      {
        'package.json': '{ "name": "shapes", "main": "index.js" }\n',
        'index.js': "module.exports = require('./lib/models');\n",
        'lib/models/index.js': "module.exports = { ...require('./flat'), ...require('./round') };\n",
        'lib/models/flat.js': "const { Square } = require('./square');\nmodule.exports = { Square };\n",
        'lib/models/round.js': "class Circle {}\nCircle.sides = 0;\nmodule.exports = { Circle };\n",
        // The bug: Square never got its number of sides.
        'lib/models/square.js': 'class Square {}\nmodule.exports = { Square };\n',
        'test/sides.test.js': "const test = require('node:test');\nconst assert = require('node:assert');\nconst shapes = require('..');\ntest('a square has four sides', () => {\n  assert.strictEqual(shapes.Square.sides, 4);\n});\n",
      },
      'node --test test/sides.test.js',
    );
    const square = find(l, 'lib/models/square.js')!;
    expect(square.evidence.graphDistance).toBe(4);
    expect(top(l, 3)).toContain('lib/models/square.js');
  }, 300_000);
});

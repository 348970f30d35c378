// The causes of misses on projects nobody tuned the localizer to (issue 23, section 5), each on a
// small real project run by localize(): a bug in a module-level constant, a function destructured
// from require('..') under a name of the test's own, and a module only the import graph reaches.

import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, makeTempRepo, type FileTree, type TempRepo } from '@adlc/testkit';
import { localize, type Evidence } from '../src/index.js';

interface Cause {
  name: string;
  files: FileTree;
  testCmd: string;
  /** What localize() must have found of each file (each field compared whole). */
  evidence: Record<string, Partial<Evidence>>;
  /** The file the bug is in, when the case asks that it rank in the first three. */
  inTop3?: string;
}

const causes: Cause[] = [
  {
    name: 'a bug in a top-level regular expression: the line that defines it counts where a called function uses it',
    files: {
      'package.json': '{ "name": "versions", "main": "index.js" }\n',
      'index.js': "const { isValid } = require('./lib/check');\nconst { show } = require('./lib/show');\nmodule.exports = { isValid, show };\n",
      // The bug: no patch number allowed.
      'lib/patterns.js': 'const VERSION = /^\\d+\\.\\d+$/;\nconst NAME = /^[a-z]+$/;\nmodule.exports = { VERSION, NAME };\n',
      'lib/check.js': "const { VERSION } = require('./patterns');\nfunction isValid(text) {\n  const trimmed = String(text).trim();\n  return VERSION.test(trimmed);\n}\nmodule.exports = { isValid };\n",
      'lib/show.js': "function show(version) {\n  return 'v' + version;\n}\nmodule.exports = { show };\n",
      'test/check.test.js':
        "const test = require('node:test');\nconst assert = require('node:assert');\nconst { isValid } = require('..');\ntest('accepts a full version', () => {\n  assert.strictEqual(isValid('1.2.3'), true);\n});\ntest('refuses a word', () => {\n  assert.strictEqual(isValid('abc'), false);\n});\n",
    },
    testCmd: 'node --test test/check.test.js',
    evidence: { 'lib/patterns.js': { coveredLines: 1, functions: [expect.objectContaining({ name: 'VERSION', line: 1 })] } },
    inTop3: 'lib/patterns.js',
  },
  {
    name: "a function destructured from require('..') under another name: the test is seen calling it",
    files: {
      'package.json': '{ "name": "units", "main": "index.js" }\n',
      'index.js': "const { toMeters, toFeet } = require('./lib/convert');\nconst { format } = require('./lib/format');\nmodule.exports = { toMeters, toFeet, format };\n",
      // The bug: toFeet multiplies where it should divide.
      'lib/convert.js': 'const FACTOR = 0.3048;\nfunction toMeters(feet) {\n  return feet * FACTOR;\n}\nfunction toFeet(meters) {\n  return meters * FACTOR;\n}\nmodule.exports = { toMeters, toFeet };\n',
      'lib/format.js': "function format(value, unit) {\n  const rounded = Math.round(value * 100) / 100;\n  return `${rounded} ${unit}`;\n}\nmodule.exports = { format };\n",
      'test/units.test.js':
        "const test = require('node:test');\nconst assert = require('node:assert');\nconst { toFeet: feet, format: show } = require('..');\ntest('meters to feet', () => {\n  assert.strictEqual(show(feet(3.048), 'ft'), '10 ft');\n});\n",
    },
    testCmd: 'node --test test/units.test.js',
    evidence: {
      'lib/convert.js': { testCalls: [{ name: 'toFeet', hops: 0 }] },
      'lib/format.js': { testCalls: [{ name: 'format', hops: 0 }] },
    },
  },
  {
    name: 'a missing method, no function of the repository runs: the import graph reaches the module four hops away',
    files: {
      'package.json': '{ "name": "shapes", "main": "index.js" }\n',
      'index.js': "module.exports = require('./lib/models');\n",
      'lib/models/index.js': "module.exports = { ...require('./flat'), ...require('./round') };\n",
      'lib/models/flat.js': "const { Square } = require('./square');\nmodule.exports = { Square };\n",
      'lib/models/round.js': "class Circle {}\nCircle.sides = 0;\nmodule.exports = { Circle };\n",
      // The bug: Square never got its number of sides.
      'lib/models/square.js': 'class Square {}\nmodule.exports = { Square };\n',
      'test/sides.test.js': "const test = require('node:test');\nconst assert = require('node:assert');\nconst shapes = require('..');\ntest('a square has four sides', () => {\n  assert.strictEqual(shapes.Square.sides, 4);\n});\n",
    },
    testCmd: 'node --test test/sides.test.js',
    evidence: { 'lib/models/square.js': { graphDistance: 4 } },
    inTop3: 'lib/models/square.js',
  },
];

const repos: TempRepo[] = [];
afterAll(() => {
  for (const r of repos) r.cleanup();
});

describe('causes of misses', () => {
  for (const { name, files, testCmd, evidence, inTop3 } of causes) {
    it(name, async () => {
      const r = makeTempRepo({ files, prefix: 'localize-causes-' });
      repos.push(r);
      const l = await localize({ testCmd, cwd: r.dir, maxFiles: 10, env: cleanEnv() as NodeJS.ProcessEnv });
      for (const [file, expected] of Object.entries(evidence)) {
        expect(l.files.find((f) => f.file === file)?.evidence, file).toEqual(expect.objectContaining(expected));
      }
      if (inTop3) expect(l.files.slice(0, 3).map((f) => f.file)).toContain(inTop3);
    }, 300_000);
  }
});

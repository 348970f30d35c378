// Writes the runner outputs the report tests read: each case is a small project in a temp dir, run
// with a real runner (node --test, Vitest, Jest and Mocha from the workspace, pytest from PATH), its
// interleaved output and exit code saved here, the temp dir's path replaced by /repo. Run it again
// (`node packages/localize/test/runner-outputs/generate.mjs`) when a runner's output changes.

import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const workspace = path.resolve(here, '../../../..');

/** A runner installed in the workspace (its directory, to link into a project's node_modules). */
export function runnerDir(name) {
  for (const dir of [workspace, path.join(workspace, 'packages/consensus-fix'), path.join(workspace, 'packages/tdd-kernel')]) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
  }
  throw new Error(`${name} is not installed in the workspace`);
}

const SLUG_BUGGY = "export function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n}\n";
const SLUG_THROWS = "const table = undefined;\nexport const ACCENTS = table.map((x) => x);\nexport function slugify(text) {\n  return text;\n}\n";

const NODE_NESTED_TEST = `import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from '../src/slug.mjs';

describe('slugify', () => {
  describe('accents', () => {
    test('drops accents', () => {
      assert.equal(slugify('Crème Brûlée'), 'creme-brulee');
    });
  });
  test('words', async (t) => {
    await t.test('joins words with a dash', () => {
      assert.equal(slugify('a b'), 'a-b');
    });
    await t.test('keeps digits', () => {
      assert.deepEqual({ slug: slugify('Año 2024') }, { slug: 'ano-2024' });
    });
  });
  for (let i = 0; i < 95; i++) {
    test(\`keeps plain word \${i}\`, () => {
      assert.equal(slugify(\`w\${i}\`), \`w\${i}\`);
    });
  }
});
`;

const NODE_SIMPLE_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from '../src/slug.mjs';

test('drops accents', () => {
  assert.equal(slugify('Crème'), 'creme');
});
`;

const VITEST_TEST = `import { describe, expect, it } from 'vitest';
import { slugify } from '../src/slug.mjs';

describe('slugify', () => {
  describe('accents', () => {
    it('drops accents', () => {
      expect(slugify('Crème Brûlée')).toBe('creme-brulee');
    });
  });
  for (let i = 0; i < 30; i++) {
    it(\`keeps plain word \${i}\`, () => {
      expect(slugify(\`w\${i}\`)).toBe(\`w\${i}\`);
    });
  }
});
`;

const SLUG_CJS = "exports.slugify = function slugify(text) {\n  return text.toLowerCase().trim().replace(/\\s+/g, '-');\n};\n";
const SLUG_CJS_THROWS = "const table = undefined;\nexports.ACCENTS = table.map((x) => x);\nexports.slugify = (text) => text;\n";

const JEST_TEST = `const { slugify } = require('../src/slug.js');

describe('slugify', () => {
  describe('accents', () => {
    it('drops accents', () => {
      expect(slugify('Crème Brûlée')).toBe('creme-brulee');
    });
  });
  for (let i = 0; i < 30; i++) {
    it(\`keeps plain word \${i}\`, () => {
      expect(slugify(\`w\${i}\`)).toBe(\`w\${i}\`);
    });
  }
});
`;

const MOCHA_TEST = `import assert from 'node:assert/strict';
import { slugify } from '../src/slug.mjs';

describe('slugify', () => {
  describe('accents', () => {
    it('drops accents', () => {
      assert.equal(slugify('Crème Brûlée'), 'creme-brulee');
    });
  });
  for (let i = 0; i < 30; i++) {
    it(\`keeps plain word \${i}\`, () => {
      assert.equal(slugify(\`w\${i}\`), \`w\${i}\`);
    });
  }
});
`;

const PY_SRC = "def slugify(text):\n    return '-'.join(text.lower().split())\n";
const PY_SRC_THROWS = "TABLE = None\nACCENTS = TABLE['e']\n\ndef slugify(text):\n    return text\n";
const PY_TEST = `from slug import slugify


class TestAccents:
    def test_drops_accents(self):
        assert slugify('Crème Brûlée') == 'creme-brulee'


def test_joins_words():
    assert slugify('a b') == 'a-b'
`;

const esm = { 'package.json': '{ "name": "p", "type": "module" }\n' };
const cjs = { 'package.json': '{ "name": "p" }\n' };
const nodeBuggy = { ...esm, 'src/slug.mjs': SLUG_BUGGY, 'test/slug.test.mjs': NODE_NESTED_TEST };
const nodeThrows = { ...esm, 'src/slug.mjs': SLUG_THROWS, 'test/slug.test.mjs': NODE_SIMPLE_TEST };
const vitestBuggy = { ...esm, 'src/slug.mjs': SLUG_BUGGY, 'test/slug.test.ts': VITEST_TEST };
const jestBuggy = { ...cjs, 'src/slug.js': SLUG_CJS, 'test/slug.test.js': JEST_TEST };
const mochaBuggy = { ...esm, 'src/slug.mjs': SLUG_BUGGY, 'test/slug.test.mjs': MOCHA_TEST };
const pyBuggy = { 'slug.py': PY_SRC, 'test_slug.py': PY_TEST };

const VITEST = 'node node_modules/vitest/vitest.mjs run';
const JEST = 'node node_modules/jest/bin/jest.js';
const MOCHA = 'node node_modules/mocha/bin/mocha.js';
const PYTEST = 'python3 -m pytest -p no:cacheprovider';

/** Each case: its files, its command, the workspace's runners it links, and the classification the tests expect (`kind`). */
export const CASES = {
  'node-tap-nested': { files: nodeBuggy, cmd: 'node --test test/slug.test.mjs', kind: 'tests-failed' },
  'node-spec-nested': { files: nodeBuggy, cmd: 'node --test --test-reporter=spec test/slug.test.mjs', kind: 'tests-failed' },
  'node-junit-nested': { files: nodeBuggy, cmd: 'node --test --test-reporter=junit test/slug.test.mjs', kind: 'tests-failed' },
  'node-import-throws': { files: nodeThrows, cmd: 'node --test test/slug.test.mjs', kind: 'tests-failed' },
  'node-bad-option': { files: nodeBuggy, cmd: 'node --tset test/slug.test.mjs', kind: 'no-test' },
  'node-missing-file': { files: nodeBuggy, cmd: 'node --test test/nope.test.mjs', kind: 'no-test' },
  'node-script-fails': { files: { ...nodeBuggy, 'test/repro.mjs': "import { slugify } from '../src/slug.mjs';\nconst got = slugify('Crème');\nif (got !== 'creme') {\n  console.error(`slugify('Crème') should be 'creme', got '${got}'`);\n  process.exit(1);\n}\n" }, cmd: 'node test/repro.mjs', kind: 'tests-failed' },
  'node-script-throws': { files: { ...nodeThrows, 'test/repro.mjs': "import { slugify } from '../src/slug.mjs';\nconsole.log(slugify('x'));\n" }, cmd: 'node test/repro.mjs', kind: 'tests-failed' },
  'vitest-fail': { files: vitestBuggy, cmd: VITEST, link: ['vitest'], kind: 'tests-failed' },
  'vitest-import-throws': { files: { ...vitestBuggy, 'src/slug.mjs': SLUG_THROWS }, cmd: VITEST, link: ['vitest'], kind: 'tests-failed' },
  'vitest-bad-option': { files: vitestBuggy, cmd: `${VITEST} --tset`, link: ['vitest'], kind: 'no-test' },
  'vitest-no-tests': { files: vitestBuggy, cmd: `${VITEST} test/nope`, link: ['vitest'], kind: 'no-test' },
  'jest-fail': { files: jestBuggy, cmd: JEST, link: ['jest'], kind: 'tests-failed' },
  'jest-import-throws': { files: { ...jestBuggy, 'src/slug.js': SLUG_CJS_THROWS }, cmd: JEST, link: ['jest'], kind: 'tests-failed' },
  'jest-bad-option': { files: jestBuggy, cmd: `${JEST} --tset`, link: ['jest'], kind: 'no-test' },
  'jest-no-tests': { files: jestBuggy, cmd: `${JEST} test/nope`, link: ['jest'], kind: 'no-test' },
  'mocha-fail': { files: mochaBuggy, cmd: `${MOCHA} test/slug.test.mjs`, link: ['mocha'], kind: 'tests-failed' },
  'mocha-import-throws': { files: { ...mochaBuggy, 'src/slug.mjs': SLUG_THROWS }, cmd: `${MOCHA} test/slug.test.mjs`, link: ['mocha'], kind: 'tests-failed' },
  // Mocha ignores an option it does not know, and runs the tests.
  'mocha-unknown-option': { files: mochaBuggy, cmd: `${MOCHA} --tset test/slug.test.mjs`, link: ['mocha'], kind: 'tests-failed' },
  'mocha-no-files': { files: mochaBuggy, cmd: `${MOCHA} test/nope.test.mjs`, link: ['mocha'], kind: 'no-test' },
  'pytest-fail': { files: pyBuggy, cmd: PYTEST, kind: 'tests-failed' },
  'pytest-import-throws': { files: { ...pyBuggy, 'slug.py': PY_SRC_THROWS }, cmd: PYTEST, kind: 'tests-failed' },
  'pytest-bad-option': { files: pyBuggy, cmd: `${PYTEST} --tset`, kind: 'no-test' },
  'pytest-no-tests': { files: pyBuggy, cmd: `${PYTEST} -k nomatch`, kind: 'no-test' },
  'pytest-missing-file': { files: pyBuggy, cmd: `${PYTEST} test_nope.py`, kind: 'no-test' },
  'sh-not-found': { files: esm, cmd: 'nosuch-test-runner test/x.test.mjs', kind: 'no-test' },
  'sh-not-executable': { files: { ...esm, 'test/run.sh': '#!/bin/sh\nexit 1\n' }, cmd: './test/run.sh', kind: 'no-test' },
  'npm-missing-script': { files: esm, cmd: 'npm run tset', kind: 'no-test' },
};

function run(name, c) {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'runner-output-')));
  try {
    for (const [file, text] of Object.entries(c.files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    if (c.files['test/run.sh']) chmodSync(path.join(dir, 'test/run.sh'), 0o644);
    for (const runner of c.link ?? []) {
      mkdirSync(path.join(dir, 'node_modules'), { recursive: true });
      symlinkSync(runnerDir(runner), path.join(dir, 'node_modules', runner));
    }
    // 2>&1: the interleaved output, as runCommand keeps it.
    const r = spawnSync('sh', ['-c', `${c.cmd} 2>&1`], { cwd: dir, encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' } });
    const output = r.stdout.split(dir).join('/repo').split(workspace).join('/workspace');
    writeFileSync(path.join(here, `${name}.txt`), output);
    return { cmd: c.cmd, exitCode: r.status, kind: c.kind };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const only = process.argv.slice(2);
  const indexFile = path.join(here, 'cases.json');
  const index = only.length > 0 && existsSync(indexFile) ? JSON.parse(readFileSync(indexFile, 'utf8')) : {};
  for (const [name, c] of Object.entries(CASES)) {
    if (only.length > 0 && !only.includes(name)) continue;
    index[name] = run(name, c);
    process.stderr.write(`${name}: exit ${index[name].exitCode}\n`);
  }
  writeFileSync(indexFile, `${JSON.stringify(index, null, 2)}\n`);
}

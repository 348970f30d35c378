// A test for code not written yet is red with reason "missing" (claimable for the file that will define
// it); a load failure for another cause stays an error; an id no test has is exit 1, never red.

import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempRepo, type TempRepo } from '@adlc/testkit';
import { ClaimOutputSchema, FlushOutputSchema, RunOutputSchema, StatusOutputSchema } from '../src/index.js';
import { withMissingReds } from '../src/kernel/missing-red.js';
import { missingThing } from '../src/runners/classify-failure.js';
import { nearestIds } from '../src/kernel/nearest-ids.js';
import { hasPytest, kernel, makeProject } from './support.js';

let repo: TempRepo;
afterEach(() => repo?.cleanup());

// Messages as the runners print them (Vitest 4, Jest 30, node --test on Node 20, pytest 9).
const TABLE: Array<[string, string, ReturnType<typeof missingThing>]> = [
  ['vitest: module', "Cannot find module './price.js' imported from /tmp/p/src/nomod.test.ts", { name: './price.js', what: 'module' }],
  ['vitest: export', 'TypeError: (0 , __vite_ssr_import_1__.price) is not a function\n    at /tmp/p/src/noexport.test.ts:3:29', { name: 'price', what: 'name' }],
  ['vite: import', 'Error: Failed to resolve import "./price" from "src/a.test.ts". Does the file exist?', { name: './price', what: 'module' }],
  ['vitest: syntax', 'Transform failed with 1 error:\n\n[PARSE_ERROR] Expected `}` but found `EOF`', null],
  ['jest: module', "● Test suite failed to run\n\n    Cannot find module './price' from 'src/nomod.test.js'", { name: './price', what: 'module' }],
  ['jest: function', 'TypeError: price is not a function\n    at Object.price (/tmp/p/src/noexport.test.js:2:31)', { name: 'price', what: 'name' }],
  ['jest: constructor', 'TypeError: u.Price is not a constructor', { name: 'Price', what: 'name' }],
  ['jest: syntax', '● Test suite failed to run\n\n    Jest encountered an unexpected token', null],
  ['jest: fixture', 'Error: fixture crashed\n    at Object.<anonymous> (/tmp/p/src/fixture.test.js:1:25)', null],
  ['node: esm module', "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/tmp/p/src/price.js' imported from /tmp/p/test/nomod.test.js", { name: '/tmp/p/src/price.js', what: 'module' }],
  ['node: esm export', "SyntaxError: The requested module '../src/util.js' does not provide an export named 'price'", { name: 'price', what: 'name' }],
  ['node: cjs module', "Error: Cannot find module '../src/none.cjs'\nRequire stack:", { name: '../src/none.cjs', what: 'module' }],
  ['node: syntax', 'SyntaxError: Unexpected end of input', null],
  ['pytest: module', "ModuleNotFoundError: No module named 'app.price'", { name: 'app.price', what: 'module' }],
  ['pytest: import name', "ImportError: cannot import name 'price' from 'app.util' (/tmp/p/app/util.py)", { name: 'price', what: 'name' }],
  ['pytest: attribute', "AttributeError: module 'app.util' has no attribute 'price'", { name: 'price', what: 'name' }],
  ['pytest: fixture', 'failed on setup with "RuntimeError: fixture crashed"', null],
  ['go: build', './price_test.go:6:9: undefined: Price', { name: 'Price', what: 'name' }],
  ['assertion', 'AssertionError: expected 100 to be 120', null],
];

describe('what a failure says is missing', () => {
  it.each(TABLE)('%s', (_, message, expected) => {
    expect(missingThing(message)).toEqual(expected);
  });

  it('is red "missing" only when the test file names it (and declares the test when its file did not load)', () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'tdd-kernel-missing-'));
    try {
      mkdirSync(path.join(root, 'test'));
      writeFileSync(path.join(root, 'test/a.test.js'), "import { price } from '../src/price.js';\ntest('prices', () => { price(1); });\n");
      writeFileSync(path.join(root, 'test/deep.test.js'), "import { cart } from '../src/cart.js';\ntest('carts', () => { cart(); });\n");
      const fail = (test_id: string, file: string, failure_kind: 'assertion' | 'error', message: string) => ({ test_id, test_id_source: 'native' as const, file, status: 'fail' as const, failure_kind, message, duration_ms: 0 });
      const out = withMissingReds(
        [
          fail('test/a.test.js::prices', 'test/a.test.js', 'error', "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/r/src/price.js' imported from /r/test/a.test.js"),
          fail('test/a.test.js::nothing', 'test/a.test.js', 'error', "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/r/src/price.js' imported from /r/test/a.test.js"),
          fail('test/deep.test.js::carts', 'test/deep.test.js', 'error', "Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/r/src/tax.js' imported from /r/src/cart.js"),
          fail('test/deep.test.js::carts', 'test/deep.test.js', 'assertion', 'TypeError: helper is not a function'),
          fail('test/a.test.js::prices', 'test/a.test.js', 'assertion', 'TypeError: price is not a function'),
        ],
        root,
      );
      expect(out.map((r) => `${r.failure_kind}/${r.reason ?? ''}`)).toEqual(['assertion/missing', 'error/', 'error/', 'assertion/', 'assertion/missing']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('nearest ids: same file first, then by edit distance', () => {
    expect(nearestIds('src/a.test.ts::price ads tax', ['src/a.test.ts::price adds tax', 'src/b.test.ts::price ads tax', 'src/a.test.ts::total'])).toEqual([
      'src/a.test.ts::price adds tax',
      'src/a.test.ts::total',
      'src/b.test.ts::price ads tax',
    ]);
  });
});

const MISSING_FILES = (ext: 'ts' | 'js', importLine: string) => ({
  [`src/price.test.${ext}`]: `${importLine}\ndescribe('price', () => {\n  it('adds tax', () => {\n    expect(price(100)).toBe(120);\n  });\n});\n`,
  [`src/syntax.test.${ext}`]: `${importLine.replace('price', 'other')}\nit('parses', () => { expect(1).toBe(1) ;\n`,
});

function outcomes(stdout: string) {
  return Object.fromEntries(RunOutputSchema.parse(JSON.parse(stdout)).results.map((r) => [r.test_id, `${r.failure_kind ?? ''}/${r.reason ?? ''}`]));
}

describe('the first step of TDD, on real runners', () => {
  it('vitest: a test of a module not written yet is red missing, claimed for the new file, green after it is written', async () => {
    repo = makeProject('vitest', MISSING_FILES('ts', "import { describe, it, expect } from 'vitest';\nimport { price } from './price.js';"));
    const ID = 'src/price.test.ts::price adds tax';
    const run = await kernel(repo, ['run', ID, 'src/syntax.test.ts::parses', '--json']);
    expect(run.exitCode).toBe(2);
    expect(outcomes(run.stdout)).toEqual({ [ID]: 'assertion/missing', 'src/syntax.test.ts::parses': 'error/' });
    const status = StatusOutputSchema.parse(JSON.parse((await kernel(repo, ['status', '--json'])).stdout));
    expect(status.tests.find((t) => t.test_id === ID)).toMatchObject({ status: 'fail', failure_kind: 'assertion', reason: 'missing' });
    expect(ClaimOutputSchema.parse(JSON.parse((await kernel(repo, ['claim', ID, 'src/price.ts', '--json'])).stdout)).claimed).toBe(true);
    expect(ClaimOutputSchema.parse(JSON.parse((await kernel(repo, ['claim', 'src/syntax.test.ts::parses', 'src/other.ts', '--json'])).stdout)).claimed).toBe(false);
    expect((await kernel(repo, ['check', 'src/price.ts'])).exitCode).toBe(0);
    writeFileSync(path.join(repo.dir, 'src/price.ts'), 'export const price = (n: number) => n * 1.2;\n');
    const flush = FlushOutputSchema.parse(JSON.parse((await kernel(repo, ['flush', '--json'])).stdout));
    expect(flush.kept).toEqual(['src/price.ts']);
  });

  it('vitest: an id no test has is exit 1 with the nearest ids, and nothing is recorded', async () => {
    repo = makeProject('vitest', { 'src/a.test.ts': "import { it, expect } from 'vitest';\nit('adds tax', () => { expect(1).toBe(2); });\n" });
    const out = await kernel(repo, ['run', 'src/a.test.ts::adds tx']);
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toContain('no test with id src/a.test.ts::adds tx; nearest: src/a.test.ts::adds tax');
    const status = await kernel(repo, ['status', '--json']);
    expect(StatusOutputSchema.parse(JSON.parse(status.stdout)).tests.map((t) => t.test_id)).toEqual([]);
  });

  it('jest and node --test: missing module, export or function is red missing; a syntax error stays an error', async () => {
    repo = makeProject('jest', {
      'src/util.js': 'module.exports = { other: 1 };\n',
      'src/nomod.test.js': "const { price } = require('./price');\ntest('prices', () => { expect(price(1)).toBe(2); });\n",
      'src/noexport.test.js': "const { price } = require('./util');\ntest('prices', () => { expect(price(1)).toBe(2); });\n",
      'src/syntax.test.js': "test('prices', () => { expect(1).toBe(2) ;\n",
    });
    const jest = await kernel(repo, ['run', 'src/nomod.test.js::prices', 'src/noexport.test.js::prices', 'src/syntax.test.js::prices', '--json']);
    expect(outcomes(jest.stdout)).toEqual({ 'src/nomod.test.js::prices': 'assertion/missing', 'src/noexport.test.js::prices': 'assertion/missing', 'src/syntax.test.js::prices': 'error/' });
    repo.cleanup();

    repo = makeProject('none', {
      'package.json': JSON.stringify({ name: 'p', type: 'module', scripts: { test: 'node --test' } }),
      'src/util.js': 'export const other = 1;\n',
      'test/nomod.test.js': "import { test } from 'node:test';\nimport { price } from '../src/price.js';\ntest('prices', () => { price(1); });\n",
      'test/noexport.test.js': "import { test } from 'node:test';\nimport { price } from '../src/util.js';\ntest('prices', () => { price(1); });\n",
      'test/nofn.test.js': "import { test } from 'node:test';\nimport * as u from '../src/util.js';\ntest('prices', () => { u.price(1); });\n",
      'test/syntax.test.js': "import { test } from 'node:test';\ntest('prices', () => {\n",
    });
    const node = await kernel(repo, ['run', 'test/nomod.test.js::prices', 'test/noexport.test.js::prices', 'test/nofn.test.js::prices', 'test/syntax.test.js::prices', '--json']);
    expect(outcomes(node.stdout)).toEqual({
      'test/nomod.test.js::prices': 'assertion/missing',
      'test/noexport.test.js::prices': 'assertion/missing',
      'test/nofn.test.js::prices': 'assertion/missing',
      'test/syntax.test.js::prices': 'error/',
    });
    expect(RunOutputSchema.parse(JSON.parse(node.stdout)).results.find((r) => r.test_id === 'test/nomod.test.js::prices')!.message).toMatch(/^Error \[ERR_MODULE_NOT_FOUND\]: Cannot find module/);
  });

  it.skipIf(!hasPytest())('pytest: ImportError and AttributeError on an imported name are red missing; a fixture crash and a syntax error stay errors', async () => {
    repo = makeTempRepo({
      prefix: 'tdd-kernel-py-',
      files: {
        'pytest.ini': '[pytest]\n',
        'conftest.py': '',
        'app/__init__.py': '',
        'app/util.py': 'other = 1\n',
        'tests/test_nomod.py': 'from app.price import price\n\ndef test_prices():\n    assert price(1) == 2\n',
        'tests/test_noname.py': 'from app.util import price\n\ndef test_prices():\n    assert price(1) == 2\n',
        'tests/test_noattr.py': 'import app.util as u\n\ndef test_prices():\n    assert u.price(1) == 2\n',
        'tests/test_syntax.py': 'def test_prices(:\n    assert 1\n',
        'tests/test_fixture.py': "import pytest\n\n@pytest.fixture\ndef db():\n    raise RuntimeError('fixture crashed')\n\ndef test_prices(db):\n    assert 1\n",
      },
    });
    const names = ['nomod', 'noname', 'noattr', 'syntax', 'fixture'].map((n) => `tests/test_${n}.py::test_prices`);
    const out = await kernel(repo, ['run', ...names, '--json']);
    expect(outcomes(out.stdout)).toEqual({
      [names[0]!]: 'assertion/missing',
      [names[1]!]: 'assertion/missing',
      [names[2]!]: 'assertion/missing',
      [names[3]!]: 'error/',
      [names[4]!]: 'error/',
    });
  });
});

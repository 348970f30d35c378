import { describe, expect, it } from 'vitest';
import { batches, failingTestsCommand, passingCommand, passingCommands, passingTestNames, passingTestsCommand, jestFailingNames, mochaFailingNames, namePatternCommand, pytestFailingIds, pytestPassingCommand, scriptCommand, vitestFailingNames } from '../src/run/passing-run.js';
import { withoutAnsi } from '../src/without-ansi.js';

describe('passingTestNames', () => {
  it.each<[string, string, string[]]>([
    ['TAP', 'not ok 1 - breaks\nok 2 - still works\nok 3 - skipped one # SKIP no time\nok 4 - later # TODO\n', ['still works']],
    ['TAP subtests keep their names', '    ok 1 - inner\nok 1 - outer\n', ['inner', 'outer']],
    ["node's spec reporter", '✖ breaks (3.1ms)\n✔ still works (0.4ms)\n', ['still works']],
    ['nothing passed', 'not ok 1 - breaks\n', []],
  ])('%s', (_name, output, names) => {
    expect(passingTestNames(output)).toEqual(names);
  });
});

describe('passingCommand', () => {
  it.each<[string, string, string[], string[], string | null]>([
    ['node --test: the pattern stands before the files', 'node --test test/a.test.js', ['works'], ['breaks'], "node --test --test-name-pattern='^(?:works)$' test/a.test.js"],
    ['node flags before --test stay', 'node --no-warnings --test', ['a', 'b'], [], "node --no-warnings --test --test-name-pattern='^(?:a|b)$'"],
    ['regex characters are escaped', 'node --test t.js', ['x (1+1)'], [], "node --test --test-name-pattern='^(?:x \\(1\\+1\\))$' t.js"],
    ['a quote in a name is shell-quoted', 'node --test t.js', ["it's"], [], "node --test --test-name-pattern='^(?:it'\\''s)$' t.js"],
    ['a name that also failed is left out', 'node --test t.js', ['same', 'other'], ['same'], "node --test --test-name-pattern='^(?:other)$' t.js"],
    ['no passing test', 'node --test t.js', [], ['breaks'], null],
    ['another runner', 'npx vitest run', ['works'], ['breaks'], null],
    ['not the --test flag', 'node --test-reporter=tap t.js', ['works'], [], null],
    ['a loader with its value as the next word (tsx)', 'node --import tsx --test t.ts', ['works'], [], "node --import tsx --test --test-name-pattern='^(?:works)$' t.ts"],
    ['-r and its module', 'node -r ts-node/register --test t.ts', ['works'], [], "node -r ts-node/register --test --test-name-pattern='^(?:works)$' t.ts"],
    ["a script's own --test is not node's", 'node run.js --test', ['works'], [], null],
  ])('%s', (_name, command, passed, failed, expected) => {
    expect(passingCommand(command, passed, failed)).toBe(expected);
  });

  it('many names: batches of at most 200 names and 8,000 characters, the failing ones left out, at most 10', () => {
    const names = Array.from({ length: 450 }, (_, i) => `t${i}`);
    const commands = passingCommands('node --test', names, ['t7']);
    expect(commands).toHaveLength(3);
    const patterns = commands.map((c) => /--test-name-pattern='\^\(\?:(.*)\)\$'/.exec(c)![1]!.split('|'));
    expect(patterns.map((p) => p.length)).toEqual([200, 200, 49]);
    expect(patterns.flat()).toEqual(names.filter((n) => n !== 't7'));
    const long = Array.from({ length: 30 }, (_, i) => `${'x'.repeat(1000)}${i}`);
    for (const group of batches(long)) expect(`^(?:${group.join('|')})$`.length).toBeLessThanOrEqual(8000);
    expect(batches(long).flat()).toEqual(long);
    expect(passingCommands('node --test', Array.from({ length: 5000 }, (_, i) => `t${i}`), [])).toHaveLength(10);
  });
});

describe('Vitest, Jest and Mocha: the passing tests are every test but the failing ones', () => {
  const report = [
    ' ❯ test/cart.test.ts (3 tests | 1 failed) 9ms',
    '     × cart > applies a coupon 6ms',
    '     ✓ cart > totals 1ms',
    '',
    ' FAIL  test/cart.test.ts > cart > applies a coupon',
    ' FAIL  test/deep.test.ts > outer > inner (x) > works?',
    ' FAIL   core  test/fan.test.ts > fan > ends on an error',
    'AssertionError: expected 90 to be 80',
    '      Tests  3 failed | 1 passed (4)',
  ].join('\n');

  it('vitestFailingNames: the suites and the test, joined by spaces as --testNamePattern sees them', () => {
    expect(vitestFailingNames(report)).toEqual(['cart applies a coupon', 'outer inner (x) works?', 'fan ends on an error']);
  });

  const jestReport = ['FAIL test/cart.test.js', '  cart', '    ✓ totals (2 ms)', '    ✕ applies a coupon (3 ms)', '', '  ● cart › applies a coupon', '', '  ● Console', '', '    expect(received).toBe(expected)', 'Tests:       1 failed, 1 passed, 2 total'].join('\n');

  it('jestFailingNames: the same from Jest\'s headings, its other headings aside', () => {
    expect(jestFailingNames(jestReport)).toEqual(['cart applies a coupon']);
  });

  const mochaReport = [
    '  cart',
    '    ✔ totals its items',
    '    coupons',
    '      1) takes 20 percent off',
    '  2) top-level one',
    '',
    '  2 passing (5ms)',
    '  2 failing',
    '',
    '  1) cart',
    '       coupons',
    '         takes 20 percent off:',
    '      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:',
    '',
    '  2) top-level one:',
    '     Error: boom',
  ].join('\n');

  it("mochaFailingNames: a title over several lines of the details, not the progress list's numbered lines", () => {
    expect(mochaFailingNames(mochaReport)).toEqual(['cart coupons takes 20 percent off', 'top-level one']);
  });

  it.each<[string, string, string, string | null]>([
    ['Mocha: --grep with the same pattern', 'npx mocha', mochaReport, "npx mocha --grep='^(?!(?:cart coupons takes 20 percent off|top-level one)$)'"],
    ['Mocha: a command that already greps is left alone', 'npx mocha -g cart', mochaReport, null],
    ['Mocha: nothing passed', 'npx mocha', mochaReport.replace('2 passing', '0 passing'), null],
    ['Vitest: appended, with a pattern that matches any name but theirs', 'npx vitest run', ' FAIL  t.test.ts > a > b\n Tests  1 failed | 2 passed (3)', "npx vitest run --testNamePattern='^(?!(?:a b)$)'"],
    ['no test passed: nothing to run', 'npx vitest run', ' FAIL  t.test.ts > a > b\n Tests  1 failed (1)', null],
    ['regex characters escaped', 'node node_modules/vitest/vitest.mjs run test/x.test.ts', ' FAIL  x.test.ts > w (x)?\n Tests  1 failed | 1 passed (2)', "node node_modules/vitest/vitest.mjs run test/x.test.ts --testNamePattern='^(?!(?:w \\(x\\)\\?)$)'"],
    ['Jest', 'node node_modules/jest/bin/jest.js', jestReport, "node node_modules/jest/bin/jest.js --testNamePattern='^(?!(?:cart applies a coupon)$)'"],
    ["Jest's report does not make a Vitest command", 'npx vitest run', jestReport, null],
    ['a command after the runner is left alone', 'npx vitest run && echo done', ' FAIL  t.ts > a\n Tests  1 failed | 1 passed (2)', null],
    ['a build step before the runner: the runner, the last command, is narrowed', 'npm run build && npx vitest run', ' FAIL  t.ts > a\n Tests  1 failed | 1 passed (2)', "npm run build && npx vitest run --testNamePattern='^(?!(?:a)$)'"],
    ['two steps before Mocha', 'tsc -p . && cp a b && npx mocha', mochaReport, "tsc -p . && cp a b && npx mocha --grep='^(?!(?:cart coupons takes 20 percent off|top-level one)$)'"],
    ['a pipe in the last command is left alone', 'npm run build && npx jest | tee log', jestReport, null],
    ['a pattern of its own is left alone', 'npx jest -t cart', jestReport, null],
    ['no failing name known', 'npx vitest run', 'Tests  1 failed', null],
    ['another runner', 'npx mocha', jestReport, null],
    ['a word that only contains the name', 'node my-vitest-helper.js', ' FAIL  t.ts > a', null],
  ])('namePatternCommand: %s', (_name, command, output, expected) => {
    expect(namePatternCommand(command, output)).toBe(expected);
  });

  it('passingTestsCommand: node --test first, then Vitest', () => {
    expect(passingTestsCommand('node --test t.js', 'not ok 1 - a\nok 2 - b\n', ['a'])).toBe("node --test --test-name-pattern='^(?:b)$' t.js");
    expect(passingTestsCommand('npx vitest run', report, [])).toBe("npx vitest run --testNamePattern='^(?!(?:cart applies a coupon|outer inner \\(x\\) works\\?|fan ends on an error)$)'");
    expect(passingTestsCommand('make test', report, [])).toBeNull();
  });

  it('withoutAnsi: colours and cursor codes go, the text stays', () => {
    expect(withoutAnsi('\u001b[41m\u001b[1m FAIL \u001b[22m\u001b[49m test/a.test.ts\u001b[2m > \u001b[22mcart\u001b[2K\r')).toBe(' FAIL  test/a.test.ts > cart\r');
    expect(withoutAnsi('\u001b]8;;https://x\u0007link\u001b]8;;\u0007 plain')).toBe('link plain');
  });
});

describe('pytest: the failing tests deselected', () => {
  const report = [
    '..F.E',
    '=========================== short test summary info ============================',
    'FAILED tests/test_calc.py::test_adds_two_digit_numbers - assert 0 == 42',
    "FAILED tests/test_calc.py::test_param[a b-1] - AssertionError: it's wrong",
    'ERROR tests/test_db.py::test_query - ConnectionError',
    'ERROR tests/test_broken.py - ImportError',
    '2 failed, 2 passed, 1 error in 0.05s',
  ].join('\n');

  it('pytestFailingIds: the node ids of the summary, a collection error (no test id) aside', () => {
    expect(pytestFailingIds(report)).toEqual(['tests/test_calc.py::test_adds_two_digit_numbers', 'tests/test_calc.py::test_param[a b-1]', 'tests/test_db.py::test_query']);
  });

  it.each<[string, string, string, string | null]>([
    [
      'each failing id deselected, quoted for the shell',
      'python3 -m pytest -q tests',
      report,
      "python3 -m pytest -q tests --deselect tests/test_calc.py::test_adds_two_digit_numbers --deselect 'tests/test_calc.py::test_param[a b-1]' --deselect tests/test_db.py::test_query",
    ],
    ['nothing passed', 'pytest', report.replace('2 passed, ', ''), null],
    ['not pytest', 'npx vitest run', report, null],
    ['a compound command', 'pytest && echo ok', report, null],
  ])('pytestPassingCommand: %s', (_name, command, output, expected) => {
    expect(pytestPassingCommand(command, output)).toBe(expected);
  });
});

describe('scriptCommand: a package script narrowed through the script', () => {
  const report = ' FAIL  t.test.ts > cart > a coupon\n Tests  1 failed | 2 passed (3)';
  const scripts = { test: 'vitest run', 'test:unit': 'jest --ci', lint: 'eslint .', node: 'node --test', build: 'tsc' };
  it.each<[string, string, string | null]>([
    ['npm test', 'npm test', "npm test -- --testNamePattern='^(?!(?:cart a coupon)$)'"],
    ['npm run <script>', 'npm run test', "npm run test -- --testNamePattern='^(?!(?:cart a coupon)$)'"],
    ['pnpm test', 'pnpm test', "pnpm test -- --testNamePattern='^(?!(?:cart a coupon)$)'"],
    ['yarn <script>: no --', 'yarn test', "yarn test --testNamePattern='^(?!(?:cart a coupon)$)'"],
    ["a script that is not a runner's", 'npm run lint', null],
    ['node --test takes its pattern before the files: not by appending', 'npm run node', null],
    ['no such script', 'npm run missing', null],
    ['with more words', 'npm test -- --coverage', null],
    ['a build step before it', 'npm run build && npm test', "npm run build && npm test -- --testNamePattern='^(?!(?:cart a coupon)$)'"],
  ])('%s', (_name, command, expected) => {
    expect(scriptCommand(command, report, scripts)).toBe(expected);
  });

  it('Jest behind a script of another name', () => {
    const jest = '  ● cart › a coupon\nTests:       1 failed, 2 passed, 3 total';
    expect(scriptCommand('npm run test:unit', jest, scripts)).toBe("npm run test:unit -- --testNamePattern='^(?!(?:cart a coupon)$)'");
  });
});

describe('failingTestsCommand: the failing tests alone (for the prototype-write probe)', () => {
  it.each<[string, string, string, readonly string[], string | null]>([
    ['node --test: the failing names, before the files', 'node --test t.js', 'not ok 1 - a\nok 2 - b\n', ['a'], "node --test --test-name-pattern='^(?:a)$' t.js"],
    ['node --test behind a loader', 'node --import tsx --test t.ts', 'not ok 1 - a (x)\n', ['a (x)'], "node --import tsx --test --test-name-pattern='^(?:a \\(x\\))$' t.ts"],
    ['Vitest: their full names, even when nothing passed', 'npx vitest run', ' FAIL  t.test.ts > a > b\n Tests  1 failed (1)', [], "npx vitest run --testNamePattern='^(?:a b)$'"],
    ['Jest', 'npx jest', '  ● cart › a coupon\nTests:       1 failed, 2 passed, 3 total', [], "npx jest --testNamePattern='^(?:cart a coupon)$'"],
    ['a package script', 'npm test', ' FAIL  t.test.ts > cart > a coupon\n Tests  1 failed | 2 passed (3)', [], "npm test -- --testNamePattern='^(?:cart a coupon)$'"],
    ['a command of its own: none', 'make test', 'not ok 1 - a', ['a'], null],
    ['no failing name: none', 'node --test t.js', '', [], null],
  ])('%s', (_name, command, output, failed, expected) => {
    expect(failingTestsCommand(command, output, failed, { test: 'vitest run' })).toBe(expected);
  });
});

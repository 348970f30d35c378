import { describe, expect, it } from 'vitest';
import { framesByFile, resolveFramePath } from '../src/signals/frame-files.js';
import { parseTraces } from '../src/signals/frames.js';

const lines = (...l: string[]) => l.join('\n');

describe('parseTraces', () => {
  it.each([
    {
      name: 'V8 `at` frames, nearest first; runtime frames skipped but inside the trace',
      output: lines(
        'TypeError: boom',
        '    at parse (/repo/lib/parse.js:12:9)',
        '    at Array.map (<anonymous>)',
        '    at Object.load (file:///repo/lib/index.mjs:3:20)',
        '    at node:internal/modules/cjs/loader:1:1',
        '    at /repo/test/a.test.js:5:3',
      ),
      traces: [[{ path: '/repo/lib/parse.js', line: 12 }, { path: 'file:///repo/lib/index.mjs', line: 3 }, { path: '/repo/test/a.test.js', line: 5 }]],
    },
    {
      name: "node's TAP stack (no `at`), Array.map (<anonymous>) in the middle",
      output: lines(
        '  stack: |-',
        '    parseAmount (/r/lib/amount.js:9:11)',
        '    parseLine (/r/lib/line.js:7:48)',
        '    Array.map (<anonymous>)',
        '    parseLedger (/r/lib/index.js:9:54)',
        '    TestContext.<anonymous> (/r/test/a.test.js:6:3)',
        '    Test.runInAsyncScope (node:async_hooks:206:9)',
        '  ...',
      ),
      traces: [[
        { path: '/r/lib/amount.js', line: 9 },
        { path: '/r/lib/line.js', line: 7 },
        { path: '/r/lib/index.js', line: 9 },
        { path: '/r/test/a.test.js', line: 6 },
      ]],
    },
    {
      name: 'two V8 traces separated by text',
      output: lines('    at a (/r/x.js:1:1)', 'Caused by', '    at b (/r/y.js:2:2)'),
      traces: [[{ path: '/r/x.js', line: 1 }], [{ path: '/r/y.js', line: 2 }]],
    },
    {
      name: 'TAP keys and times are no frames',
      output: lines("  location: '/r/test/a.test.js:4:1'", '  duration_ms: 1.5', '# duration_ms 12:30:01'),
      traces: [],
    },
    {
      name: 'Python traceback: innermost last, so reversed',
      output: lines(
        'Traceback (most recent call last):',
        '  File "/r/main.py", line 10, in <module>',
        '    run()',
        '  File "/r/pkg/core.py", line 4, in run',
        '    raise ValueError("x")',
        '    ^^^^^^^^^^^^^^^^^^^^^',
        '  File "<frozen importlib._bootstrap>", line 1, in f',
        'ValueError: x',
      ),
      traces: [[{ path: '/r/pkg/core.py', line: 4 }, { path: '/r/main.py', line: 10 }]],
    },
    {
      name: "pytest's long traceback: one trace per test section",
      output: lines(
        '________________________ test_adds ________________________',
        '',
        '    def test_adds():',
        '>       assert evaluate("12+30") == 42',
        '',
        'tests/test_calc.py:5: ',
        '_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _',
        'text = "12"',
        '',
        '    def to_number(text):',
        'E       ValueError: not a number: 12',
        '',
        'calc/util.py:4: ValueError',
        '=========================== short test summary info ===========================',
        'FAILED tests/test_calc.py::test_adds - ValueError: not a number: 12',
      ),
      traces: [[{ path: 'calc/util.py', line: 4 }, { path: 'tests/test_calc.py', line: 5 }]],
    },
    {
      name: 'Java: package path from the class name; Caused by starts another trace',
      output: lines(
        'java.lang.IllegalStateException: boom',
        '\tat com.acme.core.Parser.parse(Parser.java:42)',
        '\tat com.acme.Main.main(Main.java:7)',
        'Caused by: java.lang.NumberFormatException',
        '\tat java.base/java.lang.Integer.parseInt(Native Method)',
        '\tat com.acme.util.Numbers.read(Numbers.java:9)',
        '\t... 2 more',
      ),
      traces: [
        [{ path: 'com/acme/core/Parser.java', line: 42 }, { path: 'com/acme/Main.java', line: 7 }],
        [{ path: 'com/acme/util/Numbers.java', line: 9 }],
      ],
    },
    {
      name: "Vitest's own frames, with code excerpts between them; a file's header line is no frame; each failure its own trace",
      output: lines(
        ' ❯ test/deep.test.ts (2 tests | 2 failed) 8ms',
        ' FAIL  test/deep.test.ts > parses',
        'Error: bad code PCTx',
        ' ❯ parseCode src/deep.ts:4:11',
        '      2|   const n = Number(code.slice(3));',
        '      4|     throw new Error(`bad code ${code}`);',
        '       |           ^',
        '      5|   }',
        ' ❯ helper test/deep.test.ts:3:37',
        ' ❯ test/deep.test.ts:4:29',
        '',
        ' FAIL  test/deep.test.ts > rounds',
        'AssertionError: expected 2 to be 3',
        ' ❯ test/deep.test.ts:9:18',
      ),
      traces: [
        [{ path: 'src/deep.ts', line: 4 }, { path: 'test/deep.test.ts', line: 3 }, { path: 'test/deep.test.ts', line: 4 }],
        [{ path: 'test/deep.test.ts', line: 9 }],
      ],
    },
    {
      name: 'Go: a panic (function lines between frames) and a test failure line',
      output: lines(
        'panic: runtime error: index out of range',
        '',
        'goroutine 7 [running]:',
        'example.com/calc.Parse(...)',
        '\t/src/calc/parse.go:21 +0x1d',
        'example.com/calc.TestParse(0xc000)',
        '\t/src/calc/parse_test.go:9 +0x25',
        'created by testing.(*T).Run',
        '\t/usr/local/go/src/testing/testing.go:1648 +0x3ad',
        '',
        '    calc_test.go:12: got 1, want 2',
      ),
      traces: [
        [{ path: '/src/calc/parse.go', line: 21 }, { path: '/src/calc/parse_test.go', line: 9 }],
        [{ path: 'calc_test.go', line: 12 }],
      ],
    },
  ])('$name', ({ output, traces }) => {
    expect(parseTraces(output)).toEqual(traces);
  });
});

describe('framesByFile', () => {
  const files = new Set(['lib/a.js', 'lib/b.js', 'test/a.test.js', 'node_modules/dep/index.js', 'src/main/java/com/acme/Foo.java', 'pkg/x.go', 'other/x.go']);
  const ctx = { root: '/repo', cwd: '/repo/lib', files };

  it('counts depth over repository frames only, keeps the smallest depth per line, drops dependencies', () => {
    const traces = [
      [
        { path: '/repo/node_modules/dep/index.js', line: 3 },
        { path: 'file:///repo/lib/b.js', line: 8 },
        { path: '/elsewhere/x.js', line: 1 },
        { path: '/repo/lib/a.js', line: 2 },
        { path: '/repo/test/a.test.js', line: 5 },
      ],
      [{ path: '/repo/lib/a.js', line: 2 }],
    ];
    expect(Object.fromEntries(framesByFile(traces, ctx))).toEqual({
      'lib/b.js': [{ line: 8, depth: 0 }],
      'lib/a.js': [{ line: 2, depth: 0 }],
      'test/a.test.js': [{ line: 5, depth: 2 }],
    });
  });

  it.each([
    ['a.js', 'lib/a.js'], // relative to where the command ran
    ['com/acme/Foo.java', 'src/main/java/com/acme/Foo.java'], // Java's package path: the one file ending so
    ['x.go', null], // ambiguous bare name
    ['/repo/lib/missing.js', null],
    ['/tmp/elsewhere.js', null],
  ])('resolveFramePath(%j) = %j', (printed, expected) => {
    expect(resolveFramePath(printed, ctx)).toBe(expected);
  });
});

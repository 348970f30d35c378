import { describe, expect, it } from 'vitest';
import { passingCommand, passingTestNames } from '../src/localize/passing-run.js';

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
  ])('%s', (_name, command, passed, failed, expected) => {
    expect(passingCommand(command, passed, failed)).toBe(expected);
  });

  it('too many names: no command', () => {
    expect(passingCommand('node --test', Array.from({ length: 201 }, (_, i) => `t${i}`), [])).toBeNull();
  });
});

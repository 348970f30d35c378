import { describe, expect, it } from 'vitest';
import { describeEvidence } from '../src/render.js';
import { calledName, failingTestCalls, matchTestCalls, type TestCallsInput } from '../src/signals/test-calls.js';

const JS_TEST = `const test = require('node:test');
const assert = require('node:assert/strict');
const http = require('node:http');
const { Jar, parse } = require('..');
const lib = require('..');

function serve(handler) {
  const server = http.createServer(handler);
  return listenOn(server);
}
function listenOn(server) {
  return server.listen(lib.defaultPort());
}
const load = (text) => lib.loadText(JSON.stringify(text));

test('stores a cookie', () => {
  const jar = new Jar();
  jar.setCookie('a=1');
  assert.equal(jar.count(), 1);
});

test(\`redirects to \${'//x'} safely\`, async () => {
  const res = await serve((req, out) => out.location('/x').status(302).end());
  const parsed = parse(load(res.body));
  setTimeout(() => {}, 1);
  assert.equal(new URL(parsed.href).host, 'x');
});
`;

const js = (frameLines: number[], testNames: string[] = []): TestCallsInput => ({ source: JS_TEST, language: 'js', frameLines, testNames });
/** Calls as `name:hops` (`:setup` for a helper's set-up), by hops then name (code-unit order: capitals first). */
const shape = (input: TestCallsInput) => {
  const { calls, found } = failingTestCalls(input);
  return { found, calls: calls.map((c) => `${c.name}:${c.hops}${c.setup ? ':setup' : ''}`) };
};

describe('failingTestCalls', () => {
  it.each<[string, TestCallsInput, { found: boolean; calls: string[] }]>([
    // The assertion's frame is in the first test: its calls only; `new Jar` is an imported class.
    ['a frame in the first test', js([20]), { found: true, calls: ['Jar:0', 'count:0', 'setCookie:0'] }],
    // The second test: `out.location(...).status(...)` inside a callback counts at 0 hops; `parse` is
    // imported; `serve` and `load` are the file's helpers (their calls at 1 hop, `listenOn`'s at 2);
    // `setTimeout`, `URL`, `JSON.stringify` and `http.createServer` are the platform's. In a helper,
    // a call that takes none of its parameters is set-up (`lib.defaultPort()`); one on a parameter
    // (`server.listen`) or with one among its arguments (`lib.loadText(... text ...)`) is the act.
    ['a frame in the second test', js([27]), { found: true, calls: ['end:0', 'location:0', 'parse:0', 'status:0', 'loadText:1', 'defaultPort:2:setup', 'listen:2'] }],
    // The helper's own frame comes first (it is in no test); the caller's frame finds the test.
    ['the nearest frame in a helper', js([9, 24]), { found: true, calls: ['end:0', 'location:0', 'parse:0', 'status:0', 'loadText:1', 'defaultPort:2:setup', 'listen:2'] }],
    // No frame: the name as TAP prints it (escapes, the template's static start).
    ['by name', js([], ['stores a cookie']), { found: true, calls: ['Jar:0', 'count:0', 'setCookie:0'] }],
    ['by a template title', js([], ['redirects to "//x" safely']), { found: true, calls: ['end:0', 'location:0', 'parse:0', 'status:0', 'loadText:1', 'defaultPort:2:setup', 'listen:2'] }],
    // Nothing tells which test failed (a frame on an import line): every test's calls, one hop further.
    ['not found', js([3], ['another test']), { found: false, calls: ['Jar:1', 'count:1', 'end:1', 'location:1', 'parse:1', 'setCookie:1', 'status:1', 'loadText:2'] }],
  ])('%s', (_name, input, expected) => {
    expect(shape(input)).toEqual(expected);
  });

  it('methods of what the platform hands the test\'s own server are no calls of the code; the code it calls there still is', () => {
    const source = `const test = require('node:test');
const http = require('node:http');
const lib = require('..');
test('serves', async () => {
  const server = http.createServer((req, res) => {
    res.setHeader('x-a', '1');
    res.end(lib.render(req.url));
  });
  await lib.fetchFrom(server);
});
`;
    expect(shape({ source, language: 'js', frameLines: [9], testNames: [] })).toEqual({ found: true, calls: ['fetchFrom:0', 'render:0'] });
  });

  // tap: assertions at the top level of the file, in a loop over cases, beside `t.test` subtests.
  const TAP_TEST = `const t = require('tap');
const subset = require('../../ranges/subset.js');
const Range = require('../../classes/range');
const cases = [['1.2.3', '1.x', true]];
cases.forEach(([sub, dom, expect]) => {
  t.equal(subset(sub, dom), expect, sub + ' in ' + dom);
});
t.test('a range is a subset of itself', (t) => {
  t.equal(subset('^1', new Range('^1')), true);
  t.end();
});
const re = /x/;
t.ok(re.test('x'));
`;
  const tap = (frameLines: number[], testNames: string[] = []): TestCallsInput => ({ source: TAP_TEST, language: 'js', frameLines, testNames });
  it.each<[string, TestCallsInput, { found: boolean; calls: string[] }]>([
    // The frame is in the loop's callback, in no test: that function stands for the test.
    ['an assertion outside any test: the function holding it', tap([6, 5]), { found: true, calls: ['subset:0'] }],
    // `t.test(title, fn)` is a test (node:test's subtests too); `re.test('x')` is not. (A member call
    // counts whatever its object: `t.end()` is matched only against a function named `end` that ran.)
    ['a frame in a t.test subtest', tap([9]), { found: true, calls: ['Range:0', 'end:0', 'subset:0'] }],
    ['a t.test subtest by name', tap([], ['a range is a subset of itself']), { found: true, calls: ['Range:0', 'end:0', 'subset:0'] }],
    // A top-level line that calls nothing of the code's tells no test: every test's calls, one hop further.
    ['a frame on a line calling only the platform', tap([13]), { found: false, calls: ['Range:1', 'end:1', 'subset:1'] }],
  ])('tap: %s', (_name, input, expected) => {
    expect(shape(input)).toEqual(expected);
  });

  it('it.each, test.only and a describe around them', () => {
    const source = `import { describe, it, test } from 'vitest';
import { Parser as P, tokenize } from '../src/parser';
describe('parser', () => {
  it.each([[1], [2]])('parses %i', (n) => {
    expect(new P().run(tokenize(String(n)))).toBe(n);
  });
  test.only('fails', () => {
    expect(P.fromText('x').value).toBe(1);
  });
});
`;
    // \`Parser as P\`: constructing P constructs the module's Parser.
    expect(shape({ source, language: 'js', frameLines: [5], testNames: [] })).toEqual({ found: true, calls: ['Parser:0', 'run:0', 'tokenize:0'] });
    expect(shape({ source, language: 'js', frameLines: [8], testNames: [] })).toEqual({ found: true, calls: ['fromText:0'] });
  });

  it('a function destructured from require(\'..\') under a name of the test\'s own is called by the module\'s name', () => {
    const source = `const test = require('node:test');
const assert = require('node:assert');
const {
  parse: read,
  stringify,
} = require('..');
test('reads a section', () => {
  assert.deepEqual(read('[a]\\nb=1'), { a: { b: '1' } });
  assert.equal(stringify({}), '');
});
`;
    expect(shape({ source, language: 'js', frameLines: [8], testNames: [] })).toEqual({ found: true, calls: ['parse:0', 'stringify:0'] });
  });

  it('pytest: the def holding the frame, its helpers, imported names', () => {
    const source = `import json
from calc import evaluate, Engine
from calc.util import to_number as num


def run(text):
    return Engine().compute(text)


def test_adds():
    assert evaluate("12+30") == 42
    assert num("1") == 1


def test_runs():
    result = run("1+1")
    assert json.dumps(result) == "2"
`;
    const python = (frameLines: number[], testNames: string[] = []) => shape({ source, language: 'python', frameLines, testNames });
    expect(python([11])).toEqual({ found: true, calls: ['evaluate:0', 'num:0'] });
    expect(python([7, 16])).toEqual({ found: true, calls: ['Engine:1:setup', 'compute:1'] });
    expect(python([], ['test_runs'])).toEqual({ found: true, calls: ['Engine:1:setup', 'compute:1'] });
  });
});

describe('calledName', () => {
  it.each([
    ['location', 'location'],
    ['exports.Parser.Parser.reset', 'reset'],
    ['get urlencoded', 'urlencoded'],
    ['app.<computed>', null],
    ['', null],
  ])('%j -> %j', (name, expected) => {
    expect(calledName(name)).toBe(expected);
  });

  it('matches the calls a file answers', () => {
    const calls = [{ name: 'location', hops: 1 }, { name: 'listen', hops: 1 }];
    expect(matchTestCalls(calls, new Map([['location', 1], ['status', 1]]))).toEqual([{ name: 'location', hops: 1 }]);
  });

  it('a call into a function the passing tests ran too carries its Ochiai', () => {
    const calls = [{ name: 'run', hops: 0 }, { name: 'VM', hops: 0 }];
    expect(matchTestCalls(calls, new Map([['run', Math.SQRT1_2], ['VM', 1]]))).toEqual([{ name: 'run', hops: 0, ochiai: 0.707 }, { name: 'VM', hops: 0 }]);
  });
});

describe('describeEvidence of the test\'s calls', () => {
  it.each([
    [[{ name: 'parse', hops: 0 }], 'the test calls parse'],
    [[{ name: 'location', hops: 1 }, { name: 'listen', hops: 1, setup: true as const }], 'the test calls location (via 1 helper), listen (via 1 helper, set-up)'],
    [[{ name: 'listen', hops: 2, setup: true as const }], 'the test calls listen (via 2 helpers, set-up)'],
    [[{ name: 'run', hops: 0, ochiai: 0.707 }], 'the test calls run (passing tests ran it too, ochiai 0.707)'],
  ])('%j', (testCalls, text) => {
    expect(describeEvidence({ testCalls })).toBe(text);
  });

  it.each([
    [{}, 'the test runs it as a program'],
    [{ ochiai: 0.671 }, 'the test runs it as a program (passing tests ran it too, ochiai 0.671)'],
  ])('program %j', (program, text) => {
    expect(describeEvidence({ program })).toBe(text);
  });

  it.each<[number | undefined, string]>([
    [undefined, 'ochiai 3 over 4 executed function lines'],
    [0, 'ochiai 3 over 4 executed function lines; 0 lines no passing test ran'],
    [1, 'ochiai 3 over 4 executed function lines; 1 line no passing test ran'],
  ])('exclusive lines %j', (exclusiveLines, text) => {
    expect(describeEvidence({ ochiai: 3, coveredLines: 4, ...(exclusiveLines === undefined ? {} : { exclusiveLines }) })).toBe(text);
  });
});

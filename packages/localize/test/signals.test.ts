import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandFiles, globToRegExp, shellWords } from '../src/signals/command-files.js';
import { parsePytestCommand, pythonFileLines, pythonFunctionsOf, withPythonCoverage } from '../src/coverage/python.js';
import { moduleLoadFunctions, ranAsIs, readV8Executions, v8FileLines, wantedScripts, type V8Function } from '../src/coverage/v8.js';
import { exclusionOf, looksGenerated } from '../src/rank/eligible.js';
import { importDistances } from '../src/signals/graph.js';
import { definedIn, failingTestNames, identifiersIn, queryIdentifiers, testLocalNames } from '../src/signals/identifiers.js';
import { importsOf, jsSpecifiers, pythonImportStatements, resolveJs, type ResolveContext } from '../src/signals/imports.js';
import { matchBrackets, tokenize } from '../src/signals/tokens.js';

const scratch = mkdtempSync(join(tmpdir(), 'cf-signals-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const MAIN = `const util = require('./util');
const unused = require('./unused');
function parse(text) {
  const parts = text.split(',');
  return parts.map((p) => util.clean(p));
}
function other() {
  return 1;
}
const setup = (function () { return 42; })();
module.exports = { parse, other, setup };
`;

describe('v8FileLines', () => {
  it('splits executed lines into module load and called functions (ranges as V8 reported them for this file)', () => {
    const functions = [
      { functionName: '', ranges: [{ startOffset: 0, endOffset: 289, count: 1 }] },
      { functionName: 'parse', ranges: [{ startOffset: 68, endOffset: 167, count: 1 }] },
      { functionName: '', ranges: [{ startOffset: 143, endOffset: 163, count: 2 }] },
      { functionName: 'other', ranges: [{ startOffset: 168, endOffset: 200, count: 0 }] },
      { functionName: '', ranges: [{ startOffset: 216, endOffset: 242, count: 1 }] },
    ];
    const lines = v8FileLines(MAIN, functions);
    // 6 and 9 are lone braces; 7-8 are `other`, never called; 10 runs at load (the IIFE starts mid-line).
    expect([...lines.executed].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 10, 11]);
    expect(Object.fromEntries(lines.called)).toEqual({ 3: 3, 4: 3, 5: 3 });
    expect(Object.fromEntries(lines.functionNames)).toEqual({ 3: 'parse' });
  });

  const fn = (functionName: string, startOffset: number, endOffset: number, count = 1): V8Function => ({ functionName, ranges: [{ startOffset, endOffset, count }] });
  const IIFE = '(function () {\n  function parse(s) {\n    return s.trim();\n  }\n  exports.parse = parse;\n  exports.version = 1;\n  exports.name = "iife";\n}).call(this);\n';
  // V8's ranges for IIFE: the script, the wrapper (from its `function` to its `}`), parse.
  const iife = (wrapperCalls: number) => [
    fn('', 0, IIFE.length),
    fn('', 1, IIFE.lastIndexOf('}') + 1, wrapperCalls),
    fn('parse', IIFE.indexOf('function parse'), IIFE.indexOf('  }\n') + 3),
  ];
  const EXPORTED = 'module.exports = function parse(s) {\n  const t = s.trim();\n  return t;\n};\n';

  it.each<[string, string, V8Function[], number[]]>([
    // The IIFE (count 1, 95% of the file, invoked where it stands) runs at load; parse is called.
    ['an IIFE wrapper', IIFE, iife(1), [0, 1]],
    ['a wrapper invoked twice is called code', IIFE, iife(2), [0]],
    ['a small IIFE is called code', MAIN, [fn('', 0, MAIN.length), fn('', 216, 242)], [0]],
    // One big exported function is the unit itself: not invoked where it stands.
    ['module.exports = function', EXPORTED, [fn('', 0, EXPORTED.length), fn('parse', 17, EXPORTED.length - 2)], [0]],
  ])('moduleLoadFunctions: %s', (_name, text, functions, expected) => {
    expect([...moduleLoadFunctions(text, functions)].sort()).toEqual(expected);
  });

  it('an IIFE file: its wrapper lines are module load, the function it defines is called', () => {
    const lines = v8FileLines(IIFE, iife(1));
    expect(Object.fromEntries(lines.called)).toEqual({ 2: 2, 3: 2 });
    expect([...lines.executed].sort()).toEqual([1, 2, 3, 5, 6, 7, 8]);
  });

  it.each<[string, string, V8Function[], boolean]>([
    ['the file as it is', MAIN, [fn('', 0, MAIN.length)], true],
    ['with a BOM Node stripped', `\uFEFF${MAIN}`, [fn('', 0, MAIN.length)], true],
    ['compiled inside a wrapper of 40 characters', MAIN, [fn('', 0, MAIN.length + 40)], false],
    ['no script function', MAIN, [fn('parse', 68, 167)], false],
  ])('ranAsIs: %s -> %s', (_name, text, functions, expected) => {
    expect(ranAsIs(text, functions)).toBe(expected);
  });

  it('reads what a real node process executed (one Execution per process, dependencies filtered by the caller)', () => {
    const root = join(scratch, 'v8');
    mkdirSync(join(root, 'lib'), { recursive: true });
    writeFileSync(join(root, 'lib/main.js'), MAIN);
    writeFileSync(join(root, 'lib/util.js'), 'exports.clean = function clean(s) {\n  return s.trim();\n};\n');
    writeFileSync(join(root, 'lib/unused.js'), 'exports.x = function () {\n  return 1;\n};\n');
    writeFileSync(join(root, 'run.js'), "require('./lib/main').parse('a, b');\n");
    const coverage = join(scratch, 'v8-data');
    execFileSync(process.execPath, ['run.js'], { cwd: root, env: { ...process.env, NODE_V8_COVERAGE: coverage } });
    const [execution, ...more] = readV8Executions(coverage, root, (file) => file !== 'run.js');
    expect(more).toEqual([]);
    expect([...execution!.keys()].sort()).toEqual(['lib/main.js', 'lib/unused.js', 'lib/util.js']);
    expect([...execution!.get('lib/main.js')!.called.keys()]).toEqual([3, 4, 5]);
    expect([...execution!.get('lib/util.js')!.called.keys()]).toEqual([2]);
    expect(execution!.get('lib/unused.js')!.called.size).toBe(0);
    // The entries read one by one are the document's own: Node's real layout, every script of it.
    for (const name of readdirSync(coverage)) {
      const bytes = readFileSync(join(coverage, name));
      expect(wantedScripts(bytes, () => true)).toEqual(JSON.parse(bytes.toString('utf8')).result);
    }
  });

  const entry = (url: string, functionName = 'f') => ({ scriptId: String(url.length), url, functions: [{ functionName, ranges: [{ startOffset: 0, endOffset: 9, count: 1 }], isBlockCoverage: true }] });
  const doc = (...entries: object[]) => Buffer.from(JSON.stringify({ result: entries, timestamp: 1.5, 'source-map-cache': { 'file:///r/x.js': { data: { sources: ['{"scriptId":"9"'] } } } }));
  const inRepo = (url: string) => url.startsWith('file:///r/') && !url.includes('/node_modules/');
  it.each<[string, Buffer, string[] | null]>([
    ['the repository scripts among internals and dependencies', doc(entry('node:internal/x'), entry('file:///r/a.js'), entry('file:///r/node_modules/d/i.js'), entry('file:///r/b.js')), ['file:///r/a.js', 'file:///r/b.js']],
    ['the first and the last entry', doc(entry('file:///r/a.js'), entry('node:fs'), entry('file:///r/b.js')), ['file:///r/a.js', 'file:///r/b.js']],
    ['names holding the markers stay inside their strings', doc(entry('file:///r/a.js', '{"scriptId":"1","url":"file:///r/b.js"}],"timestamp":'), entry('node:fs', '\\')), ['file:///r/a.js']],
    ['an escaped URL', doc(entry('file:///r/a\\"b.js'), entry('file:///q/c.js')), ['file:///r/a\\"b.js']],
    ['no script at all', doc(), []],
    ['a layout Node does not write (spaces)', Buffer.from(JSON.stringify({ result: [entry('file:///r/a.js')], timestamp: 1 }, null, 1)), null],
    ['a torn file', doc(entry('file:///r/a.js')).subarray(0, 40), null],
  ])('wantedScripts: %s', (_name, bytes, urls) => {
    const picked = wantedScripts(bytes, inRepo);
    expect(picked?.map((s) => s.url) ?? null).toEqual(urls);
    if (picked) for (const script of picked) expect(script).toEqual(JSON.parse(bytes.toString('utf8')).result.find((e: { url: string }) => e.url === script.url));
  });
});

describe('coverage.py', () => {
  it.each([
    ['pytest -q tests/test_x.py::test_y', { python: 'python3', args: ['-q', 'tests/test_x.py::test_y'], assignments: [] }],
    ['PYTHONPATH=src python3.11 -m pytest -x', { python: 'python3.11', args: ['-x'], assignments: ['PYTHONPATH=src'] }],
    ['py.test', { python: 'python3', args: [], assignments: [] }],
    ['pytest && echo done', null],
    ['python3 -m unittest', null],
    ['npm test', null],
  ])('parsePytestCommand(%j)', (command, expected) => {
    expect(parsePytestCommand(command)).toEqual(expected);
  });

  it('runs the same pytest under coverage', () => {
    const parsed = parsePytestCommand("FOO=1 pytest -k 'a or b'")!;
    expect(withPythonCoverage(parsed, '/tmp/x y/.coverage', '/r')).toBe("FOO=1 python3 -m coverage run '--data-file=/tmp/x y/.coverage' --source=/r -m pytest -k 'a or b'");
  });

  it('attributes lines to their innermost def by indentation (docstrings at column 0 included)', () => {
    const source = 'import os\n\n\ndef outer(x):\n    """Doc\nat column 0\n"""\n    def inner():\n        return x\n    return inner()\n\nVALUE = outer(1)\n';
    expect(Object.fromEntries(pythonFunctionsOf(source))).toEqual({
      5: { line: 4, name: 'outer' },
      6: { line: 4, name: 'outer' },
      7: { line: 4, name: 'outer' },
      8: { line: 4, name: 'outer' },
      9: { line: 8, name: 'inner' },
      10: { line: 4, name: 'outer' },
    });
    const lines = pythonFileLines(source, [1, 4, 8, 9, 10, 12]);
    expect(Object.fromEntries(lines.called)).toEqual({ 8: 4, 9: 8, 10: 4 });
  });
});

describe('command files and test commands', () => {
  it.each([
    ['node --test test/a.test.js', ['node', '--test', 'test/a.test.js']],
    [`pytest "tests/test x.py" -k 'a b'`, ['pytest', 'tests/test x.py', '-k', 'a b']],
    ['a&&b; c | d', ['a', '&&', 'b', ';', 'c', '|', 'd']],
    [`x'y'"z"`, ['xyz']],
  ])('shellWords(%j)', (command, words) => {
    expect(shellWords(command)).toEqual(words);
  });

  it.each([
    ['test/*.test.js', 'test/a.test.js', true],
    ['test/*.test.js', 'test/sub/a.test.js', false],
    ['test/**/*.js', 'test/sub/a.js', true],
    ['test/**/*.js', 'test/a.js', true],
    ['t?st/a.js', 'test/a.js', true],
  ])('glob %j matches %j: %s', (glob, file, matches) => {
    expect(globToRegExp(glob).test(file)).toBe(matches);
  });

  it('finds the files a command names, relative to where it runs, globs expanded; hooks and flags are not tests', () => {
    const files = new Set(['test/a.test.js', 'test/b.test.js', 'lib/setup.js', 'tests/test_x.py', 'repro.mjs']);
    const named = (command: string, cwd = '/r') => commandFiles({ command, cwd, root: '/r', files });
    expect(named('node --test test/*.test.js')).toEqual(['test/a.test.js', 'test/b.test.js']);
    expect(named('node -r ./lib/setup.js repro.mjs')).toEqual(['repro.mjs']);
    expect(named('pytest tests/test_x.py::test_y')).toEqual(['tests/test_x.py']);
    expect(named('node --test a.test.js', '/r/test')).toEqual(['test/a.test.js']);
    expect(named('npm test')).toEqual([]);
    expect(named('node ../outside.js')).toEqual([]);
  });
});

describe('exclusionOf', () => {
  it.each([
    ['lib/parse.js', null],
    ['src/core/engine.ts', null],
    ['calc/util.py', null],
    ['test/helpers.js', 'test'],
    ['src/__tests__/a.js', 'test'],
    ['lib/parse.test.js', 'test'],
    ['lib/parse.spec.ts', 'test'],
    ['pkg/calc_test.go', 'test'],
    ['tests/test_calc.py', 'test'],
    ['calc/test_util.py', 'test'],
    ['conftest.py', 'test'],
    ['test.js', 'test'],
    ['lib/test.mjs', 'test'],
    ['app/tests.py', 'test'],
    ['lib/testing.js', null],
    ['src/main/java/FooTest.java', 'test'],
    ['Foo/FooTest.cs', 'test'],
    ['Test/helpers.js', 'test'],
    ['lib/A.TEST.js', 'test'],
    ['src/Button.stories.tsx', null],
    ['node_modules/dep/index.js', 'node_modules'],
    ['packages/a/node_modules/dep/test/x.js', 'node_modules'],
    ['vendor/github.com/x/y.go', 'vendored'],
    ['third_party/lib.c', 'vendored'],
    ['dist/index.js', 'generated'],
    ['lib/index.min.js', 'generated'],
    ['types/index.d.ts', 'generated'],
    ['api/service.pb.go', 'generated'],
    ['README.md', 'not-source'],
    ['package.json', 'not-source'],
  ])('%s -> %s', (file, exclusion) => {
    expect(exclusionOf(file)).toBe(exclusion);
  });

  it('what the test command names is a test whatever its name', () => {
    expect(exclusionOf('repro.mjs', (f) => f === 'repro.mjs')).toBe('test');
  });

  it.each([
    ['// Code generated by protoc-gen-go. DO NOT EDIT.\npackage x', true],
    ['/* @generated */\nexport {}', true],
    ['// Generated by CoffeeScript 1.12.7\n(function() {', false], // compiled, but what the tests run
    ['const a = 1;', false],
  ])('looksGenerated(%j) = %s', (text, generated) => {
    expect(looksGenerated(text)).toBe(generated);
  });
});

describe('identifiers', () => {
  it('takes the assertion line and code-like words of the test name, less stop words and the test\'s own names', () => {
    const test = "const JSON5 = require('..');\nconst body = get();\ntest('x', () => {});\n";
    const query = queryIdentifiers({
      assertionLines: ["assert.strictEqual(JSON5.parse(body).__proto__.polluted, undefined, 'x')"],
      testNames: ['res.redirect escapes the location', 'parseDuration handles 12h', 'test_merge_defaults', 'plain english words'],
      locals: testLocalNames(test),
    });
    expect(query).toEqual(['__proto__', 'merge_defaults', 'parse', 'parseDuration', 'polluted', 'redirect', 'res']);
  });

  it.each([
    ['not ok 1 - parses 12h # TODO', ['parses 12h']],
    ['  ✖ handles empty input (1.2ms)', ['handles empty input']],
    ['FAILED tests/test_calc.py::test_adds - ValueError: x', ['test_adds']],
    ['____________ TestCalc.test_adds ____________', ['test_adds']],
    ['--- FAIL: TestParse (0.00s)', ['TestParse']],
  ])('failingTestNames(%j)', (output, names) => {
    expect(failingTestNames(output)).toEqual(names);
  });

  it.each([
    ['function parseTags(text) {', ['parseTags']],
    ['exports.parseTags = function (text) {', ['parseTags']],
    ['const parseTags = (text) => text;', ['parseTags']],
    ['module.exports = { parseTags: function () {} };', ['parseTags']],
    ['class Jar {\n  setCookie(cookie, url) {\n  }\n}', ['setCookie', 'Jar']],
    ['def parse_tags(text):', ['parse_tags']],
    ['const tags = parseTags(text);', []], // a call is no definition
    ['// parseTags splits the text', []],
  ])('definedIn(%j)', (text, defined) => {
    expect(definedIn(text, ['parseTags', 'setCookie', 'Jar', 'parse_tags'])).toEqual(
      ['parseTags', 'setCookie', 'Jar', 'parse_tags'].filter((id) => defined.includes(id)),
    );
  });

  it('matches whole words only', () => {
    expect(identifiersIn('function parseDuration(text) { return parse(text); }', ['parse', 'parseDuration', 'duration'])).toEqual(['parse', 'parseDuration']);
  });
});

describe('import graph', () => {
  const files = new Set(['index.js', 'lib/index.js', 'lib/a.js', 'lib/b.ts', 'lib/c.mjs', 'lib/sub/index.js', 'pkg/package.json', 'pkg/main.js', 'test/a.test.js', 'calc/__init__.py', 'calc/engine.py', 'calc/util.py', 'src/tool/cli.py']);
  const ctx: ResolveContext = { files, packageName: 'ledger', mainOf: (dir) => (dir === '' ? 'index.js' : dir === 'pkg' ? './main.js' : undefined) };

  it.each([
    ['test/a.test.js', '..', 'index.js'],
    ['test/a.test.js', 'ledger', 'index.js'],
    ['test/a.test.js', 'ledger/lib/a', 'lib/a.js'],
    ['test/a.test.js', '../lib', 'lib/index.js'],
    ['lib/index.js', './b.js', 'lib/b.ts'], // TypeScript sources import their compiled names
    ['lib/index.js', './c', 'lib/c.mjs'],
    ['lib/index.js', './sub', 'lib/sub/index.js'],
    ['lib/index.js', '../pkg', 'pkg/main.js'],
    ['lib/index.js', 'lodash', null],
    ['lib/index.js', '../../outside', null],
  ])('from %s, %j -> %j', (from, specifier, expected) => {
    expect(resolveJs(from, specifier, ctx)).toBe(expected);
  });

  it('finds require(), import, export-from and import() from the tokens', () => {
    const text = "const a = require('./a');\nimport b from './b.js';\nexport * from './c';\nconst lazy = () => import('./sub');\nconst dep = require('lodash');\n";
    expect(importsOf('lib/index.js', text, ctx)).toEqual(['lib/a.js', 'lib/b.ts', 'lib/c.mjs', 'lib/sub/index.js']);
  });

  it.each<[string, string[]]>([
    ["import x, { a as b } from './m';", ['./m']],
    ["import type { T } from './types';\nimport * as ns from \"./ns\";", ['./types', './ns']],
    ["import './side-effect';", ['./side-effect']],
    ["export { a, b as c } from './re';\nexport * as all from './all';\nexport const x = 1;", ['./re', './all']],
    ['const m = await import(`./static`);', ['./static']],
    ["// require('./commented')\n/* import x from './block' */\nconst s = \"require('./in-a-string')\";", []],
    ["const t = `${require('./in-template')}`;", ['./in-template']],
    ["const re = /require\\('\\.\\/regex'\\)/; const half = a / b; require('./after');", ['./after']],
    ["obj.require('./method'); import.meta.url; const dyn = require(name);", []],
    ["import x = require('./ts-style');", ['./ts-style']],
    ["define(['./a', './b'], function (a, b) {});\ndefine('named', ['./c'], f);", ['./a', './b', './c']],
  ])('jsSpecifiers(%j)', (text, specifiers) => {
    expect(jsSpecifiers(tokenize(text))).toEqual(specifiers);
  });

  it('reads Python imports, relative and absolute, and submodules named in from-imports', () => {
    expect(pythonImportStatements('import os, calc.engine as e\nfrom . import util\nfrom ..x import (a, b)\n')).toEqual([
      { level: 0, module: 'os', names: [] },
      { level: 0, module: 'calc.engine', names: [] },
      { level: 1, module: '', names: ['util'] },
      { level: 2, module: 'x', names: ['a', 'b'] },
    ]);
    expect(importsOf('calc/engine.py', 'from . import util\nimport calc\nfrom tool.cli import main\n', ctx)).toEqual(['calc/__init__.py', 'calc/util.py', 'src/tool/cli.py']);
  });

  it('walks at most 2 hops and 40 nodes, breadth first, roots excluded', () => {
    const edges: Record<string, string[]> = { t: ['a', 'b'], a: ['c', 't'], b: ['c', 'd'], c: ['e'] };
    expect(Object.fromEntries(importDistances(['t'], (f) => edges[f] ?? []))).toEqual({ a: 1, b: 1, c: 2, d: 2 });
    const wide = Array.from({ length: 60 }, (_, i) => `m${i}`);
    expect(importDistances(['t'], (f) => (f === 't' ? wide : [])).size).toBe(40);
  });

  it('keeps the files the failing run executed when a hop reaches more than the bound', () => {
    // An entry file re-exporting 60 modules, of which the test exercised the last two; m59 imports x.
    const wide = Array.from({ length: 60 }, (_, i) => `m${i}`);
    const edges: Record<string, string[]> = { t: ['index'], index: wide, m59: ['x'] };
    const ran = (f: string) => f === 'm58' || f === 'm59';
    const kept = importDistances(['t'], (f) => edges[f] ?? [], undefined, ran);
    expect(kept.size).toBe(40);
    expect(kept.get('index')).toBe(1);
    expect([kept.get('m58'), kept.get('m59')]).toEqual([2, 2]);
    // The rest of the room goes to the others in import order: m0..m36, not m37 onwards.
    expect(kept.has('m36') && !kept.has('m37')).toBe(true);
    // Without the run's coverage the bound keeps import order, and the exercised modules are lost.
    expect(importDistances(['t'], (f) => edges[f] ?? []).has('m59')).toBe(false);
    // Three hops away stays out either way.
    expect(kept.has('x')).toBe(false);
  });
});

describe('tokenize', () => {
  const shape = (text: string, language?: 'js' | 'python') => tokenize(text, language).map((t) => `${t.kind}:${t.text}@${t.line}`);

  it.each<[string, string[]]>([
    ['a.b(1)', ['name:a@1', 'punct:.@1', 'name:b@1', 'punct:(@1', 'number:1@1', 'punct:)@1']],
    ["x = 'it\\'s' // done", ['name:x@1', 'punct:=@1', "string:it\\'s@1"]],
    ['/* a\nb */ c', ['name:c@2']],
    ['f(`a${g(`b${1}`)}c`)', ['name:f@1', 'punct:(@1', 'string:a@1', 'name:g@1', 'punct:(@1', 'string:b@1', 'number:1@1', 'string:@1', 'punct:)@1', 'string:c@1', 'punct:)@1']],
    ['`x${ {a: 1}.a }y`', ['string:x@1', 'punct:{@1', 'name:a@1', 'punct::@1', 'number:1@1', 'punct:}@1', 'punct:.@1', 'name:a@1', 'string:y@1']],
    ['a / b / c', ['name:a@1', 'punct:/@1', 'name:b@1', 'punct:/@1', 'name:c@1']],
    ['return /[/]x/g.test(s)', ['name:return@1', 'regex:/[/]x/g@1', 'punct:.@1', 'name:test@1', 'punct:(@1', 'name:s@1', 'punct:)@1']],
    ["x = 'open\ny", ['name:x@1', 'punct:=@1', 'string:open@1', 'name:y@2']],
    ['#!/usr/bin/env node\nrun()', ['name:run@2', 'punct:(@2', 'punct:)@2']],
    ['(a) => a?.b', ['punct:(@1', 'name:a@1', 'punct:)@1', 'punct:=>@1', 'name:a@1', 'punct:?.@1', 'name:b@1']],
  ])('js %j', (text, tokens) => {
    expect(shape(text)).toEqual(tokens);
  });

  it.each<[string, string[]]>([
    ['x = f(1)  # f(2)', ['name:x@1', 'punct:=@1', 'name:f@1', 'punct:(@1', 'number:1@1', 'punct:)@1']],
    ['"""doc\n# not a comment"""\ny', ['string:doc\n# not a comment@1', 'name:y@3']],
    ["s = f'{a}' + rb'x'", ['name:s@1', 'punct:=@1', 'string:{a}@1', 'punct:+@1', 'string:x@1']],
    ['a // b', ['name:a@1', 'punct:/@1', 'punct:/@1', 'name:b@1']],
  ])('python %j', (text, tokens) => {
    expect(shape(text, 'python')).toEqual(tokens);
  });

  it('pairs brackets, skipping a stray one', () => {
    const tokens = tokenize('f(a[1], { b: (c) })');
    const pairs = matchBrackets(tokens);
    expect(pairs.get(1)).toBe(tokens.length - 1);
    expect(matchBrackets(tokenize('( ] )')).get(0)).toBe(2);
    expect(matchBrackets(tokenize('{ ( }')).get(0)).toBe(2);
  });
});

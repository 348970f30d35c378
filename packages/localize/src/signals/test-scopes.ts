// The shape of a test file as the test-calls signal needs it: where each test's body is (the
// arguments of `test(...)`/`it(...)`/`t.test(...)`, a pytest `def test_*`), where its helper
// functions are and what their parameters are, where any function's body is and what its parameters
// are (a callback's code is not an argument's value), and which names the file binds itself
// (variables, parameters: not the code's names) or imports (the code's names). Token ranges over the
// tokenizer's output; no parser needed. Pure.

import { pythonFunctionsOf } from '../coverage/python.js';
import { matchBrackets, type Token } from './tokens.js';

/** Tokens [from, to) of the source. */
export interface Region {
  from: number;
  to: number;
}

export interface Helper extends Region {
  params: Set<string>;
}

export interface TestScopes {
  tokens: Token[];
  /** Opening bracket index → closing bracket index. */
  pairs: Map<number, number>;
  /** Each test's region, and the name it was given (its first string argument, '' when none). */
  tests: Array<Region & { title: string }>;
  /** Functions the test file defines, by name: their bodies and parameters. */
  helpers: Map<string, Helper>;
  /** The body of every function, arrow and callback in the file, with its parameters. */
  bodies: Helper[];
  /** Names the file binds itself (variables, parameters, functions), imports excepted. */
  locals: Set<string>;
  /** Names bound by an import or a require() of a module. */
  imported: Set<string>;
  /** An imported name bound under another (`{ parse: read } = require('..')`, `import { parse as read }`): local → the module's. */
  aliases?: Map<string, string>;
}

/** The functions that define a test, as the JS runners name them (`test`, `it`, `test.only`, `it.each(t)`). */
const TEST_FUNCTIONS = new Set(['test', 'it', 'specify', 'xit', 'fit', 'xtest']);

interface Js {
  tokens: Token[];
  pairs: Map<number, number>;
  openOf: Map<number, number>;
}

export function jsScopes(tokens: Token[]): TestScopes {
  const pairs = matchBrackets(tokens);
  const js: Js = { tokens, pairs, openOf: new Map([...pairs].map(([open, close]) => [close, open] as const)) };
  const scopes: TestScopes = { tokens, pairs, tests: [], helpers: new Map(), bodies: [], locals: new Set(), imported: new Set(), aliases: new Map() };
  tokens.forEach((t, k) => {
    if (tokens[k - 1]?.text === '.') {
      const open = t.text === 'test' ? subtestArguments(js, k) : null;
      if (open !== null) scopes.tests.push({ from: open, to: pairs.get(open)! + 1, title: tokens[open + 1]!.text });
      return;
    }
    if (t.kind === 'name' && TEST_FUNCTIONS.has(t.text)) {
      const open = testArguments(tokens, pairs, k);
      if (open !== null) scopes.tests.push({ from: open, to: pairs.get(open)! + 1, title: tokens[open + 1]?.kind === 'string' ? tokens[open + 1]!.text : '' });
    }
    const fn = t.text === 'function' || t.text === '=>' ? functionAt(js, k) : null;
    if (fn) {
      scopes.bodies.push(fn);
      for (const name of fn.params) scopes.locals.add(name);
      if (t.text === 'function' && tokens[k + 1]?.kind === 'name') scopes.helpers.set(tokens[k + 1]!.text, fn);
    }
    if (t.kind === 'name') bindings(js, k, scopes);
  });
  for (const name of scopes.imported) scopes.locals.delete(name);
  return scopes;
}

/** The `(` of a test's arguments: `test(`, `test.only(`, `it.each(table)(`; null when `k` starts none. */
function testArguments(tokens: readonly Token[], pairs: ReadonlyMap<number, number>, k: number): number | null {
  let j = k + 1;
  while (tokens[j]?.text === '.' && tokens[j + 1]?.kind === 'name') j += 2;
  if (tokens[j]?.text !== '(' || !pairs.has(j)) return null;
  const close = pairs.get(j)!;
  // `it.each(table)(name, fn)`: the second group holds the test.
  return j > k + 1 && tokens[close + 1]?.text === '(' && pairs.has(close + 1) ? close + 1 : j;
}

/**
 * `t.test('title', (t) => {...})`: a subtest (node:test's context, tap's `t` and `tap`), whose
 * arguments open at the returned index. Only a plain name's method, called with a title and a
 * function: `re.test(text)` and `/x/.test('abc')` are no tests.
 */
function subtestArguments({ tokens, pairs }: Js, k: number): number | null {
  const open = k + 1;
  if (tokens[k - 2]?.kind !== 'name' || tokens[k - 3]?.text === '.' || tokens[open]?.text !== '(' || tokens[open + 1]?.kind !== 'string') return null;
  const close = pairs.get(open);
  if (close === undefined) return null;
  for (let j = open + 2; j < close; j++) if (tokens[j]!.text === '=>' || tokens[j]!.text === 'function') return open;
  return null;
}

/** Records what name token `k` declares: a function's name, variables (helpers when functions), imports. */
function bindings(js: Js, k: number, scopes: TestScopes): void {
  const { tokens, pairs } = js;
  const t = tokens[k]!;
  const next = tokens[k + 1];
  if (t.text === 'function' && next?.kind === 'name') scopes.locals.add(next.text);
  else if ((t.text === 'const' || t.text === 'let' || t.text === 'var') && next) declaration(js, k + 1, scopes);
  else if (t.text === 'import' && next?.text !== '(' && next?.text !== '.') {
    for (let j = k + 1; j < tokens.length && tokens[j]!.text !== 'from' && tokens[j]!.kind !== 'string'; j++) {
      if (tokens[j]!.kind === 'name' && !['as', 'type', 'typeof'].includes(tokens[j]!.text) && tokens[j + 1]?.text !== 'as') scopes.imported.add(tokens[j]!.text);
      if (tokens[j]!.text === 'as' && tokens[j - 1]?.kind === 'name' && tokens[j + 1]?.kind === 'name' && tokens[j - 1]!.text !== '*') scopes.aliases?.set(tokens[j + 1]!.text, tokens[j - 1]!.text);
    }
  } else if (t.text === 'catch' && next?.text === '(') namesIn(tokens, k + 2, pairs.get(k + 1) ?? k + 2, scopes.locals);
  else if (t.text === 'class' && next?.kind === 'name') scopes.locals.add(next.text);
}

/** `const x = ...`, `const { a, b: c } = require('..')`: helpers for function values, imports for require(). */
function declaration(js: Js, k: number, scopes: TestScopes): void {
  const { tokens, pairs } = js;
  const names = new Set<string>();
  const patternEnd = pairs.get(k);
  if (patternEnd !== undefined) namesIn(tokens, k + 1, patternEnd, names);
  else if (tokens[k]!.kind === 'name') names.add(tokens[k]!.text);
  const eq = (patternEnd ?? k) + 1;
  let value = eq + 1;
  while (tokens[value]?.text === 'await' || tokens[value]?.text === 'async') value++;
  const required = tokens[eq]?.text === '=' && (tokens[value]?.text === 'require' || tokens[value]?.text === 'import') && tokens[value + 1]?.text === '(';
  for (const name of names) (required ? scopes.imported : scopes.locals).add(name);
  // `{ parse: read } = require('..')`: a call of `read` is a call of the module's `parse`.
  if (required && patternEnd !== undefined) {
    for (let j = k + 1; j < patternEnd; j++) {
      if (tokens[j]!.kind === 'name' && tokens[j + 1]?.text === ':' && tokens[j + 2]?.kind === 'name' && tokens[j - 1]?.text !== '.') scopes.aliases?.set(tokens[j + 2]!.text, tokens[j]!.text);
    }
  }
  if (tokens[eq]?.text !== '=' || names.size !== 1) return;
  // The function a value starts with: `function`, or the `=>` after `(...)` or a lone parameter.
  const at = tokens[value]?.text === 'function' ? value : tokens[value]?.text === '(' ? (pairs.get(value) ?? -2) + 1 : value + 1;
  const fn = tokens[at]?.text === 'function' || tokens[at]?.text === '=>' ? functionAt(js, at) : null;
  if (fn) scopes.helpers.set([...names][0]!, fn);
}

/** Binding names between two token indexes: a pattern's keys before `:` are property names, not bindings. */
function namesIn(tokens: readonly Token[], from: number, to: number, into: Set<string>): void {
  for (let j = from; j < to; j++) if (tokens[j]!.kind === 'name' && tokens[j + 1]?.text !== ':') into.add(tokens[j]!.text);
}

/** The function at a `function` keyword or an `=>`: its parameters and its body; null when there is none. */
function functionAt(js: Js, k: number): Helper | null {
  const { tokens, pairs, openOf } = js;
  const params = new Set<string>();
  if (tokens[k]!.text === '=>') {
    const prev = tokens[k - 1];
    if (prev?.kind === 'name') params.add(prev.text);
    else if (prev?.text === ')') namesIn(tokens, (openOf.get(k - 1) ?? k - 1) + 1, k - 1, params);
    const start = k + 1;
    if (tokens[start]?.text === '{' && pairs.has(start)) return { from: start, to: pairs.get(start)! + 1, params };
    return { from: start, to: expressionEnd(js, start), params };
  }
  const paren = tokens[k + 1]?.kind === 'name' ? k + 2 : k + 1;
  const close = tokens[paren]?.text === '(' ? pairs.get(paren) : undefined;
  if (close === undefined) return null;
  namesIn(tokens, paren + 1, close, params);
  // A TypeScript return type may stand between the parameters and the body.
  for (let j = close + 1; j < tokens.length && j < close + 20; j++) {
    if (tokens[j]!.text === '{' && pairs.has(j)) return { from: j, to: pairs.get(j)! + 1, params };
  }
  return null;
}

/** Operators after which an expression goes on on the next line. */
const CONTINUES = new Set(['.', '?.', ',', '(', '[', '{', '=', '=>', '+', '-', '*', '/', '?', ':', '&&', '||', '&', '|']);

/** Where an arrow's expression body ends: `;`, `,` or a closer at its depth, or a new line that does not continue it. */
function expressionEnd({ tokens, pairs }: Js, start: number): number {
  let j = start;
  while (j < tokens.length) {
    const t = tokens[j]!;
    if (t.kind === 'punct' && (t.text === ';' || t.text === ',' || t.text === ')' || t.text === ']' || t.text === '}')) break;
    if (j > start && t.line > tokens[j - 1]!.line && !CONTINUES.has(tokens[j - 1]!.text) && t.text !== '.') break;
    j = pairs.has(j) ? pairs.get(j)! + 1 : j + 1;
  }
  return j;
}

/** pytest's shape: `def test_*` bodies are tests, other `def`s helpers; `import`/`from` names are imported. */
export function pythonScopes(source: string, tokens: Token[]): TestScopes {
  const pairs = matchBrackets(tokens);
  const scopes: TestScopes = { tokens, pairs, tests: [], helpers: new Map(), bodies: [], locals: new Set(), imported: new Set() };
  const lastLine = new Map<number, number>();
  for (const [line, owner] of pythonFunctionsOf(source)) lastLine.set(owner.line, Math.max(lastLine.get(owner.line) ?? owner.line, line));
  tokens.forEach((t, k) => {
    if (t.kind !== 'name') return;
    if (t.text === 'def' && tokens[k + 1]?.kind === 'name' && tokens[k + 2]?.text === '(') {
      const name = tokens[k + 1]!.text;
      const params = new Set<string>();
      namesIn(tokens, k + 3, pairs.get(k + 2) ?? k + 3, params);
      const after = tokens.findIndex((x, j) => j > k && x.line > (lastLine.get(t.line) ?? t.line));
      const region = { from: k, to: after < 0 ? tokens.length : after, params };
      scopes.bodies.push(region);
      if (name.startsWith('test')) scopes.tests.push({ ...region, title: name });
      else if (!scopes.helpers.has(name)) scopes.helpers.set(name, region);
      scopes.locals.add(name);
      for (const p of params) scopes.locals.add(p);
    } else if (t.text === 'import') {
      for (let j = k + 1; j < tokens.length && tokens[j]!.line === t.line; j++) {
        if (tokens[j]!.kind === 'name' && tokens[j]!.text !== 'as' && tokens[j + 1]?.text !== 'as' && tokens[j + 1]?.text !== '.') scopes.imported.add(tokens[j]!.text);
      }
    } else if (tokens[k + 1]?.text === '=' && tokens[k + 2]?.text !== '=' && tokens[k - 1]?.text !== '.') scopes.locals.add(t.text);
  });
  return scopes;
}

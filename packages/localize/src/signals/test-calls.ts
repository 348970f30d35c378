// The functions a failing test calls. A unit test calls the unit it tests (test-to-code traceability
// names this link): `res.location(url)`, `new CookieJar()`, `parse(text)`. The failing test's body is
// found from its frames in the test file (the assertion that failed stands inside it) or its name;
// the calls it makes there count at 0 hops, those of the test file's helpers it calls at 1 hop (2 for
// a helper's helper). A helper arranges and acts: the call that receives the helper's parameters
// (the test's own input, `res.location(target)`) is the act; calls on constants (`app.listen(0)`,
// `createApp()`) are set-up. The test's own names (variables, parameters, helpers) and the words every
// test uses (assertion APIs, built-ins) are no calls of the code. Pure.

import { builtinModules } from 'node:module';
import { isStopWord } from './identifiers.js';
import { jsScopes, pythonScopes, type Helper, type Region, type TestScopes } from './test-scopes.js';
import { tokenize, type Language, type Token } from './tokens.js';

export interface TestCall {
  name: string;
  /** 0: in the failing test's body; 1: in a helper it calls; 2: in a helper's helper. */
  hops: number;
  /** In a helper, a call that takes none of the helper's parameters: set-up, not the act on the test's input. */
  setup?: true;
  /** The called function's highest line Ochiai in the file, when below 1 (the passing tests ran it too). */
  ochiai?: number;
}

export const MAX_HELPER_HOPS = 2;

export interface TestCallsInput {
  source: string;
  language: Language;
  /** Lines of this file in the failing traces, nearest the failure first. */
  frameLines: readonly number[];
  /** The failing tests' names as the runner printed them. */
  testNames: readonly string[];
}

/** Words that start a parenthesis without calling anything. */
const NOT_CALLS = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'typeof', 'await', 'async', 'super', 'import', 'require', 'elif', 'not', 'and', 'or', 'in', 'print', 'assert', 'lambda', 'yield']);

export interface TestCalls {
  /** One per name (the act before set-up, then fewest hops), by hops then name. */
  calls: TestCall[];
  /** True when the failing test was found in the file (by a frame or its name). */
  found: boolean;
}

/**
 * The calls of the failing test, or, when no test of the file can be told to be the failing one,
 * every call the file's tests make, at 1 hop: still the code under test, less surely.
 */
export function failingTestCalls(input: TestCallsInput): TestCalls {
  const tokens = tokenize(input.source, input.language);
  const scopes = input.language === 'python' ? pythonScopes(input.source, tokens) : jsScopes(tokens);
  const failing = failingTest(scopes, input);
  const found = new Map<string, TestCall>();
  const walked = new Map<string, number>();
  const walk = (region: Region, hops: number, helper?: Helper) => {
    for (const call of callsIn(scopes, region, helper?.params)) {
      const own = call.plain ? scopes.helpers.get(call.name) : undefined;
      if (own) {
        if (hops < MAX_HELPER_HOPS && (walked.get(call.name) ?? Infinity) > hops + 1) {
          walked.set(call.name, hops + 1);
          walk(own, hops + 1, own);
        }
      } else if (call.counts) {
        const next: TestCall = { name: call.name, hops, ...(helper && !call.input ? { setup: true as const } : {}) };
        const known = found.get(call.name);
        if (!known || stronger(next, known)) found.set(call.name, next);
      }
    }
  };
  if (failing) walk(failing, 0);
  else for (const test of scopes.tests) walk(test, 1);
  const calls = [...found.values()].sort((a, b) => a.hops - b.hops || (a.name < b.name ? -1 : 1));
  return { calls, found: failing !== null };
}

/** Which of two calls of one name to keep: the act before set-up, then fewer hops. */
export function stronger(a: TestCall, b: TestCall): boolean {
  if (Boolean(a.setup) !== Boolean(b.setup)) return !a.setup;
  return a.hops < b.hops;
}

/**
 * The innermost test holding a failing frame's line (nearest the failure first), else the one whose
 * title is a failing name, else, for an assertion outside any test (tap's top-level `t.equal(...)` in
 * a loop over cases), the innermost function holding the nearest frame's line, or that line itself.
 */
function failingTest(scopes: TestScopes, input: TestCallsInput): Region | null {
  const { tests, tokens } = scopes;
  const holds = (region: Region, line: number) => tokens.slice(region.from, region.to).some((token) => token.line === line);
  for (const line of input.frameLines) {
    const holding = tests.filter((t) => holds(t, line));
    if (holding.length > 0) return innermost(holding);
  }
  const names = input.testNames.map(plain);
  const named = tests.find((t) => plain(t.title).length >= 3 && names.some((n) => n === plain(t.title) || n.startsWith(plain(t.title))));
  if (named) return named;
  const nearest = input.frameLines[0];
  if (nearest === undefined) return null;
  const bodies = scopes.bodies.filter((b) => holds(b, nearest));
  const onLine = tokens.flatMap((token, k) => (token.line === nearest ? [k] : []));
  const around = bodies.length > 0 ? innermost(bodies) : onLine.length > 0 ? { from: onLine[0]!, to: onLine.at(-1)! + 1 } : null;
  // Only when it calls something of the code's or a helper: a frame on an import line tells no test.
  const calls = around ? callsIn(scopes, around) : [];
  return calls.some((c) => c.counts || (c.plain && scopes.helpers.has(c.name))) ? around : null;
}

/** The smallest of regions that nest (the innermost test or function around a line). */
function innermost<R extends Region>(regions: readonly R[]): R {
  return regions.reduce((a, b) => (b.to - b.from < a.to - a.from ? b : a));
}

/** Titles as runners print them lose escapes and keep single spaces; a template's title is its static start. */
const plain = (title: string) => title.replace(/\\/g, '').replace(/\s+/g, ' ').trim();

interface Call {
  name: string;
  /** `f(...)` rather than `x.f(...)`: only a plain call can be a call of a helper. */
  plain: boolean;
  /** Whether it names the code's function: a member call or a call of an imported name, not a stop word. */
  counts: boolean;
  /** Whether one of its arguments is a parameter of the enclosing helper (itself, not inside a callback). */
  input: boolean;
}

/**
 * Objects whose methods are the platform's, not the code's: JavaScript's globals, Node's modules and
 * Python's most common ones (`JSON.stringify`, `http.createServer`, `json.dumps`), and a function's
 * own `call`/`apply`/`bind`.
 */
const PLATFORM_OBJECTS = new Set([...builtinModules.filter((m) => !m.startsWith('_')), 'Object', 'Array', 'JSON', 'Math', 'Promise', 'Reflect', 'Number', 'String', 'Symbol', 'Buffer', 'Date', 'RegExp', 'Map', 'Set', 'console', 'process', 'globalThis', 'Intl', 'BigInt', 'os', 'sys', 're', 'json']);
const FUNCTION_METHODS = new Set(['call', 'apply', 'bind']);

/** `x.f(`, `new X(`, `new x.X(`, `f(` inside a region; `params`: the enclosing helper's. */
function callsIn(scopes: TestScopes, region: Region, params?: ReadonlySet<string>): Call[] {
  const { tokens, locals, imported } = scopes;
  const calls: Call[] = [];
  for (let k = region.from; k < region.to; k++) {
    const t = tokens[k]!;
    const prev = tokens[k - 1];
    const member = prev?.text === '.' || prev?.text === '?.';
    const constructed = prev?.text === 'new' || (member && newBefore(tokens, k));
    if (t.kind !== 'name' || NOT_CALLS.has(t.text) || !(tokens[k + 1]?.text === '(' || (constructed && tokens[k + 1]?.text !== '.'))) continue;
    if (prev?.text === 'function' || prev?.text === 'def' || (member && (onPlatform(tokens, k) || onPlatformArgument(scopes, k)))) continue;
    // A member call names the code's method whatever the test calls its own variables; a plain call
    // does only when the name was imported (not a local, not a global such as setTimeout).
    const code = member || (imported.has(t.text) && !locals.has(t.text));
    const input = params !== undefined && actsOnInput(scopes, k, member, params);
    // An imported function bound under another name is called by the module's name for it.
    const name = !member && imported.has(t.text) ? (scopes.aliases?.get(t.text) ?? t.text) : t.text;
    calls.push({ name, plain: !member, counts: code && !isStopWord(name), input });
  }
  return calls;
}

/** The act on the test's input: a helper's parameter is the object called on (`server.listen()`) or an argument. */
function actsOnInput(scopes: TestScopes, k: number, member: boolean, params: ReadonlySet<string>): boolean {
  const { tokens } = scopes;
  const receiver = member && tokens[k - 2]?.kind === 'name' && tokens[k - 3]?.text !== '.' ? tokens[k - 2]!.text : undefined;
  if (receiver !== undefined && params.has(receiver)) return true;
  return tokens[k + 1]?.text === '(' && takes(scopes, k + 1, params);
}

/** Whether the arguments from the `(` at `open` use one of `params` as a value (not a property, not inside a callback). */
function takes({ tokens, pairs, bodies }: TestScopes, open: number, params: ReadonlySet<string>): boolean {
  const close = pairs.get(open) ?? open;
  for (let j = open + 1; j < close; j++) {
    const t = tokens[j]!;
    if (t.kind !== 'name' || !params.has(t.text) || tokens[j - 1]?.text === '.' || tokens[j + 1]?.text === ':') continue;
    if (!bodies.some((b) => b.from > open && b.to <= close && b.from <= j && j < b.to)) return true;
  }
  return false;
}

/** `new a.b.C`: the name at `k` ends a member chain that `new` starts. */
function newBefore(tokens: readonly Token[], k: number): boolean {
  let j = k - 1;
  while (tokens[j]?.text === '.' && tokens[j - 1]?.kind === 'name') j -= 2;
  return tokens[j]?.text === 'new';
}

/** A method of the platform: `JSON.stringify(`, `http.get(`, `fn.call(`. */
function onPlatform(tokens: readonly Token[], k: number): boolean {
  if (FUNCTION_METHODS.has(tokens[k]!.text)) return true;
  const object = tokens[k - 2];
  return object?.kind === 'name' && tokens[k - 3]?.text !== '.' && PLATFORM_OBJECTS.has(object.text);
}

/**
 * A method of an object the platform made: `res.setHeader()` in the test's own server,
 * `http.createServer((req, res) => ...)`, where `res` is a parameter of a function handed to a
 * platform call. The innermost function taking the receiver as a parameter decides.
 */
function onPlatformArgument(scopes: TestScopes, k: number): boolean {
  const { tokens, bodies } = scopes;
  const receiver = tokens[k - 2];
  if (receiver?.kind !== 'name' || tokens[k - 3]?.text === '.') return false;
  const holding = bodies.filter((b) => b.from <= k && k < b.to && b.params.has(receiver.text));
  return holding.length > 0 && handedToPlatform(scopes, innermost(holding));
}

const platformCallbacks = new WeakMap<Helper, boolean>();

/** Whether a function is an argument of a platform call (`http.createServer(fn)`); remembered per function. */
function handedToPlatform({ tokens, pairs }: TestScopes, fn: Helper): boolean {
  let known = platformCallbacks.get(fn);
  if (known === undefined) {
    // The argument list the function stands in: the innermost `(` around its body.
    let open = -1;
    for (const [o, c] of pairs) if (tokens[o]!.text === '(' && o < fn.from && c >= fn.to && o > open) open = o;
    known = open > 0 && tokens[open - 1]?.kind === 'name' && onPlatform(tokens, open - 1);
    platformCallbacks.set(fn, known);
  }
  return known;
}

/**
 * The word of a V8 or Python function name a call would use: `exports.Parser.Parser.reset` → `reset`,
 * `get urlencoded` → `urlencoded`, `app.<computed>` → null.
 */
export function calledName(functionName: string): string | null {
  const last = functionName.split(/[.\s]/).at(-1) ?? '';
  return /^[A-Za-z_$][\w$]*$/.test(last) ? last : null;
}

/**
 * The test's calls that `names` (the functions a file ran or defines, each with the highest Ochiai of
 * its lines) answers; a call into a function the passing tests also ran carries that Ochiai.
 */
export function matchTestCalls(calls: readonly TestCall[], names: ReadonlyMap<string, number>): TestCall[] {
  return calls.flatMap((c) => {
    const top = names.get(c.name);
    if (top === undefined) return [];
    return top < 1 ? [{ ...c, ochiai: Math.round(top * 1000) / 1000 }] : [c];
  });
}

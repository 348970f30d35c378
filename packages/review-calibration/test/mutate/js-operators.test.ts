// One line per case: a snippet, the operator, and the line it must turn into (or must not).

import { describe, expect, it } from 'vitest';
import { generateMutants } from '../../src/plants/mutate/index.js';

/** [operator, snippet (a whole small file), the expected mutated line]. */
const CASES: Array<[string, string, string]> = [
  ['relax-boundary', 'for (let i = 0; i < n; i++) f(i);', 'for (let i = 0; i <= n; i++) f(i);'],
  ['relax-boundary', 'if (a > b) g();', 'if (a >= b) g();'],
  ['tighten-boundary', 'if (a >= b) g();', 'if (a > b) g();'],
  ['tighten-boundary', 'while (i <= n) i++;', 'while (i < n) i++;'],
  ['shift-index', 'const x = arr[i];', 'const x = arr[i + 1];'],
  ['shift-index', 'const head = arr[0];', 'const head = arr[1];'],
  ['shift-index', 'const last = arr[arr.length - 1];', 'const last = arr[arr.length];'],
  ['shift-length-bound', 'while (i < xs.length) i++;', 'while (i < xs.length - 1) i++;'],
  ['shift-length-bound', 'for (let i = 0; i <= xs.length - 1; i++) f(i);', 'for (let i = 0; i <= xs.length; i++) f(i);'],
  ['invert-comparison', "if (role === 'admin') allow();", "if (role !== 'admin') allow();"],
  ['invert-comparison', 'if (x != null) use(x);', 'if (x == null) use(x);'],
  ['swap-logical-operator', 'const ok = a && b;', 'const ok = a || b;'],
  ['swap-logical-operator', 'const ok = a || b;', 'const ok = a && b;'],
  ['negate-condition', 'if (ready) start();', 'if (!ready) start();'],
  ['negate-condition', 'if (!ready) wait();', 'if (ready) wait();'],
  ['negate-condition', 'const v = a > b ? a : b;', 'const v = !(a > b) ? a : b;'],
  ['negate-condition', 'while (queue.length) queue.pop();', 'while (!queue.length) queue.pop();'],
  ['flip-boolean', 'const opts = { strict: true };', 'const opts = { strict: false };'],
  ['remove-optional-chain', 'const n = user?.name;', 'const n = user.name;'],
  ['remove-optional-chain', 'const r = cb?.();', 'const r = cb();'],
  ['remove-optional-chain', 'const y = list?.[0];', 'const y = list[0];'],
  ['nullish-to-or', 'const port = cfg.port ?? 8080;', 'const port = cfg.port || 8080;'],
  ['remove-null-guard', 'function f(x) {\n  if (x == null) return;\n  use(x);\n}', '  '],
  ['remove-null-guard', 'function f(x) {\n  if (!x) throw new Error("x");\n  use(x);\n}', '  '],
  ['remove-null-guard', "function f(x) {\n  if (typeof x === 'undefined') { return 0; }\n  return x;\n}", '  '],
  ['swap-additive', 'const t = a + b;', 'const t = a - b;'],
  ['swap-additive', 'const t = a - b;', 'const t = a + b;'],
  ['swap-multiplicative', 'const t = a * b;', 'const t = a / b;'],
  ['swap-multiplicative', 'const t = a / b;', 'const t = a * b;'],
  ['modulo-to-multiply', 'const odd = n % 2;', 'const odd = n * 2;'],
  ['return-null', 'function f() { return value; }', 'function f() { return null; }'],
  ['return-null', 'function f(): User | null {\n  return cache.get(id);\n}', '  return null;'],
  ['flip-return-boolean', 'function f() { return true; }', 'function f() { return false; }'],
  ['negate-return', 'function f(a, b) { return a < b; }', 'function f(a, b) { return !(a < b); }'],
  ['negate-return', 'function f(a) { return !a.done; }', 'function f(a) { return a.done; }'],
  ['remove-throw', "function f() {\n  throw new Error('unreachable');\n}", '  '],
  ['remove-throwing-guard', "function f(n) {\n  if (n > 9) throw new RangeError('too big');\n  return n;\n}", '  '],
  ['empty-catch', 'try { run(); } catch (e) { report(e); }', 'try { run(); } catch (e) {}'],
  ['empty-catch', 'try {\n  run();\n} catch (e) {\n  report(e);\n}', '  '],
  ['remove-await', 'async function f() { const r = await load(); }', 'async function f() { const r = load(); }'],
  ['swap-increment', 'count++;', 'count--;'],
  ['swap-increment', '--depth;', '++depth;'],
  ['swap-compound-assignment', 'total += price;', 'total -= price;'],
  ['swap-compound-assignment', 'total -= price;', 'total += price;'],
  ['remove-call', 'function f(x) {\n  save(x);\n  return 1;\n}', '  '],
  ['remove-call', 'async function f(x) {\n  await db.flush(x);\n}', '  '],
  ['change-string-literal', "const role = 'admin';", "const role = 'Admin';"],
  ['change-string-literal', 'const unit = "Kg";', 'const unit = "kg";'],
  ['change-string-literal', "const sep = ', ';", "const sep = '';"],
  ['change-regex', 'const re = /^a+$/;', 'const re = /a+$/;'],
  ['change-regex', 'const re = /a+$/;', 'const re = /a+/;'],
  ['change-regex', 'const re = /ab/i;', 'const re = /ab/;'],
  ['swap-arguments', 'transfer(from, to);', 'transfer(to, from);'],
  ['swap-arguments', 'const s = text.slice(start, end);', 'const s = text.slice(end, start);'],
  ['wrong-identifier', 'function f(width, height) { return width * 2; }', 'function f(width, height) { return height * 2; }'],
  ['wrong-identifier', 'function f(items) {\n  const item = items[0];\n  return item.id;\n}', '  return items.id;'],
  ['change-numeric-literal', 'const retries = 3;', 'const retries = 4;'],
  ['change-numeric-literal', 'let start = 0;', 'let start = 1;'],
  ['change-numeric-literal', 'const step = 1;', 'const step = 0;'],
  ['change-numeric-literal', 'const rate = 0.25;', 'const rate = 1.25;'],
];

/** [operator, snippet] pairs that must produce no mutant of that operator. */
const NEVER: Array<[string, string]> = [
  ['swap-additive', "const s = 'total: ' + n;"],
  ['swap-additive', 'const s = `${a}` + b;'],
  ['swap-compound-assignment', "html += '<br>';"],
  ['change-string-literal', "import x from 'lib';"],
  ['change-string-literal', "const m = require('lib');"],
  ['change-string-literal', "throw new Error('boom');"],
  ['change-string-literal', "'use strict';"],
  ['change-string-literal', "const o = { 'key': 1 };"],
  ['remove-call', "console.log('x');"],
  ['remove-call', 'class A extends B { constructor() {\n    super();\n  } }'],
  ['swap-arguments', 'const m = Math.max(a, b);'],
  ['swap-arguments', 'f(a, a);'],
  ['change-numeric-literal', 'interface P { x: 1 }'],
  ['change-numeric-literal', 'type N = 1 | 2;'],
  ['change-numeric-literal', 'enum E { A = 1 }'],
  ['change-numeric-literal', 'let x: Array<1> = [];'],
  ['wrong-identifier', 'function f(a, b) { return { a }; }'],
  ['wrong-identifier', 'function f(a, b) { a = 1; }'],
  ['wrong-identifier', 'function f(a, b) { return o.a; }'],
  ['wrong-identifier', 'function f(a) { return Math.abs(a); }'],
  ['remove-throw', 'function f(x) {\n  if (x) throw new Error("x");\n}'],
  ['remove-null-guard', 'function f(x) {\n  if (x == null) {\n    return;\n  }\n}'],
  ['shift-index', "const v = config['key'];"],
  ['shift-index', 'const v = prices[sku];'],
  // `?? ''` → `|| ''` (and `?? 0`, `?? false`) is equivalent: x's own falsy value gives the default.
  ['nullish-to-or', "const key = keyOf?.(item) ?? '';"],
  ['nullish-to-or', 'const n = counts.get(k) ?? 0;'],
  ['nullish-to-or', 'opts.verbose ??= false;'],
  // Under a declared return type without null, `return null` is a type error, not a review finding.
  ['return-null', 'function f(xs: number[]): number[] {\n  return xs;\n}'],
  ['return-null', 'async function f(): Promise<string> {\n  return name;\n}'],
  ['return-null', 'const f = (s: string): string => {\n  return s;\n};'],
  // Words for people: recasing a label or message is no bug.
  ['change-string-literal', "return helper.formatItemList('Usage:', [cmd.name()], helper);"],
  ['change-string-literal', "const title = 'Not found';"],
];

describe('JS/TS operators, case by case', () => {
  it('describes a boundary change by what the condition does, not as accepted or rejected input', async () => {
    // `if (width <= 0) throw` → `< 0`: the boundary value 0 is now ACCEPTED by the function, so
    // "the boundary value is now rejected" would tell the judge the opposite.
    const mutants = await generateMutants('guard.ts', "if (width <= 0) throw new Error('bad');\n");
    const tighten = mutants.find((m) => m.operator === 'tighten-boundary');
    expect(tighten?.description).toMatch(/no longer holds when both sides are equal/);
  });

  it.each(CASES)('%s: %s', async (operator, snippet, expected) => {
    const mutants = await generateMutants('snippet.ts', `${snippet}\n`);
    const mutatedLines = mutants.filter((m) => m.operator === operator).map((m) => m.mutated);
    expect(mutatedLines).toContain(expected);
  });

  it.each(NEVER)('no %s in: %s', async (operator, snippet) => {
    const mutants = await generateMutants('snippet.ts', `${snippet}\n`);
    expect(mutants.filter((m) => m.operator === operator).map((m) => m.mutated)).toEqual([]);
  });

  it('keeps removals on their line when the next statement starts with a parenthesis', async () => {
    const mutants = await generateMutants('asi.js', 'function f() {\n  let a = b\n  save(a)\n  ;(g || h)()\n}\n');
    expect(mutants.filter((m) => m.operator === 'remove-call' && m.line === 3)).toEqual([]);
  });

  it('drops a mutant that would not parse', async () => {
    // `a ?? b || c` is a syntax error (?? may not mix with || unparenthesised), so neither `??`
    // of a chain may become `||`; the numeric literal next to it still may change.
    const mutants = await generateMutants('chain.js', 'const v = a ?? b ?? 0;\n');
    expect(mutants.filter((m) => m.operator === 'nullish-to-or')).toEqual([]);
    expect(mutants.map((m) => m.mutated)).toContain('const v = a ?? b ?? 1;');
  });

  it('offers nothing for a file that does not parse', async () => {
    expect(await generateMutants('broken.ts', 'if (a < b {\n  return 1;\n}\n')).toEqual([]);
  });
});

// A small CommonJS package shaped like the real ones localization is for: `index.js` re-exports
// `lib/index.js`, which requires the modules that do the work; node's test runner tests require the
// package's main file. One variant throws deep inside a module (frames), one returns a wrong result
// without throwing (coverage and the graph); a committed node_modules dependency and a test helper
// run too and must never be ranked. Plus a small Python package for pytest.

import type { FileTree } from '@adlc/testkit';

const AMOUNT_OK = String.raw`/^(-)?(\d+)(?:\.(\d{1,2}))?$/`;
/** The bug of variant (a): one decimal digit only, so "12.50" is refused (and throws). */
const AMOUNT_BUGGY = String.raw`/^(-)?(\d+)(?:\.(\d))?$/`;

const amountJs = (pattern: string) => `// Amounts as people write them ("12.50", "-3") <-> integer cents.
const { LedgerError } = require('./errors');

const AMOUNT = ${pattern};

function parseAmount(text) {
  const match = AMOUNT.exec(String(text).trim());
  if (!match) {
    throw new LedgerError('invalid amount: ' + JSON.stringify(text));
  }
  const cents = Number(match[2]) * 100 + Number((match[3] || '0').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

module.exports = { parseAmount };
`;

const MERGE_GUARD = `    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;\n`;

/** Variant (b) drops the guard: merging {"__proto__": ...} writes into Object.prototype. */
const defaultsJs = (guard: string) => `// Options merged over the defaults, deeply.
const { isPlainObject } = require('./util');

const DEFAULTS = { separator: ';', currency: 'EUR', format: { decimals: 2, symbol: true } };

function mergeDefaults(target, source) {
  for (const key of Object.keys(source)) {
${guard}    const value = source[key];
    if (isPlainObject(value)) {
      if (!isPlainObject(target[key])) target[key] = {};
      mergeDefaults(target[key], value);
    } else {
      target[key] = value;
    }
  }
  return target;
}

function withDefaults(options) {
  return mergeDefaults(mergeDefaults({}, DEFAULTS), options || {});
}

module.exports = { mergeDefaults, withDefaults, DEFAULTS };
`;

export function ledgerPackage(variant: 'throws' | 'wrong-value' | 'fixed'): FileTree {
  return {
    'package.json': JSON.stringify({ name: 'ledger', version: '1.0.0', main: 'index.js', scripts: { test: 'node --test' } }, null, 2) + '\n',
    '.gitignore': 'coverage/\n',
    'index.js': "module.exports = require('./lib');\n",
    'lib/index.js': `const { parseAmount } = require('./amount');
const { parseLine } = require('./line');
const { mergeDefaults, withDefaults } = require('./defaults');
const { formatTotal } = require('./format');
const { sum } = require('./math');

function parseLedger(text, options) {
  const opts = withDefaults(options);
  const entries = text.split('\\n').filter(Boolean).map((line) => parseLine(line, opts));
  return { entries, total: sum(entries.map((e) => e.amount)) };
}

function report(text, options) {
  return formatTotal(parseLedger(text, options).total, withDefaults(options));
}

module.exports = { parseLedger, report, mergeDefaults, parseAmount };
`,
    'lib/line.js': `const { parseAmount } = require('./amount');
const { LedgerError } = require('./errors');

function parseLine(line, opts) {
  const parts = line.split(opts.separator);
  if (parts.length !== 2) throw new LedgerError('expected "name' + opts.separator + 'amount": ' + line);
  return { name: parts[0].trim(), amount: parseAmount(parts[1]) };
}

module.exports = { parseLine };
`,
    'lib/amount.js': amountJs(variant === 'throws' ? AMOUNT_BUGGY : AMOUNT_OK),
    'lib/errors.js': `class LedgerError extends Error {
  constructor(message) {
    super(message);
    this.name = 'LedgerError';
  }
}

module.exports = { LedgerError };
`,
    'lib/defaults.js': defaultsJs(variant === 'wrong-value' ? '' : MERGE_GUARD),
    'lib/util.js': `function isPlainObject(value) {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

module.exports = { isPlainObject };
`,
    'lib/format.js': `function formatTotal(cents, opts) {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const text = Math.floor(abs / 100) + '.' + String(abs % 100).padStart(opts.format.decimals, '0');
  return sign + text + (opts.format.symbol ? ' ' + opts.currency : '');
}

module.exports = { formatTotal };
`,
    'lib/math.js': `const add = require('tiny-add');

function sum(values) {
  return values.reduce(add, 0);
}

module.exports = { sum };
`,
    // A dependency committed to the repository: it runs on every parse, and is never a candidate.
    'node_modules/tiny-add/package.json': '{ "name": "tiny-add", "main": "index.js" }\n',
    'node_modules/tiny-add/index.js': 'module.exports = function add(a, b) {\n  const total = a + b;\n  return total;\n};\n',
    'test/helpers.js': "const ledger = require('..');\n\nfunction parseOne(line) {\n  const parsed = ledger.parseLedger(line);\n  return parsed.entries[0];\n}\n\nmodule.exports = { parseOne };\n",
    'test/amount.test.js': `const test = require('node:test');
const assert = require('node:assert');
const ledger = require('..');
const { parseOne } = require('./helpers');

test('parses amounts with cents', () => {
  assert.strictEqual(parseOne('tea;3').amount, 300);
  assert.strictEqual(parseOne('coffee;12.50').amount, 1250);
});
`,
    'test/defaults.test.js': `const test = require('node:test');
const assert = require('node:assert');
const ledger = require('..');

test('mergeDefaults does not pollute Object.prototype', () => {
  ledger.mergeDefaults({}, JSON.parse('{"__proto__": {"admin": true}}'));
  assert.strictEqual({}.admin, undefined);
});
`,
    'test/report.test.js': `const test = require('node:test');
const assert = require('node:assert');
const ledger = require('..');

test('report sums and formats', () => {
  assert.strictEqual(ledger.report('tea;3\\nbread;-1'), '2.00 EUR');
  assert.strictEqual(ledger.report('tea;3', { format: { symbol: false } }), '3.00');
});
`,
  };
}

/** The repro command of each variant. */
export const LEDGER_REPRO = { throws: 'node --test test/amount.test.js', 'wrong-value': 'node --test test/defaults.test.js' } as const;

/**
 * A Python package whose bug raises three calls below the test (pytest's traceback has the frames),
 * or, in `wrong-value`, quietly returns 0 (only coverage and the graph can tell).
 */
export function calcPackage(variant: 'raises' | 'wrong-value' = 'raises', { withPassingTest = false } = {}): FileTree {
  const refuse = variant === 'raises' ? 'raise ValueError("not a number: " + text)' : 'return 0';
  return {
    '.gitignore': '__pycache__/\n.pytest_cache/\n',
    'calc/__init__.py': 'from calc.engine import evaluate\n\n__all__ = ["evaluate"]\n',
    'calc/engine.py': 'from calc.parse import tokens\nfrom calc.ops import apply\n\n\ndef evaluate(text):\n    left, op, right = tokens(text)\n    return apply(op, left, right)\n',
    'calc/parse.py':
      'from calc.util import to_number\n\n\ndef tokens(text):\n    for op in "+-*":\n        if op in text:\n            left, right = text.split(op)\n            return to_number(left), op, to_number(right)\n    raise ValueError("no operator in " + text)\n',
    // The bug: a number may not have more than one digit, and it raises three calls below the test.
    'calc/util.py': `def to_number(text):\n    text = text.strip()\n    if len(text) != 1 or not text.isdigit():\n        ${refuse}\n    return int(text)\n`,
    'calc/ops.py': 'def apply(op, left, right):\n    if op == "+":\n        return left + right\n    if op == "-":\n        return left - right\n    return left * right\n',
    'calc/format.py': 'def show(value):\n    return str(value)\n',
    'tests/test_calc.py': `from calc import evaluate\n\n\ndef test_adds_two_digit_numbers():\n    assert evaluate("12+30") == 42\n${
      withPassingTest ? '\n\ndef test_adds_one_digit_numbers():\n    assert evaluate("3+4") == 7\n' : ''
    }`,
  };
}

/** The bug of `routerPackage`: every backslash is percent-encoded, so a browser reads another host. */
const LOCATION_BUGGY = "encodeURI(url).replace(/%5C/g, '%5C')";
const LOCATION_FIXED = "encodeURI(url).replace(/%5C/g, '\\\\')";

/**
 * A small web framework shaped like express: `lib/app.js` wires a router (busy: it matches every
 * layer and parses parameters on each request) and a response whose `location()` holds a wrong-value
 * bug. The test reaches `res.location()` through a helper of its own; coverage alone would rank the
 * router first (it did most of the work), the test's call of `location` names the response.
 */
export function routerPackage(variant: 'buggy' | 'fixed' = 'buggy'): FileTree {
  return {
    'package.json': JSON.stringify({ name: 'tinyweb', version: '1.0.0', main: 'index.js' }, null, 2) + '\n',
    'index.js': "module.exports = require('./lib/app');\n",
    'lib/app.js': `const { Router } = require('./router');
const { Response } = require('./response');

function createApp() {
  const router = new Router();
  return {
    get(path, handler) {
      router.add('GET', path, handler);
      return this;
    },
    handle(method, url) {
      const res = new Response();
      router.dispatch(method, url, res);
      return res;
    },
  };
}

module.exports = createApp;
`,
    'lib/router.js': `// Matches a request against every layer, in order, and parses the path's parameters.
class Layer {
  constructor(method, path, handler) {
    this.method = method;
    this.keys = [];
    const parts = path.split('/').map((part) => {
      if (part.startsWith(':')) {
        this.keys.push(part.slice(1));
        return '([^/]+)';
      }
      return part.replace(/[.*+?^$]/g, '\\\\$&');
    });
    this.regexp = new RegExp('^' + parts.join('/') + '/?$');
    this.handler = handler;
  }

  match(method, path) {
    if (method !== this.method) return null;
    const m = this.regexp.exec(path);
    if (!m) return null;
    const params = {};
    this.keys.forEach((key, i) => {
      params[key] = decodeURIComponent(m[i + 1]);
    });
    return params;
  }
}

class Router {
  constructor() {
    this.stack = [];
  }

  add(method, path, handler) {
    this.stack.push(new Layer(method, path, handler));
  }

  dispatch(method, url, res) {
    const [path, query = ''] = url.split('?');
    const req = { method, path, query: parseQuery(query), params: {} };
    for (const layer of this.stack) {
      const params = layer.match(method, path);
      if (params === null) continue;
      req.params = params;
      layer.handler(req, res);
      if (res.finished) return;
    }
    res.status(404).end();
  }
}

function parseQuery(query) {
  const out = {};
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const [key, value = ''] = pair.split('=');
    out[decodeURIComponent(key)] = decodeURIComponent(value);
  }
  return out;
}

module.exports = { Router, Layer, parseQuery };
`,
    'lib/response.js': `class Response {
  constructor() {
    this.statusCode = 200;
    this.headers = {};
    this.finished = false;
  }

  status(code) {
    this.statusCode = code;
    return this;
  }

  location(url) {
    this.headers.location = ${variant === 'buggy' ? LOCATION_BUGGY : LOCATION_FIXED};
    return this;
  }

  end() {
    this.finished = true;
    return this;
  }
}

module.exports = { Response };
`,
    'test/redirect.test.js': `const test = require('node:test');
const assert = require('node:assert/strict');
const createApp = require('..');

function locationFor(target) {
  const app = createApp()
    .get('/a/:id/b/:name', (req, res) => res.status(200).end())
    .get('/c/:id', (req, res) => res.status(200).end())
    .get('/go', (req, res) => res.location(target).status(302).end());
  return app.handle('GET', '/go?from=home&x=1').headers.location;
}

test('a backslash in a redirect target is kept', () => {
  assert.equal(locationFor('//trusted\\\\@evil'), '//trusted\\\\@evil');
});

test('a plain path is kept', () => {
  assert.equal(locationFor('/home'), '/home');
});
`,
  };
}

/** The bug of `calcPackage`'s JS twin `enginePackage`: `^` is rewritten to a product, not a power. */
const POWER_BUGGY = "'*'";
const POWER_FIXED = "'**'";

/**
 * An expression engine shaped like a sandbox: `lib/engine.js` (what the test calls: `new Engine()`,
 * `engine.run(expr)`) hands the text to `lib/rewrite.js`, which turns the user's notation into the
 * evaluator's, then to `lib/evaluate.js` (busy: a tokenizer and a recursive-descent evaluator). The
 * passing test runs every line of the engine that the failing one runs; the failing input (`^`)
 * alone takes the rewriter's branch that holds the bug, and the evaluator then sees only operators
 * the passing input used as well. The test's calls name the engine; the one line only the failing
 * test ran names the rewriter.
 */
export function enginePackage(variant: 'buggy' | 'fixed' = 'buggy'): FileTree {
  return {
    'package.json': JSON.stringify({ name: 'tinycalc', version: '1.0.0', main: 'index.js' }, null, 2) + '\n',
    'index.js': `const { Engine } = require('./lib/engine');
const { rewrite } = require('./lib/rewrite');
const { evaluate } = require('./lib/evaluate');

module.exports = { Engine, rewrite, evaluate };
`,
    'lib/engine.js': `const { rewrite } = require('./rewrite');
const { evaluate } = require('./evaluate');

class Engine {
  constructor(options = {}) {
    this.precision = options.precision === undefined ? 6 : options.precision;
    this.history = [];
    this.limit = options.limit === undefined ? 100 : options.limit;
  }

  run(expression) {
    const source = rewrite(String(expression));
    const value = evaluate(source);
    const rounded = this.round(value);
    this.remember(expression, rounded);
    return rounded;
  }

  round(value) {
    const factor = Math.pow(10, this.precision);
    const scaled = Math.round(value * factor);
    const result = scaled / factor;
    return Object.is(result, -0) ? 0 : result;
  }

  remember(expression, value) {
    this.history.push({ expression, value });
    const extra = this.history.length - this.limit;
    const start = Math.max(0, extra);
    this.history = this.history.slice(start);
  }
}

module.exports = { Engine };
`,
    'lib/rewrite.js': `// The user's notation to the evaluator's: unicode operators, a caret for powers.
const SYMBOLS = { '\\u00d7': '*', '\\u00f7': '/', '\\u2212': '-' };

function rewrite(text) {
  let out = '';
  for (const ch of text.trim()) {
    if (ch === '^') {
      out += ${variant === 'buggy' ? POWER_BUGGY : POWER_FIXED};
      continue;
    }
    out += SYMBOLS[ch] === undefined ? ch : SYMBOLS[ch];
  }
  return out;
}

module.exports = { rewrite };
`,
    'lib/evaluate.js': `// A tokenizer and a recursive-descent evaluator: numbers, + - * / **, parentheses.
function tokenize(source) {
  const tokens = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    if (ch === ' ') {
      i += 1;
      continue;
    }
    if (/[0-9.]/.test(ch)) {
      let j = i;
      while (j < source.length && /[0-9.]/.test(source[j])) j += 1;
      tokens.push({ type: 'number', value: Number(source.slice(i, j)) });
      i = j;
      continue;
    }
    if (source.startsWith('**', i)) {
      tokens.push({ type: 'op', value: '**' });
      i += 2;
      continue;
    }
    if ('+-*/()'.includes(ch)) {
      tokens.push({ type: 'op', value: ch });
      i += 1;
      continue;
    }
    throw new Error('unexpected ' + JSON.stringify(ch));
  }
  return tokens;
}

function evaluate(source) {
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const take = () => tokens[at++];
  function sum() {
    let value = product();
    while (peek() && (peek().value === '+' || peek().value === '-')) {
      const op = take().value;
      const right = product();
      value = op === '+' ? value + right : value - right;
    }
    return value;
  }
  function product() {
    let value = power();
    while (peek() && (peek().value === '*' || peek().value === '/')) {
      const op = take().value;
      const right = power();
      value = op === '*' ? value * right : value / right;
    }
    return value;
  }
  function power() {
    const base = atom();
    if (peek() && peek().value === '**') {
      take();
      return Math.pow(base, power());
    }
    return base;
  }
  function atom() {
    const token = take();
    if (token && token.type === 'number') return token.value;
    if (token && token.value === '(') {
      const value = sum();
      take();
      return value;
    }
    throw new Error('unexpected end of expression');
  }
  return sum();
}

module.exports = { evaluate, tokenize };
`,
    'test/engine.test.js': `const test = require('node:test');
const assert = require('node:assert/strict');
const { Engine } = require('..');

test('a caret raises to a power', () => {
  const engine = new Engine();
  const result = engine.run('2 ^ 3');
  assert.equal(result, 8);
});

test('products and sums keep their precedence', () => {
  const engine = new Engine();
  const result = engine.run('2 * (3 + 4) - 1');
  assert.equal(result, 13);
});
`,
  };
}

/**
 * A TypeScript package tested by Vitest (its default `forks` pool): Vitest compiles every file before V8
 * runs it, and ends its workers with SIGTERM. The bug is two modules below the one the test imports: a
 * percentage coupon's rate is divided by 10, in a branch only the failing test reaches.
 */
export function couponPackage(): FileTree {
  return {
    '.gitignore': 'node_modules\n',
    'package.json': `${JSON.stringify({ name: 'coupons', type: 'module', scripts: { test: 'vitest run' }, devDependencies: { vitest: '*' } }, null, 2)}\n`,
    'src/index.ts': "export { Cart } from './cart';\nexport { formatPrice } from './format';\nexport type { Item } from './rules';\n",
    'src/cart.ts': `import { couponRate, priceOf, type Item } from './rules';

export class Cart {
  private readonly items: Item[] = [];

  add(item: Item): this {
    this.items.push(item);
    return this;
  }

  total(): number {
    return this.items.reduce((sum, item) => sum + priceOf(item), 0);
  }

  applyCoupon(code: string): number {
    const rate: number = couponRate(code);
    return Math.round(this.total() * (1 - rate) * 100) / 100;
  }
}
`,
    'src/rules.ts': `export interface Item {
  price: number;
  qty: number;
}

export function priceOf(item: Item): number {
  return item.price * item.qty;
}

/** How much a coupon takes off, as a fraction: PCT<n> takes n percent. */
export function couponRate(code: string): number {
  if (code.startsWith('PCT')) {
    const percent = Number(code.slice(3));
    return percent / 10;
  }
  return 0;
}
`,
    'src/format.ts': `export function formatPrice(amount: number, currency = 'EUR'): string {
  return \`\${amount.toFixed(2)} \${currency}\`;
}
`,
    'test/cart.test.ts': `import { describe, expect, it } from 'vitest';
import { Cart } from '../src/index';

describe('cart', () => {
  it('totals its items', () => {
    expect(new Cart().add({ price: 10, qty: 2 }).add({ price: 5, qty: 1 }).total()).toBe(25);
  });

  it('ignores an unknown coupon', () => {
    expect(new Cart().add({ price: 10, qty: 2 }).applyCoupon('NONE')).toBe(20);
  });

  it('takes 20 percent off with PCT20', () => {
    expect(new Cart().add({ price: 50, qty: 2 }).applyCoupon('PCT20')).toBe(80);
  });
});
`,
    'test/format.test.ts': `import { expect, it } from 'vitest';
import { formatPrice } from '../src/index';

it('formats a price', () => {
  expect(formatPrice(3)).toBe('3.00 EUR');
});
`,
  };
}

/**
 * The same bug in a CommonJS package, tested by Jest (whose transform, babel-jest, hands V8 rewritten
 * code) or Mocha (which runs the files as they are); one test file serves both.
 */
export function couponPackageCommonJs(runner: 'jest' | 'mocha'): FileTree {
  return {
    '.gitignore': 'node_modules\n',
    'package.json': `${JSON.stringify({ name: 'coupons', main: 'index.js', devDependencies: { [runner]: '*' } }, null, 2)}\n`,
    'index.js': "module.exports = require('./src/cart');\n",
    'src/cart.js': `const { couponRate, priceOf } = require('./rules');

class Cart {
  constructor() {
    this.items = [];
  }

  add(item) {
    this.items.push(item);
    return this;
  }

  total() {
    return this.items.reduce((sum, item) => sum + priceOf(item), 0);
  }

  applyCoupon(code) {
    return Math.round(this.total() * (1 - couponRate(code)) * 100) / 100;
  }
}

module.exports = { Cart };
`,
    'src/rules.js': `function priceOf(item) {
  return item.price * item.qty;
}

/** How much a coupon takes off, as a fraction: PCT<n> takes n percent. */
function couponRate(code) {
  if (code.startsWith('PCT')) {
    const percent = Number(code.slice(3));
    return percent / 10;
  }
  return 0;
}

module.exports = { priceOf, couponRate };
`,
    'test/cart.test.js': `const assert = require('node:assert/strict');
const { Cart } = require('..');

describe('cart', () => {
${cartCases('it', '  ')}});
`,
  };
}

/**
 * A TypeScript package whose tests run `tsc`'s output: the test command builds `dist/` (git-ignored,
 * with source maps) and runs `node --test` on it. The same coupon bug, in `src/rules.ts`.
 */
export function compiledCouponPackage({ throws = false } = {}): FileTree {
  const ts = couponPackage() as Record<string, string>;
  // The throwing variant refuses percentages above 10 (100 was meant), three calls below the test.
  const rules = throws
    ? ts['src/rules.ts']!.replace(
        '    return percent / 10;',
        '    if (percent > 10) {\n      throw new RangeError(`no coupon takes more than 100 percent: ${code}`);\n    }\n    return percent / 100;',
      )
    : ts['src/rules.ts']!;
  return {
    '.gitignore': 'dist\n',
    'package.json': `${JSON.stringify({ name: 'coupons', type: 'module' }, null, 2)}\n`,
    'tsconfig.json': `${JSON.stringify({ compilerOptions: { outDir: 'dist', rootDir: 'src', sourceMap: true, module: 'nodenext', target: 'es2022', strict: true } }, null, 2)}\n`,
    'src/index.ts': ts['src/index.ts']!.replace(/'\.\/(\w+)'/g, "'./$1.js'"),
    'src/cart.ts': ts['src/cart.ts']!.replace("'./rules'", "'./rules.js'"),
    'src/rules.ts': rules,
    'src/format.ts': ts['src/format.ts']!,
    'test/cart.test.mjs': nodeCartTest('../dist/index.js'),
  };
}

/** The Vitest package's TypeScript sources, tested by `node --test` through a loader: tsx's (`--import tsx`) or ts-node's. */
export function couponPackageTsx(loader: 'tsx' | 'ts-node' = 'tsx'): FileTree {
  const ts = couponPackage() as Record<string, string>;
  // ts-node compiles to CommonJS here (no "type": "module"), the way most of its users run it.
  const setup: FileTree =
    loader === 'tsx'
      ? { 'package.json': `${JSON.stringify({ name: 'coupons', type: 'module', devDependencies: { tsx: '*' } }, null, 2)}\n` }
      : {
          'package.json': `${JSON.stringify({ name: 'coupons', devDependencies: { 'ts-node': '*', typescript: '*' } }, null, 2)}\n`,
          'tsconfig.json': `${JSON.stringify({ compilerOptions: { module: 'commonjs', target: 'es2020', strict: true, esModuleInterop: true } }, null, 2)}\n`,
        };
  return {
    '.gitignore': 'node_modules\n',
    ...setup,
    'src/index.ts': ts['src/index.ts']!,
    'src/cart.ts': ts['src/cart.ts']!,
    'src/rules.ts': ts['src/rules.ts']!,
    'src/format.ts': ts['src/format.ts']!,
    'test/cart.test.ts': nodeCartTest('../src/index'),
  };
}

/** The coupon package's tests for `node --test`, importing the package from `from`. */
function nodeCartTest(from: string): string {
  return `import test from 'node:test';
import assert from 'node:assert/strict';
import { Cart } from '${from}';

${cartCases('test')}`;
}

/** The coupon package's three tests with node's assert (Jest, Mocha, node --test): title, actual, expected. */
const CART_CASES: ReadonlyArray<readonly [string, string, number]> = [
  ['totals its items', 'new Cart().add({ price: 10, qty: 2 }).total()', 20],
  ['ignores an unknown coupon', "new Cart().add({ price: 10, qty: 2 }).applyCoupon('NONE')", 20],
  ['takes 20 percent off with PCT20', "new Cart().add({ price: 50, qty: 2 }).applyCoupon('PCT20')", 80],
];

/** CART_CASES as `call('title', () => { ... })` blocks, `indent` before each line, a blank line between. */
function cartCases(call: 'test' | 'it', indent = ''): string {
  return CART_CASES.map(([title, actual, expected]) => `${indent}${call}('${title}', () => {\n${indent}  assert.equal(${actual}, ${expected});\n${indent}});\n`).join('\n');
}

/**
 * A prototype pollution shaped like nconf's or tough-cookie's, for the prototype-write probe: the test
 * calls `Settings#set` (`lib/settings.js`, the busy module: it parses, validates and records every
 * change), which hands the parsed path to `lib/store.js`, whose walk creates what is missing and writes
 * the last segment, so a path through `__proto__` walks onto Object.prototype. The settings module runs
 * more lines only for the failing input than the store does, and the test calls it; only the write
 * says where the pollution happened. `lib/polyfill.js`, loaded by every test, assigns a method of its
 * own to Object.prototype (as old packages did): a function, which the passing test's run adds as
 * well, so its write is no evidence. `variant: 'fixed'` refuses the segment in the store; `runner:
 * 'jest'` writes the tests for Jest.
 */
export function settingsPackage(variant: 'buggy' | 'fixed' = 'buggy', runner: 'node' | 'jest' = 'node'): FileTree {
  const guard = variant === 'fixed' ? `    if (key === '__proto__' || key === 'constructor' || key === 'prototype') throw new Error('unsafe key: ' + key);\n` : '';
  return {
    'package.json': JSON.stringify({ name: 'tinysettings', version: '1.0.0', main: 'index.js' }, null, 2) + '\n',
    '.gitignore': 'node_modules\n',
    'index.js': `require('./lib/polyfill');
module.exports = require('./lib/settings');
`,
    'lib/polyfill.js': `// Older runtimes lacked a way to list an object's entries in key order; this package adds one,
// the old way (an assignment, not defineProperty).
if (!Object.prototype.sortedEntries) {
  Object.prototype.sortedEntries = function sortedEntries() {
    return Object.keys(this).sort().map((key) => [key, this[key]]);
  };
}
`,
    'lib/settings.js': `const { assign, read } = require('./store');

const SEPARATOR = '.';

class Settings {
  constructor(defaults = {}) {
    this.data = {};
    this.changes = [];
    for (const [key, value] of Object.entries(defaults)) this.set(key, value);
  }

  parse(path) {
    if (typeof path !== 'string' || path.length === 0) throw new TypeError('a settings path is a non-empty string');
    const segments = path.split(SEPARATOR).map((segment) => segment.trim());
    if (segments.some((segment) => segment.length === 0)) throw new TypeError('empty segment in ' + path);
    if (segments.some((segment) => segment.startsWith('_'))) {
      // Segments starting with an underscore are private by convention: allowed, but noted.
      this.changes.push({ path, note: 'private segment' });
    }
    return segments;
  }

  set(path, value) {
    const segments = this.parse(path);
    const previous = read(this.data, segments);
    assign(this.data, segments, value);
    this.changes.push({ path, previous, value });
    return this;
  }

  get(path) {
    return read(this.data, this.parse(path));
  }
}

module.exports = { Settings };
`,
    'lib/store.js': storeSource('js', guard),
    'test/settings.test.js': runner === 'jest' ? SETTINGS_TEST_JEST : SETTINGS_TEST_NODE,
  };
}

const SETTINGS_TEST_NODE = `const test = require('node:test');
const assert = require('node:assert/strict');
const { Settings } = require('..');

test('a path through __proto__ does not reach every object', () => {
  const settings = new Settings();
  try {
    settings.set('__proto__.pollutedBySettings', 'yes');
  } catch {
    // Refusing the path is fine; polluting is not.
  }
  assert.equal({}.pollutedBySettings, undefined);
});

test('nested paths are stored and read back', () => {
  const settings = new Settings({ 'db.host': 'localhost' });
  settings.set('db.port', 5432);
  assert.deepEqual(settings.get('db'), { host: 'localhost', port: 5432 });
  assert.deepEqual(settings.get('db').sortedEntries(), [['host', 'localhost'], ['port', 5432]]);
});
`;

/** The same tests under Jest, whose test files run in a vm context of their own. */
const SETTINGS_TEST_JEST = `const { Settings } = require('..');

test('a path through __proto__ does not reach every object', () => {
  try {
    new Settings().set('__proto__.pollutedBySettings', 'yes');
  } catch {
    // Refusing the path is fine; polluting is not.
  }
  expect({}.pollutedBySettings).toBeUndefined();
});

test('nested paths are stored and read back', () => {
  const settings = new Settings({ 'db.host': 'localhost' }).set('db.port', 5432);
  expect(settings.get('db').sortedEntries()).toEqual([['host', 'localhost'], ['port', 5432]]);
});
`;

/** The settings fixture's store (the write is on line 8 in both languages). */
function storeSource(language: 'js' | 'ts', guard = ''): string {
  const ts = language === 'ts';
  return `// Nested objects addressed by a list of segments.
${ts ? 'export ' : ''}function assign(target${ts ? ': Record<string, any>' : ''}, segments${ts ? ': string[]' : ''}, value${ts ? ': unknown' : ''}) {
  let node = target;
  for (const key of segments.slice(0, -1)) {
${guard}    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key];
  }
  node[segments[segments.length - 1]${ts ? '!' : ''}] = value;
}

${ts ? 'export ' : ''}function read(target${ts ? ': any' : ''}, segments${ts ? ': string[]' : ''}) {
  let node = target;
  for (const key of segments) {
    if (node === undefined || node === null) return undefined;
    node = node[key];
  }
  return node;
}
${ts ? '' : '\nmodule.exports = { assign, read };\n'}`;
}

/**
 * The settings fixture in TypeScript under Vitest (its default `forks` pool): the trap's stack comes
 * through Vitest's module runner, placed in the sources by Vitest's own source maps.
 */
export function settingsPackageVitest(): FileTree {
  return {
    'package.json': `${JSON.stringify({ name: 'settings', type: 'module', devDependencies: { vitest: '*' } }, null, 2)}\n`,
    '.gitignore': 'node_modules\n',
    'src/store.ts': storeSource('ts'),
    'src/settings.ts': `import { assign, read } from './store';

export class Settings {
  data: Record<string, unknown> = {};
  changes: unknown[] = [];

  parse(path: string): string[] {
    const segments = path.split('.').map((segment) => segment.trim());
    if (segments.some((segment) => segment.startsWith('_'))) this.changes.push({ path, note: 'private segment' });
    return segments;
  }

  set(path: string, value: unknown): this {
    assign(this.data, this.parse(path), value);
    this.changes.push({ path, value });
    return this;
  }

  get(path: string): unknown {
    return read(this.data, this.parse(path));
  }
}
`,
    'test/settings.test.ts': `import { expect, test } from 'vitest';
import { Settings } from '../src/settings';

test('a path through __proto__ does not reach every object', () => {
  try {
    new Settings().set('__proto__.pollutedBySettings', 'yes');
  } catch {
    // Refusing the path is fine; polluting is not.
  }
  expect(({} as Record<string, unknown>).pollutedBySettings).toBeUndefined();
});

test('nested paths are stored and read back', () => {
  expect(new Settings().set('db.port', 5432).get('db')).toEqual({ port: 5432 });
});
`,
  };
}

/**
 * A unit converter in one long module (over 300 lines, so `auto` answers in `replace` edits): the test
 * calls `convert`, which runs the unit parser and the factor table (the module's largest functions)
 * and then `roundTo`, a three-line helper near the end of the file whose floor should be a round. The
 * passing test runs every one of those lines too, so nothing singles `roundTo` out: it is the fourth
 * function of the file by Ochiai, past the evidence's three, and far from their slices.
 */
export function unitsPackage(variant: 'buggy' | 'fixed' = 'buggy'): FileTree {
  const rounding = variant === 'buggy' ? 'Math.floor(value * scale) / scale' : 'Math.round(value * scale) / scale';
  const units = ['mm', 'cm', 'm', 'km', 'in', 'ft', 'yd', 'mi'];
  const factors: Record<string, number> = { mm: 0.001, cm: 0.01, m: 1, km: 1000, in: 0.0254, ft: 0.3048, yd: 0.9144, mi: 1609.344 };
  const parseUnit = [
    'function parseUnit(text) {',
    "  const name = String(text).trim().toLowerCase();",
    ...units.flatMap((u) => [`  if (name === '${u}') {`, `    return '${u}';`, '  }']),
    "  throw new RangeError('unknown unit: ' + name);",
    '}',
  ];
  const factorOf = ['function factorOf(unit) {', '  let factor;', ...units.flatMap((u) => [`  if (unit === '${u}') {`, `    factor = ${factors[u]};`, '  }']), '  return factor;', '}'];
  // Functions the test never calls, between the ones it does: what a long real module has.
  const filler = (from: number, count: number) =>
    Array.from({ length: count }, (_, i) => [`function describe${from + i}(x) {`, `  return 'unit ' + x + ' #${from + i}';`, '}', '']).flat();
  const lines = [
    "'use strict';",
    '// Length units: parse, convert, round.',
    '',
    ...parseUnit,
    '',
    ...filler(0, 40),
    ...factorOf,
    '',
    ...filler(40, 60),
    'function convert(value, from, to, decimals = 2) {',
    '  const source = parseUnit(from);',
    '  const target = parseUnit(to);',
    '  const metres = value * factorOf(source);',
    '  return roundTo(metres / factorOf(target), decimals);',
    '}',
    '',
    ...filler(100, 40),
    'function roundTo(value, decimals) {',
    '  const scale = 10 ** decimals;',
    `  return ${rounding};`,
    '}',
    '',
    `module.exports = { convert, roundTo, ${Array.from({ length: 140 }, (_, i) => `describe${i}`).join(', ')} };`,
    '',
  ];
  return {
    'package.json': JSON.stringify({ name: 'units', version: '1.0.0', main: 'lib/convert.js' }, null, 2) + '\n',
    'lib/convert.js': lines.join('\n'),
    'test/convert.test.js': [
      "const test = require('node:test');",
      "const assert = require('node:assert/strict');",
      "const { convert } = require('..');",
      '',
      "test('inches to centimetres, to two decimals', () => {",
      "  assert.equal(convert(1.5, 'in', 'cm'), 3.81);",
      '});',
      '',
      "test('metres to centimetres', () => {",
      "  assert.equal(convert(2, 'm', 'cm'), 200);",
      '});',
      '',
    ].join('\n'),
  };
}

/**
 * A package whose test runs its CLI the way a user would: `node bin/greet.js --shout Ada` spawned from
 * the test. The CLI reads the flag but never applies it (the bug); the library module it calls does
 * most of the work, for both tests alike.
 */
export function greetCliPackage(variant: 'buggy' | 'fixed' = 'buggy'): FileTree {
  const apply = variant === 'buggy' ? '' : '  if (shout) text = text.toUpperCase();\n';
  return {
    'package.json': JSON.stringify({ name: 'greet', version: '1.0.0', main: 'lib/index.js', bin: { greet: 'bin/greet.js' } }, null, 2) + '\n',
    'bin/greet.js': `#!/usr/bin/env node
'use strict';
const { greeting } = require('../lib');

function main(argv) {
  const shout = argv.includes('--shout');
  const names = argv.filter((a) => !a.startsWith('--'));
  let text = greeting(names);
${apply}  process.stdout.write(text + '\\n');
}

main(process.argv.slice(2));
`,
    'lib/index.js': `'use strict';\nmodule.exports = require('./greeting');\n`,
    'lib/greeting.js': `'use strict';
const { titleCase, joinNames } = require('./words');

function greeting(names) {
  const cleaned = names.map((n) => titleCase(n.trim())).filter((n) => n.length > 0);
  if (cleaned.length === 0) return 'Hello!';
  return 'Hello, ' + joinNames(cleaned) + '!';
}

module.exports = { greeting };
`,
    'lib/words.js': `'use strict';
function titleCase(word) {
  const lower = word.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

function joinNames(names) {
  if (names.length === 1) return names[0];
  const head = names.slice(0, -1).join(', ');
  return head + ' and ' + names[names.length - 1];
}

module.exports = { titleCase, joinNames };
`,
    'test/cli.test.js': `const test = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const bin = path.join(__dirname, '..', 'bin', 'greet.js');
const greet = (...args) => execFileSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

test('--shout greets in capitals', () => {
  assert.equal(greet('--shout', 'ada'), 'HELLO, ADA!\\n');
});

test('greets several people', () => {
  assert.equal(greet('ada', 'grace', 'alan'), 'Hello, Ada, Grace and Alan!\\n');
});
`,
  };
}

// The JS/TS engine on realistic modules: operator coverage, parseability, exact locations,
// line restriction, determinism and the parts of a file that must never be mutated.

import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { type Mutant, applyMutant, applyMutants, generateMutants } from '../../src/plants/mutate/index.js';
import { expectExactLocations, fixture, operatorsOf } from './helpers.js';

const JS_OPERATORS = [
  'relax-boundary',
  'tighten-boundary',
  'shift-index',
  'shift-length-bound',
  'invert-comparison',
  'swap-logical-operator',
  'negate-condition',
  'flip-boolean',
  'remove-optional-chain',
  'nullish-to-or',
  'remove-null-guard',
  'swap-additive',
  'swap-multiplicative',
  'modulo-to-multiply',
  'return-null',
  'flip-return-boolean',
  'negate-return',
  'remove-throw',
  'remove-throwing-guard',
  'empty-catch',
  'remove-await',
  'swap-increment',
  'swap-compound-assignment',
  'remove-call',
  'change-string-literal',
  'change-regex',
  'swap-arguments',
  'wrong-identifier',
  'change-numeric-literal',
];

const cart = { file: 'src/cart.js', content: fixture('cart.js') };
const orders = { file: 'src/orders.ts', content: fixture('orders.ts') };

async function mutantsOf(f: { file: string; content: string }): Promise<Mutant[]> {
  return generateMutants(f.file, f.content);
}

function parseErrors(file: string, content: string): number {
  const kind = file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sf = ts.createSourceFile(file, content, ts.ScriptTarget.Latest, false, kind);
  return ((sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics ?? []).length;
}

describe('generateMutants on JS/TS modules', () => {
  it('fires every JS/TS operator on the cart and order fixtures', async () => {
    const all = [...(await mutantsOf(cart)), ...(await mutantsOf(orders))];
    const produced = operatorsOf(all);
    expect(JS_OPERATORS.filter((op) => !produced.has(op))).toEqual([]);
    expect(all.every((m) => m.language === 'js')).toBe(true);
  });

  it('covers every bug category', async () => {
    const all = [...(await mutantsOf(cart)), ...(await mutantsOf(orders))];
    expect(new Set(all.map((m) => m.category)).size).toBe(13);
  });

  it('produces only mutants whose whole file still parses', async () => {
    for (const f of [cart, orders]) {
      const mutants = await mutantsOf(f);
      expect(mutants.length).toBeGreaterThan(100);
      const broken = mutants.filter((m) => parseErrors(f.file, applyMutant(f.content, m)) > 0);
      expect(broken.map((m) => m.id)).toEqual([]);
    }
  });

  it('locates every mutant exactly: whole original line, column, one changed line', async () => {
    for (const f of [cart, orders]) expectExactLocations(f.content, await mutantsOf(f));
  });

  it('never touches imports, interfaces, type aliases or type annotations', async () => {
    const mutants = await mutantsOf(orders);
    const lines = orders.content.split('\n');
    const typeOnly = lines.flatMap((line, i) => (/^(import|export interface|type |  [a-z]+\??: )/.test(line) ? [i + 1] : []));
    expect(typeOnly.length).toBeGreaterThan(4);
    expect(mutants.filter((m) => typeOnly.includes(m.line)).map((m) => m.id)).toEqual([]);
    // Types also sit inside signatures and declarations of mutated lines: no mutant may touch one.
    const sf = ts.createSourceFile(orders.file, orders.content, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const typeSpans: Array<[number, number]> = [];
    const visit = (node: ts.Node): void => {
      if (ts.isTypeNode(node)) typeSpans.push([node.getStart(sf), node.end]);
      else ts.forEachChild(node, visit);
    };
    visit(sf);
    expect(typeSpans.length).toBeGreaterThan(20);
    const inType = mutants.filter((m) => typeSpans.some(([s, e]) => m.start < e && m.end > s && !(m.start <= s && m.end >= e)));
    expect(inType.map((m) => m.id)).toEqual([]);
  });

  it('leaves log calls, error messages and order-free calls alone', async () => {
    const mutants = await mutantsOf(orders);
    expect(mutants.filter((m) => m.operator === 'remove-call' && m.original.includes('console.'))).toEqual([]);
    expect(mutants.filter((m) => m.operator === 'change-string-literal' && /Error\(/.test(m.original))).toEqual([]);
    const cartMutants = await mutantsOf(cart);
    expect(cartMutants.filter((m) => m.operator === 'swap-arguments' && m.original.includes('Math.max'))).toEqual([]);
    expect(cartMutants.filter((m) => m.operator === 'swap-additive' && m.original.includes("'GBP'"))).toEqual([]);
  });

  it('restricts to the given lines, and ignores an empty restriction', async () => {
    const all = await mutantsOf(cart);
    const some = await generateMutants(cart.file, cart.content, { lines: [16, 47] });
    expect(new Set(some.map((m) => m.line))).toEqual(new Set([16, 47]));
    expect(some).toEqual(all.filter((m) => m.line === 16 || m.line === 47));
    expect(await generateMutants(cart.file, cart.content, { lines: [] })).toEqual(all);
  });

  it('is deterministic, sorted by position then operator, with unique ids', async () => {
    const a = await mutantsOf(orders);
    const b = await mutantsOf(orders);
    expect(a).toEqual(b);
    for (let i = 1; i < a.length; i++) {
      const [p, q] = [a[i - 1]!, a[i]!];
      expect(p.start < q.start || (p.start === q.start && p.operator <= q.operator)).toBe(true);
    }
    expect(new Set(a.map((m) => m.id)).size).toBe(a.length);
  });

  it('gives every mutant a category and a description that names the change', async () => {
    const mutants = await mutantsOf(cart);
    const boundary = mutants.find((m) => m.operator === 'relax-boundary' && m.line === 16);
    expect(boundary?.mutated.trim()).toBe('for (let i = 0; i <= items.length; i++) {');
    expect(boundary?.category).toBe('off-by-one');
    expect(boundary?.description).toMatch(/< changed to <=.*one element past the end/);
  });

  it('handles CRLF files: the same mutants, lines reported without the \\r', async () => {
    const crlf = cart.content.replace(/\n/g, '\r\n');
    const mutants = await generateMutants(cart.file, crlf);
    const lf = await mutantsOf(cart);
    expect(mutants.map((m) => [m.line, m.column, m.operator, m.original, m.mutated])).toEqual(
      lf.map((m) => [m.line, m.column, m.operator, m.original, m.mutated]),
    );
    for (const m of mutants) expect(applyMutant(crlf, m).split('\r\n')[m.line - 1]).toBe(m.mutated);
  });

  it('returns [] for unknown extensions and handles TSX', async () => {
    expect(await generateMutants('README.md', '# if (a < b) return 1;')).toEqual([]);
    const tsx = "export function Badge({ n }: { n: number }) {\n  return n > 0 ? <b>{n}</b> : null;\n}\n";
    const mutants = await generateMutants('Badge.tsx', tsx);
    expect(mutants.map((m) => m.mutated.trim())).toContain('return n >= 0 ? <b>{n}</b> : null;');
  });
});

describe('applyMutant / applyMutants', () => {
  it('throws on stale content instead of corrupting the file', async () => {
    const [m] = await generateMutants('a.js', 'const limit = 10;\n');
    expect(m).toBeDefined();
    expect(() => applyMutant('const limit = 99;\n', m!)).toThrow(/no longer applies/);
  });

  it('applies several mutants of one file from the end, keeping offsets valid', async () => {
    const mutants = await mutantsOf(cart);
    const chosen = [mutants.find((m) => m.line === 16 && m.operator === 'relax-boundary')!, mutants.find((m) => m.line === 47 && m.operator === 'swap-logical-operator')!];
    const out = applyMutants(cart.content, chosen).split('\n');
    expect(out[15]).toBe(chosen[0]!.mutated);
    expect(out[46]).toBe(chosen[1]!.mutated);
    expect(() => applyMutants(cart.content, [chosen[0]!, chosen[0]!])).toThrow(/overlap/);
  });
});

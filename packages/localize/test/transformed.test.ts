// Coverage of code a loader compiled (Vitest, Jest, tsx): V8's ranges in the compiled form, laid onto
// the source by the functions' names. The compiled form here is the TypeScript compiler's own output
// (types gone, imports rewritten to CommonJS, a source map comment appended), as a loader hands it to V8.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTypeScript } from '@adlc/core';
import type ts from 'typescript';
import { COVERED_RUN_PRELOAD, withPreload } from '../src/run/coverage-run.js';
import { remapTransformed } from '../src/coverage/transformed.js';
import { v8FileLines, type V8Function } from '../src/coverage/v8.js';

const SOURCE = `import { round } from './round';

export interface Item { price: number; qty: number }

export function total(items: Item[]): number {
  let sum = 0;
  for (const item of items) {
    sum += item.price * item.qty;
  }
  return round(sum);
}

export class Cart {
  private items: Item[] = [];

  constructor(private readonly owner: string) {}

  add(item: Item): void {
    this.items.push(item);
  }

  discount(code: string): number {
    if (code === 'HALF') {
      return total(this.items) / 2;
    }
    return total(this.items);
  }
}

export const label = (cart: Cart): string => \`cart of \${cart['owner']}\`;
`;

let typescript: typeof ts;
let compiled: string;
beforeAll(async () => {
  typescript = await loadTypeScript();
  compiled = typescript.transpileModule(SOURCE, { compilerOptions: { module: typescript.ModuleKind.CommonJS, target: typescript.ScriptTarget.ES2017, inlineSourceMap: true } }).outputText;
});

/** V8's range of the compiled function that starts at `marker` (its first occurrence at or after `from`), and its closing brace. */
function rangeOf(marker: string, count: number, from = 0): { startOffset: number; endOffset: number; count: number } {
  const start = compiled.indexOf(marker, from);
  expect(start, marker).toBeGreaterThanOrEqual(0);
  let depth = 0;
  for (let i = compiled.indexOf('{', start); i < compiled.length; i++) {
    if (compiled[i] === '{') depth++;
    if (compiled[i] === '}' && --depth === 0) return { startOffset: start, endOffset: i + 1, count };
  }
  throw new Error(`no end for ${marker}`);
}

const line = (text: string) => SOURCE.split('\n').findIndex((l) => l.includes(text)) + 1;

describe('remapTransformed', () => {
  it('named functions land on their declarations; a block that did not run stays unrun; the loader\'s own functions are dropped', () => {
    const ifHalf = rangeOf("if (code === 'HALF')", 0);
    const functions: V8Function[] = [
      { functionName: '', ranges: [{ startOffset: 0, endOffset: compiled.length, count: 1 }] },
      { functionName: 'total', ranges: [rangeOf('function total', 2)] },
      { functionName: 'Cart', ranges: [rangeOf('constructor(owner)', 1)] },
      { functionName: 'add', ranges: [rangeOf('add(item)', 3)] },
      { functionName: 'discount', ranges: [rangeOf('discount(code)', 1), { ...ifHalf, endOffset: compiled.indexOf('}', ifHalf.startOffset) + 1 }] },
      // A getter a loader adds for an export: anonymous, outside every declaration.
      { functionName: '', ranges: [{ startOffset: 5, endOffset: 20, count: 4 }] },
    ];
    const placed = remapTransformed(typescript, 'src/cart.ts', SOURCE, functions);
    const lines = v8FileLines(SOURCE, placed);
    // Every function that ran is credited at its own lines, under its own start.
    expect(lines.called.get(line('let sum = 0'))).toBe(line('export function total'));
    expect(lines.called.get(line('this.items.push'))).toBe(line('add(item: Item)'));
    expect(lines.functionNames.get(line('discount(code: string)'))).toBe('discount');
    expect(lines.called.has(line('return total(this.items);'))).toBe(true);
    // The branch that did not run is not executed: not even placed within a line of it.
    expect(lines.executed.has(line('return total(this.items) / 2'))).toBe(false);
    // label never ran: its line is the module's top level, run at load, never a called line.
    expect(lines.called.has(line('export const label'))).toBe(false);
    expect([...lines.functionNames.values()].sort()).toEqual(['Cart', 'add', 'discount', 'total']);
  });

  it('two declarations of a name pair with two V8 functions in order; a count that differs pairs none', () => {
    const src = 'function f() {\n  return 1;\n}\nconst o = {\n  f() {\n    return 2;\n  },\n};\n';
    const body = 'function f() { return 1; } const o = { f() { return 2; } };' + '\n//# sourceMappingURL=data:application/json;base64,AAAA';
    const first = { startOffset: body.indexOf('function f'), endOffset: body.indexOf('}') + 1, count: 0 };
    const second = { startOffset: body.indexOf('f() { return 2'), endOffset: body.indexOf('}', body.indexOf('return 2')) + 1, count: 1 };
    const top: V8Function = { functionName: '', ranges: [{ startOffset: 0, endOffset: body.length, count: 1 }] };
    const both = v8FileLines(src, remapTransformed(typescript, 'a.js', src, [top, { functionName: 'f', ranges: [first] }, { functionName: 'f', ranges: [second] }]));
    expect(both.called.get(6)).toBe(5);
    expect(both.executed.has(2)).toBe(false);
    const one = v8FileLines(src, remapTransformed(typescript, 'a.js', src, [top, { functionName: 'f', ranges: [second] }]));
    expect(one.called.size).toBe(0);
    expect(one.executed.size).toBeGreaterThan(0); // loaded: the top level ran
  });

  it('a script whose top level never ran is not loaded', () => {
    const src = 'export function g() {\n  return 1;\n}\n';
    const placed = remapTransformed(typescript, 'g.ts', src, [{ functionName: '', ranges: [{ startOffset: 0, endOffset: 90, count: 0 }] }]);
    expect(v8FileLines(src, placed).executed.size).toBe(0);
  });
});

describe('the covered runs\' preload: the SIGTERM flush', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'cf-flush-'));
  const preload = join(scratch, 'flush.cjs');
  writeFileSync(preload, COVERED_RUN_PRELOAD);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  /** Runs `code` under coverage with the preload, sends it SIGTERM once it is ready, and reports how it ended. */
  function terminated(code: string, name: string): Promise<{ signal: NodeJS.Signals | null; exitCode: number | null; said: string; coverage: string[] }> {
    const dir = join(scratch, name);
    const child = spawn(process.execPath, ['-e', code], { env: { ...process.env, NODE_V8_COVERAGE: dir, NODE_OPTIONS: withPreload(process.env.NODE_OPTIONS, preload) }, stdio: ['ignore', 'pipe', 'inherit'] });
    let said = '';
    child.stdout.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('ready')) child.kill('SIGTERM');
    });
    return new Promise((resolve) =>
      child.on('exit', (exitCode, signal) => {
        const coverage = existsSync(dir) ? readdirSync(dir).flatMap((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { result: Array<{ url: string }> }).result.map((s) => s.url)) : [];
        resolve({ signal, exitCode, said, coverage });
      }),
    );
  }

  it('a process without a SIGTERM handler still dies by SIGTERM, and its coverage is written first', async () => {
    const end = await terminated("setInterval(() => {}, 1000); console.log('ready')", 'plain');
    expect(end.signal).toBe('SIGTERM');
    expect(end.coverage.some((url) => url.endsWith('flush.cjs'))).toBe(true);
  });

  it('a process with a handler of its own keeps it: it decides how to end', async () => {
    const end = await terminated("process.on('SIGTERM', () => { console.log('own handler'); process.exit(7); }); setInterval(() => {}, 1000); console.log('ready')", 'own');
    expect(end.exitCode).toBe(7);
    expect(end.said).toContain('own handler');
  });

  it('withPreload keeps what the user set', () => {
    expect(withPreload('--max-old-space-size=4096', '/t/p.cjs')).toBe('--max-old-space-size=4096 --require "/t/p.cjs"');
    expect(withPreload(undefined, '/t/p.cjs')).toBe('--require "/t/p.cjs"');
  });
});

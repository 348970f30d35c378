// Syntax helpers used by consensus-fix's `--normalize syntax`.

import { describe, expect, it } from 'vitest';
import { normalizeSyntax, parsesCleanly } from '../src/syntax.js';

describe('parsesCleanly', () => {
  it.each([
    ['a.ts', 'const x: number = 1;\n', true],
    ['a.js', 'const x = ;\n', false],
    ['a.tsx', 'export const A = () => <div className="a">{1}</div>;\n', true],
    ['a.mjs', 'const v = a ?? b || c;\n', false],
    ['a.py', 'def f(:\n', null],
  ] as const)('%s %j → %s', async (file, content, expected) => {
    expect(await parsesCleanly(file, content)).toBe(expected);
  });
});

describe('normalizeSyntax', () => {
  it('makes candidates that differ only in layout and comments compare equal', async () => {
    const a = await normalizeSyntax('a.ts', 'export function f(a:number){\n  // add one\n  return a+1\n}\n');
    const b = await normalizeSyntax('a.ts', 'export function f(a: number) {\n  /* doc */ return a + 1;\n}');
    expect(a).not.toBeNull();
    expect(a).toBe(b);
  });

  it('keeps real differences apart', async () => {
    const a = await normalizeSyntax('a.js', 'const x = a + 1;');
    const b = await normalizeSyntax('a.js', 'const x = a - 1;');
    expect(a).not.toBe(b);
  });

  it('returns null for other languages and for code that does not parse', async () => {
    expect(await normalizeSyntax('a.go', 'package main\n')).toBeNull();
    expect(await normalizeSyntax('a.ts', 'function (\n')).toBeNull();
  });
});

describe('lazy loading', () => {
  it('never imports the TypeScript compiler at module load (CLIs must start fast)', async () => {
    const { readFileSync } = await import('node:fs');
    const { fileURLToPath } = await import('node:url');
    const files = ['../src/ts-parse.ts', '../src/syntax.ts'].map((f) => fileURLToPath(new URL(f, import.meta.url)));
    const eager = files.filter((f) => /^import (?!type )[^;]*from 'typescript'/m.test(readFileSync(f, 'utf8')));
    expect(eager).toEqual([]);
  });
});

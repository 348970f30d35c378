// The type-check screen for mutants: real TypeScript files in a temp directory, checked by the
// real compiler (imports resolved from disk, the nearest tsconfig.json's options honoured).

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type Mutant, generateMutants, isTypeScriptSource, mutantTypeChecker } from '../../src/plants/mutate/index.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function project(files: Record<string, string>): string {
  dir = mkdtempSync(join(tmpdir(), 'mutate-type-check-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** The wrong-identifier mutant that turns `line` (trimmed) into `mutated`. */
async function swap(file: string, content: string, line: string, mutated: string): Promise<Mutant> {
  const found = (await generateMutants(file, content)).filter((m) => m.operator === 'wrong-identifier');
  const m = found.find((x) => x.original.trim() === line && x.mutated.trim() === mutated);
  if (!m) throw new Error(`no swap ${line} -> ${mutated} among ${found.map((x) => x.mutated.trim()).join(' | ')}`);
  return m;
}

const SHAPES = 'export interface Box {\n  width: number;\n}\n\nexport interface Tag {\n  name: string;\n}\n';
const USES = [
  "import type { Box, Tag } from './shapes.js';",
  '',
  'export function caption(box: Box, tag: Tag): string {',
  '  return `${tag.name}: ${box.width}`;',
  '}',
  '',
  'export function total(first: Box, second: Box): number {',
  '  return first.width + second.width;',
  '}',
  '',
].join('\n');

describe('mutantTypeChecker', () => {
  it('rejects a swap whose property the imported type lacks, keeps one between values of the same type', async () => {
    const root = project({ 'shapes.ts': SHAPES, 'uses.ts': USES });
    const file = join(root, 'uses.ts');
    const checker = (await mutantTypeChecker(file, USES))!;
    // Tag has no `width`: only known when the import is resolved (unresolved, Tag would be any).
    const wrongType = await swap(file, USES, 'return `${tag.name}: ${box.width}`;', 'return `${tag.name}: ${tag.width}`;');
    expect(checker.rejects(wrongType)).toBe(true);
    const sameType = await swap(file, USES, 'return first.width + second.width;', 'return second.width + second.width;');
    expect(checker.rejects(sameType)).toBe(false);
  });

  it('follows the project options: a strict-only error rejects under a strict tsconfig.json, not without one', async () => {
    const source = 'export function size(maybe: string | undefined, sure: string): number {\n  return sure.length;\n}\n';
    const loose = project({ 'size.ts': source });
    const m = await swap(join(loose, 'size.ts'), source, 'return sure.length;', 'return maybe.length;');
    expect((await mutantTypeChecker(join(loose, 'size.ts'), source))!.rejects(m)).toBe(false);
    rmSync(loose, { recursive: true, force: true });

    const strict = project({ 'size.ts': source, 'tsconfig.json': '{"compilerOptions": {"strict": true}}' });
    expect((await mutantTypeChecker(join(strict, 'size.ts'), source))!.rejects(m)).toBe(true);
  });

  it('judges only TypeScript sources', async () => {
    expect(await mutantTypeChecker('a.js', 'const a = 1;\n')).toBeUndefined();
    expect(await mutantTypeChecker('types.d.ts', 'export type A = 1;\n')).toBeUndefined();
    const cases: Array<[string, boolean]> = [['a.ts', true], ['a.tsx', true], ['a.mts', true], ['a.cts', true], ['a.d.ts', false], ['a.d.mts', false], ['a.js', false]];
    for (const [file, expected] of cases) expect(isTypeScriptSource(file), file).toBe(expected);
  });
});

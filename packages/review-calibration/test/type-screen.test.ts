// Plants from a real TypeScript file: a wrong-identifier swap that the type checker rejects is
// never planted (another plant takes its place), one that type-checks is.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mutate from '../src/plants/mutate/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_LINE_DISTANCE, mutantPool, selectFromPool, type MutantPool } from '../src/plants/generate.js';

const SHAPES = 'export interface Box {\n  width: number;\n}\n\nexport interface Tag {\n  name: string;\n}\n';
const USES = [
  "import type { Box, Tag } from './shapes.js';",
  '',
  'export function caption(box: Box, tag: Tag): string {',
  '  return tag.name + box.width;', // line 4: either swap reads a property the other type lacks
  '}',
  '',
  '// Far enough from caption for a plant in each.',
  '',
  '',
  '',
  '',
  'export function total(first: Box, second: Box): number {',
  '  return first.width + second.width;', // line 13: either swap still type-checks
  '}',
  '',
].join('\n');

let root: string;
let pool: MutantPool;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'rc-type-screen-'));
  writeFileSync(join(root, 'shapes.ts'), SHAPES);
  writeFileSync(join(root, 'uses.ts'), USES);
  pool = await mutantPool([{ file: 'uses.ts', content: USES, changedLines: [] }], root);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const swapsOn = (line: number) => (p: { operator: string; line: number }) => p.operator === 'wrong-identifier' && p.line === line;

describe('wrong-identifier plants in TypeScript', () => {
  it('the pool has swaps on both lines, and an unscreened selection would plant a rejected one', () => {
    expect(pool.mutants.filter(swapsOn(4))).toHaveLength(2);
    expect(pool.mutants.filter(swapsOn(13))).toHaveLength(2);
    const unscreened = SEEDS.flatMap((seed) => mutate.selectPlants(pool.mutants, { count: 2, seed, minLineDistance: MIN_LINE_DISTANCE }));
    expect(unscreened.some(swapsOn(4))).toBe(true);
  });

  it('drops the swaps the type checker rejects, keeps the ones it accepts, and the count stays', () => {
    const selections = SEEDS.map((seed) => selectFromPool(pool, 2, seed));
    for (const plants of selections) {
      expect(plants).toHaveLength(2);
      expect(plants.filter(swapsOn(4))).toEqual([]);
    }
    expect(selections.flat().some(swapsOn(13))).toBe(true);
  });
});

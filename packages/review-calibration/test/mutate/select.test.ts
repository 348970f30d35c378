// Plant selection: seeded, spaced so ±3-line windows never overlap, round-robin over operators.

import { describe, expect, it } from 'vitest';
import { type Mutant, generateMutants, selectPlants } from '../../src/plants/mutate/index.js';
import { fixture } from './helpers.js';

async function pool(): Promise<Mutant[]> {
  return [
    ...(await generateMutants('src/cart.js', fixture('cart.js'))),
    ...(await generateMutants('src/orders.ts', fixture('orders.ts'))),
  ];
}

function expectSpaced(plants: readonly Mutant[], distance: number): void {
  for (const a of plants) {
    for (const b of plants) {
      if (a === b || a.file !== b.file) continue;
      expect(Math.abs(a.line - b.line), `${a.id} vs ${b.id}`).toBeGreaterThanOrEqual(distance);
    }
  }
}

describe('selectPlants', () => {
  it('is deterministic for a seed and independent of input order', async () => {
    const mutants = await pool();
    const a = selectPlants(mutants, { count: 8, seed: 42 });
    expect(selectPlants(mutants, { count: 8, seed: 42 })).toEqual(a);
    expect(selectPlants([...mutants].reverse(), { count: 8, seed: 42 })).toEqual(a);
  });

  it('picks differently with a different seed', async () => {
    const mutants = await pool();
    const ids = (seed: number): string[] => selectPlants(mutants, { count: 8, seed }).map((m) => m.id);
    expect(ids(1)).not.toEqual(ids(2));
  });

  it('keeps plants of one file at least 7 lines apart, and never overlapping', async () => {
    const mutants = await pool();
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const plants = selectPlants(mutants, { count: 12, seed });
      expect(plants).toHaveLength(12);
      expectSpaced(plants, 7);
    }
  });

  it('round-robins across operators: 8 plants, 8 distinct operators', async () => {
    const mutants = await pool();
    expect(new Set(mutants.map((m) => m.operator)).size).toBeGreaterThanOrEqual(8);
    for (const seed of [11, 12, 13]) {
      const plants = selectPlants(mutants, { count: 8, seed });
      expect(new Set(plants.map((m) => m.operator)).size).toBe(8);
    }
  });

  it('honours minLineDistance, stops when nothing else fits, and never lets files conflict', async () => {
    const cart = await generateMutants('src/cart.js', fixture('cart.js'));
    const wide = selectPlants(cart, { count: 100, seed: 3, minLineDistance: 30 });
    expect(wide.length).toBeGreaterThan(1);
    expect(wide.length).toBeLessThanOrEqual(4);
    expectSpaced(wide, 30);

    const copy = cart.map((m) => ({ ...m, file: 'src/cart-copy.js', id: m.id.replace('cart', 'cart-copy') }));
    const both = selectPlants([...cart, ...copy], { count: 100, seed: 3, minLineDistance: 30 });
    expectSpaced(both, 30);
    const inCopy = both.filter((m) => m.file === 'src/cart-copy.js');
    const inCart = both.filter((m) => m.file === 'src/cart.js');
    expect(inCopy.length).toBeGreaterThan(1);
    expect(inCart.length).toBeGreaterThan(1);
    // Plants of different files may sit on nearby lines: a finding names its file.
    expect(inCart.some((a) => inCopy.some((b) => Math.abs(a.line - b.line) < 30))).toBe(true);
  });

  it('never picks overlapping mutants, even with no line distance', async () => {
    const mutants = await pool();
    const plants = selectPlants(mutants, { count: 60, seed: 9, minLineDistance: 0 });
    expect(plants).toHaveLength(60);
    for (const a of plants) {
      for (const b of plants) {
        if (a !== b && a.file === b.file) expect(a.end <= b.start || b.end <= a.start, `${a.id} vs ${b.id}`).toBe(true);
      }
    }
  });

  it('asks accept only about candidates it is about to take, and takes another of the operator instead of a refused one', async () => {
    const mutants = await pool();
    const plain = selectPlants(mutants, { count: 8, seed: 5 });
    const refused = new Set(plain.slice(0, 3).map((m) => m.id));
    const asked: string[] = [];
    const plants = selectPlants(mutants, {
      count: 8,
      seed: 5,
      accept: (m) => {
        asked.push(m.id);
        return !refused.has(m.id);
      },
    });
    expect(plants).toHaveLength(8);
    expect(plants.filter((m) => refused.has(m.id))).toEqual([]);
    // The operators stay: each refused plant is replaced by another mutant of its operator.
    expect(plants.map((m) => m.operator).sort()).toEqual(plain.map((m) => m.operator).sort());
    expect(asked.length).toBeLessThan(mutants.length / 4);
  });

  it('returns nothing for count 0 or an empty pool', async () => {
    expect(selectPlants(await pool(), { count: 0, seed: 1 })).toEqual([]);
    expect(selectPlants([], { count: 8, seed: 1 })).toEqual([]);
  });
});

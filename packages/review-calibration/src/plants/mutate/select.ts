// Choosing which mutants to plant: seeded, round-robin across operators for coverage, and spaced
// so that in one file no two plants are within `minLineDistance` lines (a reviewer's ±3-line
// finding can then locate at most one plant).

import { mulberry32, shuffle } from '@adlc/core';
import type { Mutant } from './types.js';

export interface SelectPlantsOptions {
  count: number;
  seed: number;
  /** Minimum line distance between two plants of the same file; default 7. */
  minLineDistance?: number;
  /**
   * Asked only about a candidate the selection is about to take (so an expensive check runs for
   * few mutants); a refused one is skipped and the operator's next candidate is tried instead.
   */
  accept?: (mutant: Mutant) => boolean;
}

export function selectPlants(mutants: readonly Mutant[], opts: SelectPlantsOptions): Mutant[] {
  const minDistance = opts.minLineDistance ?? 7;
  const random = mulberry32(opts.seed);
  // Sort first so the result depends on the set of mutants and the seed, not the input order.
  const byOperator = new Map<string, Mutant[]>();
  for (const m of [...mutants].sort(byIdentity)) {
    const list = byOperator.get(m.operator) ?? [];
    list.push(m);
    byOperator.set(m.operator, list);
  }
  const queues = shuffle([...byOperator.keys()].sort(), random).map((op) => shuffle(byOperator.get(op) ?? [], random));

  const picked: Mutant[] = [];
  const fits = (m: Mutant): boolean =>
    picked.every(
      (p) => p.file !== m.file || (Math.abs(p.line - m.line) >= minDistance && (m.end <= p.start || p.end <= m.start)),
    );
  while (picked.length < opts.count) {
    let progressed = false;
    for (const queue of queues) {
      if (picked.length >= opts.count) break;
      // Take this operator's next candidate that fits; the ones that do not fit now never will.
      while (queue.length > 0) {
        const m = queue.shift()!;
        if (fits(m) && (opts.accept?.(m) ?? true)) {
          picked.push(m);
          progressed = true;
          break;
        }
      }
    }
    if (!progressed) break;
  }
  return picked;
}

function byIdentity(a: Mutant, b: Mutant): number {
  return cmp(a.file, b.file) || a.start - b.start || a.end - b.end || cmp(a.operator, b.operator) || cmp(a.id, b.id);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

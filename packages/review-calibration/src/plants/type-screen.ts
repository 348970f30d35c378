// A `wrong-identifier` plant in a TypeScript file that the type checker rejects is no bug a
// reviewer has to find: the build already refuses it. Such plants are screened out while plants
// are selected, so the selection takes another candidate in their place and the count stays.

import path from 'node:path';
import * as mutate from './mutate/index.js';
import type { Target } from './targets.js';

type Mutant = mutate.Mutant;

export const SCREENED_OPERATOR = 'wrong-identifier';

/**
 * At most this many candidates of one file are type-checked per selection (each check re-checks
 * the file, about 0.05-0.25 s); past it, that file's unchecked swaps are not planted. Counted per
 * selection, not per run, so a seed picks the same plants whatever trials ran before it.
 */
export const TYPE_CHECKS_PER_FILE = 24;

export interface TypeScreen {
  /** By repository-relative path: the TypeScript targets that have candidates to screen. */
  checkers: Map<string, mutate.MutantTypeChecker>;
  /** Verdicts reached so far, by mutant id (true: the type checker rejects it); the same in every trial. */
  rejected: Map<string, boolean>;
}

export async function typeScreen(targets: readonly Target[], root: string, mutants: readonly Mutant[]): Promise<TypeScreen> {
  const screened = new Set(mutants.filter((m) => m.operator === SCREENED_OPERATOR).map((m) => m.file));
  const checkers = new Map<string, mutate.MutantTypeChecker>();
  for (const t of targets) {
    if (!screened.has(t.file)) continue;
    const checker = await mutate.mutantTypeChecker(path.join(root, t.file), t.content);
    if (checker) checkers.set(t.file, checker);
  }
  return { checkers, rejected: new Map() };
}

/** The `accept` of one selection: refuses the screened plants the type checker rejects. */
export function typeAccept(screen: TypeScreen): (m: Mutant) => boolean {
  const examined = new Map<string, number>();
  return (m) => {
    const checker = screen.checkers.get(m.file);
    if (m.operator !== SCREENED_OPERATOR || !checker) return true;
    const n = (examined.get(m.file) ?? 0) + 1;
    examined.set(m.file, n);
    if (n > TYPE_CHECKS_PER_FILE) return false;
    let rejected = screen.rejected.get(m.id);
    if (rejected === undefined) screen.rejected.set(m.id, (rejected = checker.rejects(m)));
    return !rejected;
  };
}

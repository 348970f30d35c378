// Plants from the mutation engine (plants/mutate/): every mutant of each target (in the lines the
// commit changed when it changed any), then a seeded, operator-round-robin selection spaced 7 lines
// apart that skips the wrong-identifier swaps the type checker rejects.

import type { Plant } from '../types.js';
import * as mutate from './mutate/index.js';
import { languageOf } from './language.js';
import type { Target } from './targets.js';
import { typeAccept, typeScreen, type TypeScreen } from './type-screen.js';

type Mutant = mutate.Mutant;

/** Plants at least this many lines apart never share a ±3 window. */
export const MIN_LINE_DISTANCE = 7;

export interface MutantPool {
  mutants: Mutant[];
  /** Targets whose changed lines had no mutant, so the whole file was used. */
  widened: string[];
  typeScreen: TypeScreen;
}

/** Every candidate mutant of the targets (computed once; each trial selects from it with its seed). */
export async function mutantPool(targets: readonly Target[], root: string): Promise<MutantPool> {
  const mutants: Mutant[] = [];
  const widened: string[] = [];
  for (const t of targets) {
    let found = t.changedLines.length > 0 ? await mutate.generateMutants(t.file, t.content, { lines: t.changedLines }) : [];
    if (found.length === 0) {
      found = await mutate.generateMutants(t.file, t.content);
      if (t.changedLines.length > 0 && found.length > 0) widened.push(t.file);
    }
    mutants.push(...found.filter((m) => !m.original.includes('\n') && !m.mutated.includes('\n')));
  }
  return { mutants, widened, typeScreen: await typeScreen(targets, root, mutants) };
}

export function selectFromPool(pool: MutantPool, count: number, seed: number): Plant[] {
  return mutate
    .selectPlants(pool.mutants, { count, seed, minLineDistance: MIN_LINE_DISTANCE, accept: typeAccept(pool.typeScreen) })
    .map(toPlant);
}

function toPlant(m: Mutant): Plant {
  const singleLine = !m.replacement.includes('\n');
  return {
    id: m.id,
    file: m.file,
    line: m.line,
    column: m.column,
    endColumn: singleLine ? m.column + (m.end - m.start) : m.column,
    replacement: m.replacement,
    original: m.original,
    mutated: m.mutated,
    category: m.category,
    operator: m.operator,
    description: m.description,
    language: languageOf(m.file),
  };
}

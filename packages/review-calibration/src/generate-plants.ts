// Plants from core's mutation engine: every mutant of each target (in the lines the commit changed
// when it changed any), then a seeded, operator-round-robin selection spaced 7 lines apart.

import * as core from '@adlc/core';
import { opError } from '@adlc/core';
import { languageOf } from './language.js';
import type { Target } from './targets.js';
import type { Plant } from './types.js';

/** The part of core's Mutant this tool reads. */
interface MutantLike {
  id: string;
  file: string;
  line: number;
  column: number;
  start: number;
  end: number;
  replacement: string;
  operator: string;
  category: string;
  description: string;
  original: string;
  mutated: string;
}

interface MutationEngine {
  generateMutants(file: string, content: string, opts?: { lines?: Iterable<number> }): Promise<MutantLike[]>;
  selectPlants(mutants: readonly MutantLike[], opts: { count: number; seed: number; minLineDistance?: number }): MutantLike[];
}

/** Plants at least this many lines apart never share a ±3 window. */
export const MIN_LINE_DISTANCE = 7;

function engine(): MutationEngine {
  // Read off the namespace so this package builds against a core without the engine and says so at run time.
  const api = (core as unknown as { mutate?: MutationEngine }).mutate;
  if (!api || typeof api.generateMutants !== 'function') {
    throw opError('this build of @adlc/core has no mutation engine', { hint: 'give the plants with --plants-file, or update @adlc/core' });
  }
  return api;
}

export interface MutantPool {
  mutants: MutantLike[];
  /** Targets whose changed lines had no mutant, so the whole file was used. */
  widened: string[];
}

/** Every candidate mutant of the targets (computed once; each trial selects from it with its seed). */
export async function mutantPool(targets: readonly Target[]): Promise<MutantPool> {
  const api = engine();
  const mutants: MutantLike[] = [];
  const widened: string[] = [];
  for (const t of targets) {
    let found = t.changedLines.length > 0 ? await api.generateMutants(t.file, t.content, { lines: t.changedLines }) : [];
    if (found.length === 0) {
      found = await api.generateMutants(t.file, t.content);
      if (t.changedLines.length > 0 && found.length > 0) widened.push(t.file);
    }
    mutants.push(...found.filter((m) => !m.original.includes('\n') && !m.mutated.includes('\n')));
  }
  return { mutants, widened };
}

export function selectFromPool(pool: MutantPool, count: number, seed: number): Plant[] {
  return engine()
    .selectPlants(pool.mutants, { count, seed, minLineDistance: MIN_LINE_DISTANCE })
    .map(toPlant);
}

function toPlant(m: MutantLike): Plant {
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

// The mutation engine: realistic one-line bugs ("plants") for a file, with exact locations and a
// defect description each. JS/TS is mutated on the syntax tree; Python, Go, Java, Rust and
// C-like languages line by line. TypeScript is loaded only when a JS/TS file is mutated.

import { isJsLike } from '@adlc/core';
import { jsMutants } from './js-mutants.js';
import { lineMutants } from './line-mutants.js';
import { lineSyntaxOf } from './line-scan.js';
import { finalize } from './locate.js';
import type { Mutant } from './types.js';

export type { BugCategory, Mutant, MutantLanguage } from './types.js';
export { applyMutant, applyMutants } from './apply.js';
export { selectPlants, type SelectPlantsOptions } from './select.js';
export { isTypeScriptSource, mutantTypeChecker, type MutantTypeChecker } from './type-check.js';

export interface GenerateMutantsOptions {
  /** Restrict to these 1-based lines (the lines a commit changed); ignored when empty. */
  lines?: Iterable<number>;
}

/** Every mutant of the file, sorted by position then operator; `[]` for an unknown extension. */
export async function generateMutants(file: string, content: string, opts: GenerateMutantsOptions = {}): Promise<Mutant[]> {
  const wanted = opts.lines ? new Set(opts.lines) : undefined;
  const lines = wanted && wanted.size > 0 ? wanted : undefined;
  if (isJsLike(file)) return finalize(await jsMutants(file, content, lines));
  const syntax = lineSyntaxOf(file);
  if (!syntax) return [];
  return finalize(lineMutants(file, content, syntax, lines));
}

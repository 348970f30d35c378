// Applying mutants to file content: pure string edits that refuse to apply to content that has
// changed since the mutant was made (a stale plant would corrupt the file, not plant a bug).

import { OpError } from '@adlc/core';
import type { Mutant } from './types.js';

export function applyMutant(content: string, mutant: Mutant): string {
  assertFresh(content, mutant);
  return content.slice(0, mutant.start) + mutant.replacement + content.slice(mutant.end);
}

/** Several mutants of one file at once; applied from the end so earlier offsets stay valid. */
export function applyMutants(content: string, mutants: readonly Mutant[]): string {
  const ordered = [...mutants].sort((a, b) => b.start - a.start || b.end - a.end);
  for (let i = 1; i < ordered.length; i++) {
    const later = ordered[i - 1]!;
    const earlier = ordered[i]!;
    if (earlier.end > later.start || earlier.start === later.start) {
      throw new OpError(`mutants ${earlier.id} and ${later.id} overlap and cannot be applied together`);
    }
  }
  let out = content;
  for (const m of ordered) out = applyMutant(out, m);
  return out;
}

function assertFresh(content: string, mutant: Mutant): void {
  const found = content.slice(mutant.start, mutant.end);
  if (found !== mutant.originalText) {
    throw new OpError(
      `mutant ${mutant.id} no longer applies: expected ${JSON.stringify(mutant.originalText)} at offset ${mutant.start}, found ${JSON.stringify(found)}`,
      { hint: 'the file changed after its mutants were generated; generate them again' },
    );
  }
}

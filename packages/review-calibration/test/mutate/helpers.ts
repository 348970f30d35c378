// Shared fixtures and invariants for the mutation engine tests.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { type Mutant, applyMutant } from '../../src/plants/mutate/index.js';

export function fixture(name: string): string {
  return readFileSync(fileURLToPath(new URL(`../fixtures/mutate/${name}`, import.meta.url)), 'utf8');
}

/** Location invariants every mutant must satisfy: whole lines, exact column, one line changed. */
export function expectExactLocations(content: string, mutants: readonly Mutant[]): void {
  const lines = content.split('\n');
  for (const m of mutants) {
    const where = `${m.id} (${m.description})`;
    expect(lines[m.line - 1], where).toBe(m.original);
    expect(content.slice(m.start, m.end), where).toBe(m.originalText);
    expect(m.original.slice(m.column - 1, m.column - 1 + m.originalText.length), where).toBe(m.originalText);
    const after = applyMutant(content, m).split('\n');
    expect(after.length, where).toBe(lines.length);
    const changed = after.flatMap((line, i) => (line === lines[i] ? [] : [i + 1]));
    expect(changed, where).toEqual([m.line]);
    expect(after[m.line - 1], where).toBe(m.mutated);
    expect(m.id.startsWith(`${m.file}:${m.line}:${m.column}:${m.operator}`), where).toBe(true);
    expect(m.description.length, where).toBeGreaterThan(10);
  }
}

export function operatorsOf(mutants: readonly Mutant[]): Set<string> {
  return new Set(mutants.map((m) => m.operator));
}

export function categoriesOf(mutants: readonly Mutant[]): Set<string> {
  return new Set(mutants.map((m) => m.category));
}

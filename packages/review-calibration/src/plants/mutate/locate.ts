// Turns operator edits into located mutants: 1-based line and column, the whole original and
// mutated line, a stable id, and one deterministic order (position, then operator).

import type { Edit, Mutant, MutantLanguage } from './types.js';

/** Offsets where each line starts; line breaks are `\n` (a `\r` before it stays out of the line text). */
export function lineStarts(content: string): number[] {
  const starts = [0];
  for (let i = content.indexOf('\n'); i !== -1; i = content.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** 0-based index of the line holding `offset`. */
export function lineIndexAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The text of 0-based line `index`, without `\n` or a trailing `\r`. */
export function lineText(content: string, starts: readonly number[], index: number): string {
  const from = starts[index] ?? content.length;
  const next = starts[index + 1];
  const raw = next === undefined ? content.slice(from) : content.slice(from, next - 1);
  return raw.endsWith('\r') ? raw.slice(0, -1) : raw;
}

/**
 * Places an edit on its line, or returns undefined when it is not a single-line change
 * (a plant must be one line so a reviewer's "file:line" can point at it).
 */
export function locate(
  file: string,
  content: string,
  starts: readonly number[],
  edit: Edit,
  language: MutantLanguage,
): Omit<Mutant, 'id'> | undefined {
  const originalText = content.slice(edit.start, edit.end);
  if (originalText.includes('\n') || edit.replacement.includes('\n')) return undefined;
  if (originalText === edit.replacement) return undefined;
  const index = lineIndexAt(starts, edit.start);
  const original = lineText(content, starts, index);
  const col = edit.start - (starts[index] ?? 0);
  if (col + originalText.length > original.length) return undefined;
  const mutated = original.slice(0, col) + edit.replacement + original.slice(col + originalText.length);
  return {
    file,
    line: index + 1,
    column: col + 1,
    start: edit.start,
    end: edit.end,
    replacement: edit.replacement,
    originalText,
    operator: edit.operator,
    category: edit.category,
    description: edit.description,
    original,
    mutated,
    language,
  };
}

/** Sorts by position then operator, drops identical edits, and assigns ids. */
export function finalize(located: Array<Omit<Mutant, 'id'>>): Mutant[] {
  const sorted = [...located].sort(
    (a, b) =>
      a.start - b.start ||
      cmp(a.operator, b.operator) ||
      a.end - b.end ||
      cmp(a.replacement, b.replacement),
  );
  const seenEdits = new Set<string>();
  const idCounts = new Map<string, number>();
  const out: Mutant[] = [];
  for (const m of sorted) {
    const editKey = `${m.start}:${m.end}:${m.replacement}`;
    if (seenEdits.has(editKey)) continue;
    seenEdits.add(editKey);
    const base = `${m.file}:${m.line}:${m.column}:${m.operator}`;
    const n = (idCounts.get(base) ?? 0) + 1;
    idCounts.set(base, n);
    out.push({ id: n === 1 ? base : `${base}#${n}`, ...m });
  }
  return out;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

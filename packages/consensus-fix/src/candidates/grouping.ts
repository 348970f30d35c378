// Agreement among survivors: normalized changesets grouped by identity, the seed's winner rule
// (fewest changed lines in the largest group, ties by index) and the verdict it leads to.

export interface Survivor {
  index: number;
  changedLines: number;
  /** The normalized changeset; equal keys mean the candidates agree. */
  key: string;
}

export interface Group {
  groupIndex: number;
  size: number;
  candidateIndices: number[];
}

export type Verdict = 'pass' | 'no-survivors' | 'all-divergent';

/** The seed's normalization: whitespace collapsed per line (runs to one space, ends trimmed); lines are kept. */
export function normalizeWhitespace(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n');
}

/** One key per changeset: the changed files in path order with their normalized content. */
export function changesetKey(files: ReadonlyArray<{ file: string; normalized: string }>): string {
  const sorted = [...files].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return JSON.stringify(sorted.map((f) => [f.file, f.normalized]));
}

/** Groups by key; the largest first, then by lowest member index, so groupIndex 0 is the main consensus. */
export function groupSurvivors(survivors: ReadonlyArray<Survivor>): Group[] {
  const byKey = new Map<string, number[]>();
  for (const s of [...survivors].sort((a, b) => a.index - b.index)) {
    const members = byKey.get(s.key);
    if (members) members.push(s.index);
    else byKey.set(s.key, [s.index]);
  }
  return [...byKey.values()]
    .sort((a, b) => b.length - a.length || a[0]! - b[0]!)
    .map((candidateIndices, groupIndex) => ({ groupIndex, size: candidateIndices.length, candidateIndices }));
}

/**
 * Among the members of the largest group(s), the fewest changed lines, ties by candidate index.
 * Only survivors are ever considered, so a fix that reddens the rails cannot win by being small.
 */
export function selectWinner(
  survivors: ReadonlyArray<Survivor>,
  groups: ReadonlyArray<Group>,
): { index: number; changedLines: number; largestGroupSize: number; groupIndex: number } | null {
  const largest = Math.max(0, ...groups.map((g) => g.size));
  if (largest === 0) return null;
  const groupOf = new Map<number, number>();
  for (const g of groups) for (const i of g.candidateIndices) groupOf.set(i, g.groupIndex);
  const eligible = survivors
    .filter((s) => groups.some((g) => g.size === largest && g.candidateIndices.includes(s.index)))
    .sort((a, b) => a.changedLines - b.changedLines || a.index - b.index);
  const best = eligible[0];
  if (!best) return null;
  return { index: best.index, changedLines: best.changedLines, largestGroupSize: largest, groupIndex: groupOf.get(best.index)! };
}

/** Exit 0 needs a survivor and, when n >= 3, a group of two or more; otherwise the gate fails. */
export function decideVerdict(n: number, groups: ReadonlyArray<Group>): Verdict {
  if (groups.length === 0) return 'no-survivors';
  if (n >= 3 && groups.every((g) => g.size === 1)) return 'all-divergent';
  return 'pass';
}

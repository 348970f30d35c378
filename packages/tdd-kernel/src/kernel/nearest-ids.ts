// "no test with id X": the known ids closest to a mistyped one, so the agent can correct it.

/** Up to `count` of `known`, closest first (edit distance; ids of the same test file first). */
export function nearestIds(wanted: string, known: Iterable<string>, count = 3): string[] {
  const file = wanted.includes('::') ? wanted.slice(0, wanted.indexOf('::')) : null;
  return [...new Set(known)]
    .filter((id) => id !== wanted)
    .map((id) => ({ id, score: distance(wanted, id) + (file !== null && id.startsWith(`${file}::`) ? 0 : 1000) }))
    .sort((a, b) => a.score - b.score || a.id.localeCompare(b.id))
    .slice(0, count)
    .map((c) => c.id);
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}

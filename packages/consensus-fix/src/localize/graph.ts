// The import graph around the failing test: what it imports (1 hop) and what those import (2 hops),
// breadth first, bounded so a large package cannot make localization slow. Pure: the caller gives
// the edges.

export const MAX_HOPS = 2;
export const MAX_NODES = 40;

/** Shortest distance (1 or 2 hops) of every file reached from the roots; the roots themselves are not in it. */
export function importDistances(
  roots: readonly string[],
  importsOf: (file: string) => readonly string[],
  limits: { hops: number; nodes: number } = { hops: MAX_HOPS, nodes: MAX_NODES },
): Map<string, number> {
  const distance = new Map<string, number>();
  const seen = new Set(roots);
  let frontier = [...seen];
  for (let hop = 1; hop <= limits.hops && frontier.length > 0; hop++) {
    const next: string[] = [];
    for (const file of frontier) {
      for (const imported of importsOf(file)) {
        if (seen.has(imported)) continue;
        if (distance.size >= limits.nodes) return distance;
        seen.add(imported);
        distance.set(imported, hop);
        next.push(imported);
      }
    }
    frontier = next;
  }
  return distance;
}

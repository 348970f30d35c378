// The import graph around the failing test: what it imports (1 hop) and what those import (2 hops),
// breadth first, bounded so a large package cannot make localization slow. Pure: the caller gives
// the edges, and which files the failing run called into.

export const MAX_HOPS = 2;
export const MAX_NODES = 40;

/**
 * Shortest distance (1 or 2 hops) of every file reached from the roots; the roots themselves are not
 * in it. When a hop reaches more files than the bound leaves room for, the files the failing run
 * called into (`ran`: a function of theirs ran, not merely their module load) are kept first, then
 * the others in the order they are imported: an entry file re-exporting fifty modules (semver's
 * `index.js`) would otherwise keep the first forty by its `require` order, which says nothing about
 * the failure, and drop the module the test exercised.
 */
export function importDistances(
  roots: readonly string[],
  importsOf: (file: string) => readonly string[],
  limits: { hops: number; nodes: number } = { hops: MAX_HOPS, nodes: MAX_NODES },
  ran: (file: string) => boolean = () => false,
): Map<string, number> {
  const distance = new Map<string, number>();
  const seen = new Set(roots);
  let frontier = [...seen];
  for (let hop = 1; hop <= limits.hops && frontier.length > 0 && distance.size < limits.nodes; hop++) {
    const reached: string[] = [];
    for (const file of frontier) {
      for (const imported of importsOf(file)) {
        if (seen.has(imported)) continue;
        seen.add(imported);
        reached.push(imported);
      }
    }
    frontier = [...reached.filter(ran), ...reached.filter((f) => !ran(f))].slice(0, limits.nodes - distance.size);
    for (const file of frontier) distance.set(file, hop);
  }
  return distance;
}

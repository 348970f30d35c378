// One score per file from its evidence, and the ranking. Pure, and tested by a table.
//
// score = 8·frame + 4·coverage + 2·graph + 1.5·identifiers, each term in [0, 1]:
//   frame       = 1 / (1 + depth) of the file's frame nearest the failure: the place that threw.
//   coverage    = √(ochiai / the best file's ochiai): how much of what the failing run did inside
//                 called functions happened in this file, relative to the busiest file.
//   graph       = 1 / hops from the failing test (1: the test imports it; 2: through one module).
//   identifiers = 1 when the file defines a function the failing line or test name calls by name,
//                 else the share of those identifiers the file mentions.
//
// Why these weights. A frame at depth 0 (8) outweighs everything else together (4 + 2 + 1.5 = 7.5):
// when a repository file throws, that is where the fix goes nine times out of ten. Coverage comes
// next because of how real CommonJS packages fail: the test requires `index.js` (or `lib/index.js`),
// which only re-exports the module that holds the bug, and the bug often does not throw (a prototype
// pollution test fails on an assertion in the test file, whose frames are all test frames). Then the
// only thing that tells the buggy module from the entry file is what ran: the entry file's lines run
// at module load only, the buggy module's functions run on the test's input. So coverage counts only
// lines inside called functions, and outweighs the graph, which on its own would rank the entry file
// (1 hop) above the real module (2 hops). Without --rails every line the failing run reached scores 1,
// so the term is the file's share of the executed function lines; the square root keeps one large file
// from flattening every smaller module it calls. The graph breaks ties among covered files and is the
// main signal where there is no coverage (a non-Node command, pytest without coverage.py). Identifiers
// are the weakest signal (common names match everywhere), except that the module defining the
// function the failing line calls is the unit under test: when the rails also run every line the
// failing test runs (a test file per process, all lines shared), Ochiai is flat and sums only measure
// size, and the definition is what still points at the right module.

import type { Evidence, LocalizedFile } from './schema.js';

export const WEIGHTS = { frame: 8, coverage: 4, graph: 2, identifiers: 1.5 } as const;

export interface ScoreContext {
  /** The highest `ochiai` of any file in the table (0 when no coverage). */
  bestOchiai: number;
  /** How many identifiers were looked for. */
  queryIdentifiers: number;
}

/** The score of one file (rounded to 3 decimals), 0 when nothing points at it. */
export function scoreFile(evidence: Evidence, ctx: ScoreContext): number {
  const frame = evidence.frames && evidence.frames.length > 0 ? 1 / (1 + Math.min(...evidence.frames.map((f) => f.depth))) : 0;
  const coverage = ctx.bestOchiai > 0 && evidence.ochiai ? Math.sqrt(Math.min(1, evidence.ochiai / ctx.bestOchiai)) : 0;
  const graph = evidence.graphDistance ? 1 / evidence.graphDistance : 0;
  const share = ctx.queryIdentifiers > 0 ? Math.min(1, (evidence.identifiers?.length ?? 0) / ctx.queryIdentifiers) : 0;
  const identifiers = evidence.defines?.length ? 1 : share;
  const score = WEIGHTS.frame * frame + WEIGHTS.coverage * coverage + WEIGHTS.graph * graph + WEIGHTS.identifiers * identifiers;
  return Math.round(score * 1000) / 1000;
}

/** Files by decreasing score (ties by path), those scoring 0 left out. */
export function rankFiles(table: ReadonlyArray<{ file: string; evidence: Evidence }>, queryIdentifiers: number): LocalizedFile[] {
  const bestOchiai = Math.max(0, ...table.map((row) => row.evidence.ochiai ?? 0));
  return table
    .map((row) => ({ file: row.file, score: scoreFile(row.evidence, { bestOchiai, queryIdentifiers }), evidence: row.evidence }))
    .filter((row) => row.score > 0)
    .sort((a, b) => b.score - a.score || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

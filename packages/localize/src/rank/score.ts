// One score per file from its evidence, and the ranking. Pure, and tested by a table.
//
// score = 16·frame + 4·exclusive + 4·coverage + 4·testCalls + 2·graph + 1.5·identifiers, each term in [0, 1]:
//   frame       = 1 / (1 + depth) of the file's frame nearest the failure: the place that threw; or,
//                 when higher, 1 / (1 + depth)² of its frame nearest a write onto Object.prototype
//                 (run/prototype-probe.ts): the place that wrote counts as much as the place that threw,
//                 its callers less than a throw's.
//   exclusive   = 1 when, with a passing side, the failing run executed a line of the file (inside a
//                 called function) that no passing run executed; else 0.
//   coverage    = √(ochiai / the best file's ochiai): how much of what the failing run did inside
//                 called functions happened in this file, relative to the busiest file.
//   testCalls   = the file's testCallMass relative to the best file's undiscounted one: the functions
//                 the failing test calls (directly, or through the test file's helpers) that ran in
//                 this file, each weighted by its function's best line Ochiai when the passing tests
//                 ran it too and some candidate has a line only the failing tests ran; a file the
//                 failing run started as a program (a spawned CLI) counts as one direct call.
//   graph       = 1 / hops from the failing test (1: the test imports it; 2: through one module).
//   identifiers = 1 when the file defines a function the failing line or test name calls by name,
//                 else the share of those identifiers the file mentions.
//
// Why these weights. A frame at depth 0 (16) outweighs everything else together (4 + 4 + 4 + 2 +
// 1.5 = 15.5): when a repository file throws, that is where the fix goes nine times out of ten. Coverage
// and the test's calls come next because of how real packages fail: the test requires `index.js` (or
// `lib/index.js`), which only re-exports the module that holds the bug, and the bug often does not
// throw (a prototype pollution test fails on an assertion in the test file, whose frames are all test
// frames). Then what tells the buggy module from the entry file is what ran: the entry file's lines
// run at module load only, the buggy module's functions run on the test's input. So coverage counts
// only lines inside called functions, and outweighs the graph, which on its own would rank the entry
// file (1 hop) above the real module (2 hops). Without --rails every line the failing run reached
// scores 1, so coverage is the file's share of the executed function lines: it measures where the
// work happened, and in a framework the busiest module is its plumbing (a router, a bridge), not the
// unit under test. The test's calls name that unit: a unit test calls what it tests (`res.location()`,
// `new CookieJar()`), and the file whose function of that name ran is where the test's input entered
// the code. Both weigh the same, so a unit the test calls beats plumbing that did more work, and a
// busy module still beats one that merely shares a common method name (a call is shared among the
// files that ran a function of its name, and a helper's call weighs half). The square root keeps one
// large file from flattening every smaller module it calls. The graph breaks ties among covered files
// and is the main signal where there is no coverage (a non-Node command, pytest without coverage.py).
// A write onto Object.prototype is placed like a throw: the function that made it is where the fix
// goes, as surely as the one that threw. Its callers count less than a throw's, because the two differ
// there: a thrown error is often a callee's rightful refusal of what its caller passed (the fix is then
// in the caller, one frame up), while a write onto Object.prototype is never rightful, and the
// function that followed a path onto the prototype and wrote there is the one that did not check (the
// fixes of nconf, axios, tough-cookie and protobufjs in bench/localize all went there). With a
// throw's 1/2 at depth 1, a busy caller with the failing run's own lines and the test's calls outranks
// the writer (the settings fixture of test/localize.test.ts); at 1/4 it does not.
// Identifiers are the weakest signal (common names match everywhere), except that the module defining
// the function the failing line calls is the unit under test: when the rails also run every line the
// failing test runs (a test file per process, all lines shared), Ochiai is flat and sums only measure
// size, and the definition is what still points at the right module.
//
// The passing side. Without --rails, the test command's own passing tests are run once more by
// themselves (run/passing-run.ts), so the pre-flight's lines split into those the passing tests also
// ran and those only the failing tests ran. A line only the failing tests ran is spectrum-based
// fault localization's best evidence (Ochiai's maximum), and a file is as suspicious as its most
// suspicious line (aggregation by max, not by sum, so a small module below the API is not drowned
// by the API's size). It weighs as much as coverage and the test's calls: each of the three alone
// says where the failing run went; `exclusive` is the one that says where it went differently from
// the passing runs. For the same reason a test's call into a function the passing tests ran just as
// well counts at that function's Ochiai (1/√2 for one failing and one passing run) against a call
// into a function where the failing test went its own way, once the run diverged somewhere: when
// some candidate has a line only the failing tests ran, a call that ran exactly as in a passing test
// says where the input entered, not where it went wrong, and it weighs what its Ochiai says on the
// run's own scale (the term is relative to the most the test's calls weigh in any file, undiscounted,
// so the discount is not normalized away when the file the test calls is also the best one). When no
// candidate has such a line, every line shares Ochiai's 1/√2 and says nothing: no call is discounted,
// and the calls stay the best pointer (a wrong value computed by the same lines for every input).

import type { Evidence, LocalizedFile } from '../schema.js';

export const WEIGHTS = { frame: 16, exclusive: 4, coverage: 4, testCalls: 4, graph: 2, identifiers: 1.5 } as const;

export interface ScoreContext {
  /** The highest `ochiai` of any file in the table (0 when no coverage). */
  bestOchiai: number;
  /** How many identifiers were looked for. */
  queryIdentifiers: number;
  /** For each function the failing test calls, how many files of the table ran (or define) one of that name. */
  testCallSpread?: ReadonlyMap<string, number>;
  /** The highest testCallMass of any file in the table with no call discounted (0 when none). */
  bestTestCalls?: number;
  /** Whether calls into functions the passing tests ran alike are discounted (see `diverged`). */
  discountCalls?: boolean;
}

/** A helper's set-up call (`app.listen(0)`) weighs this much of the act on the test's input (`res.location(target)`). */
export const SETUP_SHARE = 0.5;

/**
 * How strongly the test's calls point at a file: each call counts 1/(1 + hops), half for set-up,
 * shared among the files that ran a function of that name (a `close` or `get` many files have says little),
 * times the function's Ochiai when the passing tests ran it too and `discount` is on (the run diverged).
 */
export function testCallMass(calls: Evidence['testCalls'], spread: ReadonlyMap<string, number> = new Map(), discount = true): number {
  return (calls ?? []).reduce((sum, c) => sum + ((c.setup ? SETUP_SHARE : 1) * (discount ? (c.ochiai ?? 1) : 1)) / (spread.get(c.name) ?? 1) / (1 + c.hops), 0);
}

/**
 * testCallMass, plus one direct call when the failing run started the file as a program (a test that
 * spawns the CLI runs it as it would call a function), discounted the same way.
 */
export function runMass(evidence: Evidence, spread: ReadonlyMap<string, number> = new Map(), discount = true): number {
  const program = evidence.program ? (discount ? (evidence.program.ochiai ?? 1) : 1) : 0;
  return testCallMass(evidence.testCalls, spread, discount) + program;
}

/** Whether the failing run went somewhere no passing run went: some candidate has a line only the failing tests ran. */
export function diverged(table: ReadonlyArray<{ evidence: Evidence }>): boolean {
  return table.some((row) => (row.evidence.exclusiveLines ?? 0) > 0);
}

/** 1 / (1 + depth)^power of the nearest of the frames, 0 when there are none. */
function nearness(frames: ReadonlyArray<{ depth: number }> | undefined, power: number): number {
  return frames && frames.length > 0 ? 1 / (1 + Math.min(...frames.map((f) => f.depth))) ** power : 0;
}

/** The score of one file (rounded to 3 decimals), 0 when nothing points at it. */
export function scoreFile(evidence: Evidence, ctx: ScoreContext): number {
  const frame = Math.max(nearness(evidence.frames, 1), nearness(evidence.prototypeWrites, 2));
  const coverage = ctx.bestOchiai > 0 && evidence.ochiai ? Math.sqrt(Math.min(1, evidence.ochiai / ctx.bestOchiai)) : 0;
  const best = ctx.bestTestCalls ?? 0;
  const testCalls = best > 0 ? Math.min(1, runMass(evidence, ctx.testCallSpread, ctx.discountCalls ?? false) / best) : 0;
  const graph = evidence.graphDistance ? 1 / evidence.graphDistance : 0;
  const share = ctx.queryIdentifiers > 0 ? Math.min(1, (evidence.identifiers?.length ?? 0) / ctx.queryIdentifiers) : 0;
  const identifiers = evidence.defines?.length ? 1 : share;
  const exclusive = (evidence.exclusiveLines ?? 0) > 0 ? 1 : 0;
  const score =
    WEIGHTS.frame * frame + WEIGHTS.exclusive * exclusive + WEIGHTS.coverage * coverage + WEIGHTS.testCalls * testCalls + WEIGHTS.graph * graph + WEIGHTS.identifiers * identifiers;
  return Math.round(score * 1000) / 1000;
}

/** The table-wide context of scoreFile: the busiest file's Ochiai, and how the test's calls spread over the files. */
export function scoreContext(table: ReadonlyArray<{ evidence: Evidence }>, queryIdentifiers: number): ScoreContext {
  const bestOchiai = Math.max(0, ...table.map((row) => row.evidence.ochiai ?? 0));
  const testCallSpread = new Map<string, number>();
  for (const row of table) for (const c of row.evidence.testCalls ?? []) testCallSpread.set(c.name, (testCallSpread.get(c.name) ?? 0) + 1);
  // Relative to the most the calls weigh in any file before a discount: after it, the best file's
  // calls would be the scale again, and a discount of the file the test calls would cancel itself.
  const bestTestCalls = Math.max(0, ...table.map((row) => runMass(row.evidence, testCallSpread, false)));
  return { bestOchiai, queryIdentifiers, testCallSpread, bestTestCalls, discountCalls: diverged(table) };
}

/** Files by decreasing score (ties by path), those scoring 0 left out. */
export function rankFiles(table: ReadonlyArray<{ file: string; evidence: Evidence }>, queryIdentifiers: number): LocalizedFile[] {
  const ctx = scoreContext(table, queryIdentifiers);
  return table
    .map((row) => ({ file: row.file, score: scoreFile(row.evidence, ctx), evidence: row.evidence }))
    .filter((row) => row.score > 0)
    .sort((a, b) => b.score - a.score || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

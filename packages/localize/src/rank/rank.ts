// From a failing run's output and coverage to the ranked files: gather every signal, keep the files a
// fix may change (never tests, dependencies, vendored or generated files), score them, rank them.
// Synchronous: the only effects are reads of repository files through the TextCache.

import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { commandFiles } from '../signals/command-files.js';
import { exclusionOf, looksGenerated, type Exclusion } from './eligible.js';
import { evidenceTable, pointedAt } from './evidence.js';
import { placeLine, type CachedSourceMap } from '../coverage/sourcemap.js';
import { framesByFile, prototypeWritesByFile, type FrameHit, type PrototypeWriteHit } from '../signals/frame-files.js';
import { parseTraces, type RawFrame } from '../signals/frames.js';
import { importDistances, MAX_HOPS, MAX_NODES } from '../signals/graph.js';
import { definedIn, failingTestNames, identifiersIn, queryIdentifiers, testLocalNames } from '../signals/identifiers.js';
import { importsOf, type ResolveContext } from '../signals/imports.js';
import type { PrototypeWrite } from '../run/prototype-probe.js';
import { packageJson, type TextCache } from '../repo-files.js';
import type { LocalizedFile } from '../schema.js';
import { rankFiles } from './score.js';
import { withModuleValues } from './module-values.js';
import { scoreSpectrum, type Execution, type FileSpectrum, type FunctionScore } from './spectrum.js';
import { calledName, failingTestCalls, matchTestCalls, stronger, type TestCall } from '../signals/test-calls.js';

export interface RankInput {
  root: string;
  cwd: string;
  testCmd: string;
  /** The failing run's output (stdout and stderr interleaved). */
  output: string;
  /** What the failing run's processes executed; undefined when it had no coverage. */
  failing: Execution[] | undefined;
  /** The repository files the failing run's Node processes were started with (MAIN_SCRIPT). */
  mainScripts?: string[];
  /** What the rails' processes executed (Ochiai's passing side); empty without --rails. */
  passing: Execution[];
  /** What the test command's passing tests executed when run by themselves (also a passing side). */
  passingTests?: Execution[];
  /** The prototype-write probe's writes (names only the failing tests added to Object.prototype). */
  prototypeWrites?: PrototypeWrite[];
  /** Source maps of the compiled scripts the runs executed, by script URL: frames in them are placed in their sources. */
  sourceMaps?: ReadonlyMap<string, CachedSourceMap>;
  files: ReadonlySet<string>;
  texts: TextCache;
}

/** When no signal points anywhere, the identifiers alone are matched against this many source files. */
const FALLBACK_POOL = 2000;
const ASSERTION_LINES = 6;
/** Test files read for the failing test's calls when no trace names one (a whole suite may have run). */
const MAX_TEST_FILES = 20;

/** What the run says before coverage is scored: frames, the tests that ran, the import graph. */
export interface Gathered {
  frames: Map<string, FrameHit[]>;
  /** Where the repository wrote onto Object.prototype, by file. */
  writes: Map<string, PrototypeWriteHit[]>;
  /** Why a file can never be a candidate, or null. */
  exclusion: (file: string) => Exclusion | null;
  /** The failing run's test files (named by the command, executed, or in a trace). */
  testFiles: string[];
  /** Import hops from the test files. */
  distances: Map<string, number>;
  /** Repository files the failing run started a process with, whose functions ran (a spawned CLI). */
  programs: Set<string>;
}

export function gather(input: RankInput): Gathered {
  const { root, cwd, testCmd, output, files, texts } = input;
  const named = new Set(commandFiles({ command: testCmd, cwd, root, files }));
  const exclusion = (file: string) => exclusionOf(file, (f) => named.has(f));
  const place = throughSourceMaps(input.sourceMaps, cwd);
  const frames = framesByFile(parseTraces(output), { root, cwd, files }, place);
  const writes = prototypeWritesByFile(input.prototypeWrites ?? [], { root, cwd, files }, place);
  const ranTests = [...new Set((input.failing ?? []).flatMap((e) => [...e.keys()]))].filter((f) => exclusion(f) === 'test');
  // Files a function of which the failing run called: an entry file's `require`s load every module it
  // re-exports, so having run at all says nothing; being called into does.
  const called = new Set((input.failing ?? []).flatMap((e) => [...e].filter(([, lines]) => lines.called.size > 0).map(([file]) => file)));
  const traced = [...frames.keys()].filter((f) => exclusion(f) === 'test');
  const testFiles = [...new Set([...named, ...ranTests, ...traced])].sort();
  const resolve = resolveContext(input);
  // When the failing run called no function of the repository (a missing method falls back to an
  // inherited one), the import graph is what is left to go on: it reaches further.
  const ranCode = [...called].some((file) => exclusion(file) === null);
  const limits = ranCode ? undefined : { hops: MAX_HOPS + 2, nodes: 2 * MAX_NODES };
  const distances = importDistances(testFiles, (file) => importsOf(file, texts.get(file) ?? '', resolve), limits, (file) => called.has(file));
  // A file a process was started with (a CLI the test spawned), whose functions ran: a test file, a
  // runner's script in node_modules or a command the test command names itself is none.
  const programs = new Set((input.mainScripts ?? []).filter((file) => exclusion(file) === null && called.has(file)));
  return { frames, writes, exclusion, testFiles, distances, programs };
}

/** The ranking, and for each ranked file every function the failing run called in it. */
export interface Ranking {
  /** Every file some signal points at, best first; the caller keeps the top --max-files. */
  files: LocalizedFile[];
  /**
   * The start lines of the functions the failing run called in each ranked file, most suspect first
   * (one with lines no passing run executed, then by its most suspicious line, then by Σ Ochiai). The
   * evidence names the first three; a `replace` prompt shows as many as it has room for.
   */
  calledFunctions: Map<string, number[]>;
}

export function rank(input: RankInput, gathered: Gathered): Ranking {
  const { output, files, texts } = input;
  const { frames, writes, exclusion, testFiles, distances, programs } = gathered;
  const eligible = (file: string) => {
    if (exclusion(file) !== null || !files.has(file)) return false;
    const text = texts.get(file);
    return text !== null && !looksGenerated(text);
  };
  // A rails process that ran one of the failing run's tests is not a passing execution.
  // The test command's own passing tests ran without the failing ones: they stay.
  const passing = [...input.passing.filter((e) => !testFiles.some((t) => e.has(t))), ...(input.passingTests ?? [])];
  // A module's top-level values count where a called line of an importing file uses them (module-values.ts).
  const resolve = resolveContext(input);
  const values = { text: (file: string) => texts.get(file), importsOf: (file: string) => importsOf(file, texts.get(file) ?? '', resolve) };
  const spectrum = input.failing ? scoreSpectrum(withModuleValues(input.failing, values), withModuleValues(passing, values)) : undefined;

  let pool = pointedAt({ frames, writes, spectrum, distances }).filter(eligible);
  if (pool.length === 0) pool = [...files].filter(eligible).slice(0, FALLBACK_POOL);
  const testNames = failingTestNames(output);
  const query = queryIdentifiers({
    assertionLines: assertionLines(frames, testFiles, texts),
    testNames,
    locals: new Set(testFiles.flatMap((f) => [...testLocalNames(texts.get(f) ?? '')])),
  });
  const identifiers = new Map(pool.map((file) => [file, identifiersIn(texts.get(file) ?? '', query)] as const));
  const definitions = new Map(pool.map((file) => [file, definedIn(texts.get(file) ?? '', identifiers.get(file) ?? [])] as const));
  const calls = failingCalls(input, gathered, testNames);
  const testCalls = new Map(pool.map((file) => [file, matchTestCalls(calls, answering(file, calls, spectrum, texts))] as const));
  const ranked = rankFiles(evidenceTable(pool, { frames, writes, spectrum, hasPassing: passing.length > 0, distances, identifiers, definitions, testCalls, programs }), query.length);
  return { files: ranked, calledFunctions: new Map(ranked.map((f) => [f.file, bySuspicion(spectrum?.get(f.file)?.functions ?? [])] as const)) };
}

function bySuspicion(functions: readonly FunctionScore[]): number[] {
  const strayed = (f: FunctionScore) => (f.exclusiveLines > 0 ? 1 : 0);
  return [...functions].sort((a, b) => strayed(b) - strayed(a) || b.top - a.top || b.ochiai - a.ochiai || a.line - b.line).map((f) => f.line);
}

/**
 * The calls of the failing test, from the test files that hold it (found by a frame or its name);
 * when none does, the calls of every test of the run's test files, counted as less sure. The files
 * in the failing traces are read first; without any, a suite run reads at most MAX_TEST_FILES.
 */
function failingCalls(input: RankInput, { frames, testFiles }: Gathered, testNames: readonly string[]): TestCall[] {
  const traced = testFiles.filter((file) => frames.has(file));
  const perFile = (traced.length > 0 ? traced : testFiles.slice(0, MAX_TEST_FILES)).flatMap((file) => {
    const language = file.endsWith('.py') ? 'python' : /\.[cm]?[jt]sx?$/.test(file) ? 'js' : null;
    const source = language ? input.texts.get(file) : null;
    if (!language || source === null || source === undefined) return [];
    const frameLines = (frames.get(file) ?? []).map((hit) => hit.line);
    return [failingTestCalls({ source, language, frameLines, testNames })];
  });
  const sure = perFile.filter((r) => r.found);
  const best = new Map<string, TestCall>();
  for (const { calls } of sure.length > 0 ? sure : perFile) {
    for (const c of calls) if (!best.has(c.name) || stronger(c, best.get(c.name)!)) best.set(c.name, c);
  }
  return [...best.values()];
}

/**
 * The names among the calls a file answers, each with its best line Ochiai: the functions that ran in
 * it, or without coverage, those it defines (at 1).
 */
function answering(file: string, calls: readonly TestCall[], spectrum: ReadonlyMap<string, FileSpectrum> | undefined, texts: TextCache): Map<string, number> {
  if (!spectrum) return new Map(definedIn(texts.get(file) ?? '', calls.map((c) => c.name)).map((name) => [name, 1] as const));
  const names = new Map<string, number>();
  for (const f of spectrum.get(file)?.functions ?? []) {
    const name = calledName(f.name);
    if (name !== null) names.set(name, Math.max(names.get(name) ?? 0, f.top));
  }
  return names;
}

/** A frame in a compiled script with a source map, placed in its source; any other frame as printed. */
function throughSourceMaps(maps: ReadonlyMap<string, CachedSourceMap> | undefined, cwd: string): ((frame: RawFrame) => RawFrame) | undefined {
  if (!maps || maps.size === 0) return undefined;
  return (frame) => {
    let url: string;
    try {
      url = frame.path.startsWith('file:') ? frame.path : pathToFileURL(path.resolve(cwd, frame.path)).href;
    } catch {
      return frame;
    }
    const map = maps.get(url);
    const place = map ? placeLine(map, frame.line) : null;
    return place ? { path: place.source, line: place.line } : frame;
  };
}

function resolveContext({ files, texts }: RankInput): ResolveContext {
  const mains = new Map<string, string | undefined>();
  return {
    files,
    packageName: packageJson(texts, '').name,
    mainOf: (dir) => {
      if (!mains.has(dir)) mains.set(dir, packageJson(texts, dir).main);
      return mains.get(dir);
    },
  };
}

/** The test files' lines the traces point at, nearest the failure first, each with its continuation lines. */
function assertionLines(frames: ReadonlyMap<string, FrameHit[]>, testFiles: readonly string[], texts: TextCache): string[] {
  const hits = testFiles.flatMap((file) => (frames.get(file) ?? []).map((hit) => ({ file, ...hit })));
  hits.sort((a, b) => a.depth - b.depth);
  return hits.slice(0, ASSERTION_LINES).map(({ file, line }) => statementAt(texts.get(file) ?? '', line));
}

/** The line, and the next ones while its brackets are still open (an assertion over several lines). */
export function statementAt(text: string, line: number): string {
  const lines = text.split('\n');
  let statement = lines[line - 1] ?? '';
  for (let next = line; next < line + 4 && next < lines.length && depthOf(statement) > 0; next++) statement += `\n${lines[next]}`;
  return statement;
}

function depthOf(text: string): number {
  return (text.match(/[([{]/g) ?? []).length - (text.match(/[)\]}]/g) ?? []).length;
}

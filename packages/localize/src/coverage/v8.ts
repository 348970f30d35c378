// Node's own coverage (NODE_V8_COVERAGE): every process of a run writes the block counts V8 kept,
// one JSON file per process. Here they become executed lines, split into module load and called
// functions (see FileLines). Reading the directory is the effect; the line mapping is pure.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedSourceMaps, linesThroughSourceMap, type CachedSourceMap } from './sourcemap.js';
import { insideRoot } from '../repo-files.js';
import type { Execution, FileLines } from '../rank/spectrum.js';

export interface V8Range {
  startOffset: number;
  endOffset: number;
  count: number;
}

export interface V8Function {
  functionName: string;
  ranges: V8Range[];
}

interface Span extends V8Range {
  fn: number;
}

/** Blank lines, lone brackets and comment-only lines are no statement: they say nothing about execution. */
const NOT_CODE = /^\s*(?:[{}()[\];,]\s*)*(?:\/\/.*|\/\*.*|\*.*)?$/;

/**
 * The executed lines of one script, from V8's ranges: a line counts as its innermost range counts
 * at the line's first character. V8's ranges nest (a function's first range is the function, the
 * others its blocks), so one sweep with a stack finds the innermost range of every line.
 */
export function v8FileLines(source: string, functions: readonly V8Function[]): FileLines {
  const text = withoutBom(source);
  const spans: Span[] = functions.flatMap((f, fn) => f.ranges.map((r) => ({ ...r, fn })));
  spans.sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  const loadTime = moduleLoadFunctions(text, functions);
  const result: FileLines = { executed: new Set(), called: new Map(), functionNames: new Map() };
  const lines = text.split('\n');
  const starts = lineStarts(lines);
  const stack: Span[] = [];
  let next = 0;
  lines.forEach((line, index) => {
    const at = starts[index]! + (line.length - line.trimStart().length);
    if (NOT_CODE.test(line)) return;
    for (; next < spans.length && spans[next]!.startOffset <= at; next++) {
      const span = spans[next]!;
      while (stack.length > 0 && stack[stack.length - 1]!.endOffset <= span.startOffset) stack.pop();
      if (span.endOffset > at) stack.push(span);
    }
    while (stack.length > 0 && stack[stack.length - 1]!.endOffset <= at) stack.pop();
    const innermost = stack[stack.length - 1];
    if (!innermost || innermost.count <= 0) return;
    result.executed.add(index + 1);
    if (loadTime.has(innermost.fn)) return;
    const own = functions[innermost.fn]!.ranges[0]!;
    const start = lineAt(starts, own.startOffset);
    result.called.set(index + 1, start);
    result.functionNames.set(start, functions[innermost.fn]!.functionName);
  });
  return result;
}

/** Node strips a BOM before compiling, so V8's offsets count from after it. */
const withoutBom = (source: string) => (source.startsWith('\uFEFF') ? source.slice(1) : source);

/**
 * True when V8 ran exactly the file's text: its script function ends where the file ends. A loader
 * that compiles a file inside a wrapper of its own (a sandbox, a transpiler) shifts every offset, and
 * mapping such ranges onto the file would credit the wrong lines: those scripts are left out.
 */
export function ranAsIs(source: string, functions: readonly V8Function[]): boolean {
  const top = topLevel(functions);
  return top >= 0 && functions[top]!.ranges[0]!.endOffset === withoutBom(source).length;
}

/** A wrapper runs once, holds nearly the whole file, and is invoked where it stands: `(function () {`, `!function`. */
const WRAPPER_SHARE = 0.9;

/**
 * The functions whose own lines run at module load: the script's top level, and the wrappers a file
 * puts around its whole body (an IIFE, CoffeeScript's `(function() { ... }).call(this)`, a UMD
 * factory). A test that merely loads such a file runs all of their lines once; counting those as
 * called functions would make every bundled or compiled file look like the place the input went.
 * A module that exports one big function is no wrapper: that function is not invoked where it stands.
 */
export function moduleLoadFunctions(text: string, functions: readonly V8Function[]): Set<number> {
  const found = new Set<number>();
  const top = topLevel(functions);
  if (top >= 0) found.add(top);
  functions.forEach((f, i) => {
    const own = f.ranges[0];
    if (!own || i === top || own.count !== 1) return;
    if (own.endOffset - own.startOffset < WRAPPER_SHARE * text.length) return;
    if (/[(!]\s*$/.test(text.slice(Math.max(0, own.startOffset - 40), own.startOffset))) found.add(i);
  });
  return found;
}

/** The script's own function: the one whose range starts at 0 and reaches furthest. */
function topLevel(functions: readonly V8Function[]): number {
  let best = -1;
  functions.forEach((f, i) => {
    const r = f.ranges[0];
    if (r && r.startOffset === 0 && (best < 0 || r.endOffset > functions[best]!.ranges[0]!.endOffset)) best = i;
  });
  return best;
}

function lineStarts(lines: readonly string[]): number[] {
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  return starts;
}

/** The 1-based line holding `offset` (binary search over the lines' start offsets). */
function lineAt(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

interface ScriptCoverage {
  url: string;
  functions: V8Function[];
}

/**
 * What to do with a script V8 ran in a compiled form (not as is): its functions laid onto `source`, or
 * null to leave it out (coverage/transformed.ts).
 */
export type RemapTransformed = (file: string, source: string, functions: readonly V8Function[]) => V8Function[] | null;

/** One process's coverage: its repository scripts with their sources, and the source maps Node kept for them. */
export interface ProcessCoverage {
  scripts: Array<{ file: string; url: string; source: string; functions: V8Function[] }>;
  sourceMaps: Map<string, CachedSourceMap>;
  /** The process that wrote it (from Node's file name), when known: one process may write several files. */
  pid?: number;
}

/**
 * The coverage files in `dir` (one per process), read once: the scripts inside `root` that `accept`
 * takes (repository-relative paths; test files included: they tell which tests ran).
 */
export function readV8Coverage(dir: string, root: string, accept: (file: string) => boolean, elsewhere: readonly string[] = []): ProcessCoverage[] {
  const sources = new Map<string, string | null>();
  const wanted = (url: string) => {
    const file = repositoryPath(url, root);
    return file !== null && accept(file);
  };
  const files = [...listDir(dir).filter((name) => name.endsWith('.json')).map((name) => path.join(dir, name)), ...elsewhere];
  const read = files
    .map((file) => {
      const { scripts, sourceMaps } = parseCoverageFile(file, wanted);
      const withSources = scripts.flatMap((script) => {
        const file = repositoryPath(script.url, root)!;
        if (!sources.has(file)) sources.set(file, readText(path.join(root, file)));
        const source = sources.get(file);
        return source == null ? [] : [{ file, url: script.url, source, functions: script.functions }];
      });
      const pid = /^coverage-(\d+)-/.exec(path.basename(file))?.[1];
      return { scripts: withSources, sourceMaps, ...(pid ? { pid: Number(pid) } : {}) };
    });
  return byProcess(read);
}

/**
 * A process that took its coverage before it ended (its exit handler, the SIGTERM flush) wrote a file
 * for each take, the later ones counting only what ran since (V8 resets its counters on a take, and
 * lists only what ran again): the files of one pid are one process, their counts summed range by range.
 */
export function byProcess(read: readonly ProcessCoverage[]): ProcessCoverage[] {
  const out: ProcessCoverage[] = [];
  const byPid = new Map<number, ProcessCoverage>();
  for (const p of read) {
    const known = p.pid === undefined ? undefined : byPid.get(p.pid);
    if (!known) {
      const copy: ProcessCoverage = { ...p, scripts: p.scripts.map((s) => ({ ...s, functions: s.functions.map((f) => ({ ...f, ranges: f.ranges.map((r) => ({ ...r })) })) })) };
      out.push(copy);
      if (p.pid !== undefined) byPid.set(p.pid, copy);
      continue;
    }
    for (const [url, map] of p.sourceMaps) if (!known.sourceMaps.has(url)) known.sourceMaps.set(url, map);
    for (const script of p.scripts) {
      const into = known.scripts.find((s) => s.url === script.url);
      if (!into) {
        known.scripts.push(script);
        continue;
      }
      for (const fn of script.functions) {
        const head = fn.ranges[0];
        const same = head && into.functions.find((f) => f.ranges[0]?.startOffset === head.startOffset && f.ranges[0]?.endOffset === head.endOffset);
        if (!same) {
          into.functions.push(fn);
          continue;
        }
        for (const r of fn.ranges) {
          const range = same.ranges.find((x) => x.startOffset === r.startOffset && x.endOffset === r.endOffset);
          if (range) range.count += r.count;
          else same.ranges.push({ ...r });
        }
      }
    }
  }
  return out;
}

/**
 * One Execution per process. A script that did not run as is goes through `remap`, and is left out
 * without one; a script with a source map also counts for the repository sources it was compiled from.
 */
export function v8Executions(
  processes: readonly ProcessCoverage[],
  root: string,
  accept: (file: string) => boolean,
  remap?: RemapTransformed,
  /** Receives the source maps of the scripts read, by script URL (to place frames in generated files). */
  sourceMapSink?: Map<string, CachedSourceMap>,
): Execution[] {
  const executions: Execution[] = [];
  for (const { scripts, sourceMaps } of processes) {
    const execution: Execution = new Map();
    for (const { file, url, source, functions: ran } of scripts) {
      const functions = ranAsIs(source, ran) ? ran : remap?.(file, source, ran);
      if (!functions || functions.length === 0) continue;
      const lines = v8FileLines(source, functions);
      // A process whose counters were reset after its coverage was taken (FLUSH_ON_SIGTERM) lists the
      // scripts again with nothing run: that is no execution of them.
      if (lines.executed.size === 0) continue;
      execution.set(file, lines);
      // Compiled output with a source map (tsc's dist/): the sources it came from ran too.
      const map = sourceMaps.get(url);
      if (!map) continue;
      sourceMapSink?.set(url, map);
      for (const [sourceUrl, mapped] of linesThroughSourceMap(lines, map)) {
        const original = repositoryPath(sourceUrl, root);
        if (original !== null && original !== file && accept(original) && !execution.has(original)) execution.set(original, mapped);
      }
    }
    if (execution.size > 0) executions.push(execution);
  }
  return executions;
}

/** readV8Coverage, then v8Executions. */
export function readV8Executions(
  dir: string,
  root: string,
  accept: (file: string) => boolean,
  remap?: RemapTransformed,
  sourceMapSink?: Map<string, CachedSourceMap>,
): Execution[] {
  return v8Executions(readV8Coverage(dir, root, accept), root, accept, remap, sourceMapSink);
}

/** The scripts of one coverage file whose URL is `wanted`, and the source maps Node kept for them. */
function parseCoverageFile(file: string, wanted: (url: string) => boolean): { scripts: ScriptCoverage[]; sourceMaps: Map<string, CachedSourceMap> } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch {
    return { scripts: [], sourceMaps: new Map() };
  }
  const scripts = wantedScriptsOf(bytes, wanted);
  return { scripts, sourceMaps: cachedSourceMaps(bytes, new Set(scripts.map((s) => s.url))) };
}

function wantedScriptsOf(bytes: Buffer, wanted: (url: string) => boolean): ScriptCoverage[] {
  try {
    const picked = wantedScripts(bytes, wanted);
    if (picked !== null) return picked;
  } catch {
    // an entry that does not parse by itself: the whole document decides
  }
  try {
    const doc = JSON.parse(bytes.toString('utf8')) as { result?: ScriptCoverage[] };
    return Array.isArray(doc.result) ? doc.result.filter((script) => wanted(script.url)) : [];
  } catch {
    return []; // a process killed while writing leaves a torn file: it is one execution less, not an error
  }
}

const DOC_START = Buffer.from('{"result":[');
const ENTRY_START = Buffer.from('{"scriptId":"');
const RESULT_END = Buffer.from('],"timestamp":');
/** `{"scriptId":"12","url":"file:///..."`: the URL stands right after the id in every entry Node writes. */
const ENTRY_HEAD = /^\{"scriptId":"\d+","url":("(?:[^"\\]|\\.)*")/;
const HEAD_CHARS = 8192;

/**
 * The `wanted` scripts of a coverage document, each entry decoded and parsed by itself; null when the
 * document is not laid out as Node writes it (the caller then parses it whole). A process's file lists
 * every script it compiled, Node's internals and every dependency, and the source maps it cached:
 * with a large dependency tree that is megabytes of JSON (4.4 MB for @babel/traverse's test), of
 * which the repository's scripts are a few percent. The entry boundaries are safe to find as bytes:
 * `{"scriptId":"` and `],"timestamp":` cannot occur inside a JSON string (its quotes would be escaped),
 * and no entry of the result array has a `timestamp` key.
 */
export function wantedScripts(bytes: Buffer, wanted: (url: string) => boolean): ScriptCoverage[] | null {
  if (!bytes.subarray(0, DOC_START.length).equals(DOC_START)) return null;
  const end = bytes.indexOf(RESULT_END);
  if (end < DOC_START.length) return null;
  const entryAt = (from: number) => {
    const at = bytes.indexOf(ENTRY_START, from);
    return at >= 0 && at < end ? at : -1;
  };
  let at = entryAt(DOC_START.length);
  if (at !== (end === DOC_START.length ? -1 : DOC_START.length)) return null;
  const scripts: ScriptCoverage[] = [];
  while (at >= 0) {
    const next = entryAt(at + ENTRY_START.length);
    const stop = next >= 0 ? next - 1 : end; // the comma before the next entry, or the array's end
    const head = ENTRY_HEAD.exec(bytes.toString('utf8', at, Math.min(stop, at + HEAD_CHARS)));
    if (!head) return null;
    if (wanted(JSON.parse(head[1]!) as string)) scripts.push(JSON.parse(bytes.toString('utf8', at, stop)) as ScriptCoverage);
    at = next;
  }
  return scripts;
}

/** `file:///root/lib/a.js` → `lib/a.js`; null for anything outside the root (node:, node_modules elsewhere...). */
function repositoryPath(url: string, root: string): string | null {
  if (!url.startsWith('file:')) return null;
  let abs: string;
  try {
    abs = fileURLToPath(url);
  } catch {
    return null;
  }
  return insideRoot(abs, root);
}


/** The entries of a directory the runs wrote into, sorted; none when it is missing (nothing written). */
export function listDir(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

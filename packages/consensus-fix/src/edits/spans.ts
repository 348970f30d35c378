// Which parts of each file a `replace` prompt shows (seed 003's suspect spans): around each suspect
// line, the function holding it plus 60 lines either side; overlapping slices merged; at most 12
// slices in all, the most suspect lines first, and the other functions the failing run called while
// the slices stay within a line budget. Short files are shown whole. Pure.

/** 1-based, inclusive. */
export interface LineRange {
  start: number;
  end: number;
}

/** A function's lines, its leading comment (JSDoc) included. */
export interface FunctionRange extends LineRange {
  /** Where its code starts, after that comment (absent: at `start`). Its length is counted from here. */
  codeStart?: number;
}

export interface SpanFile {
  file: string;
  lineCount: number;
  /** The file's functions (any nesting); empty when its language is not parsed. */
  functions: ReadonlyArray<FunctionRange>;
}

/** A suspect line; anchors come most suspect first. */
export interface Anchor {
  file: string;
  line: number;
  /** A function the failing run called, beyond the evidence's most suspicious: shown while `calledLines` allows. */
  called?: boolean;
}

export const SPAN_LIMITS = {
  /** Slices in the whole prompt. */
  maxSlices: 12,
  /** Lines shown before and after the suspect function (or line). */
  padding: 60,
  /** A file of at most this many lines is shown whole. */
  wholeUpTo: 300,
  /**
   * A longer function (a module wrapper, a giant switch) is not shown whole: its inner functions or the
   * padding are. Counted without its leading comment: lodash documents `template` in 100 lines.
   */
  maxFunctionLines: 200,
  /**
   * The other functions the failing run called (`called` anchors) are shown while the sliced files
   * show at most this many lines in all: enough for a module's worth of them, where a large library's
   * test calls into dozens of places across 17,000 lines (lodash's `template`).
   */
  calledLines: 1500,
};
export type SpanLimits = typeof SPAN_LIMITS;

/** What the prompt shows of a file: all of it, or these slices (sorted, disjoint, not adjacent). */
export type FileView = { file: string; whole: true } | { file: string; whole: false; slices: LineRange[] };

/** The largest function holding `line` whose code is not too long to show (its lines, comment included); null when none is. */
export function enclosingFunction(line: number, functions: ReadonlyArray<FunctionRange>, maxLines: number): LineRange | null {
  const size = (f: FunctionRange) => f.end - (f.codeStart ?? f.start) + 1;
  let best: FunctionRange | null = null;
  for (const f of functions) {
    if (f.start > line || f.end < line || size(f) > maxLines) continue;
    if (best === null || size(f) > size(best)) best = f;
  }
  return best === null ? null : { start: best.start, end: best.end };
}

/** The slice around one suspect line: its function (if any) widened by the padding, within the file. */
export function sliceAround(line: number, file: SpanFile, limits: SpanLimits = SPAN_LIMITS): LineRange {
  const core = enclosingFunction(line, file.functions, limits.maxFunctionLines) ?? { start: line, end: line };
  return { start: Math.max(1, core.start - limits.padding), end: Math.min(file.lineCount, core.end + limits.padding) };
}

/** Adds a range to sorted disjoint ranges, merging every one it overlaps or touches. */
export function mergeRange(ranges: ReadonlyArray<LineRange>, range: LineRange): LineRange[] {
  const merged = { ...range };
  const rest: LineRange[] = [];
  for (const r of ranges) {
    if (r.start <= merged.end + 1 && merged.start <= r.end + 1) {
      merged.start = Math.min(merged.start, r.start);
      merged.end = Math.max(merged.end, r.end);
    } else rest.push(r);
  }
  return [...rest, merged].sort((a, b) => a.start - b.start);
}

const linesOf = (ranges: ReadonlyArray<LineRange>) => ranges.reduce((sum, r) => sum + r.end - r.start + 1, 0);

/**
 * The view of every file. Anchors are taken in order while the prompt has room for a new slice
 * (one that merges into a shown slice always fits), `called` ones also while the sliced files stay
 * within `calledLines`. A long file no anchor points into is shown whole: without a suspect line
 * there is nothing better to show, and edits still keep the answer short.
 */
export function selectSpans(files: ReadonlyArray<SpanFile>, anchors: ReadonlyArray<Anchor>, limits: SpanLimits = SPAN_LIMITS): FileView[] {
  const sliced = new Map<string, LineRange[]>();
  const byName = new Map(files.map((f) => [f.file, f] as const));
  let count = 0;
  let lines = 0;
  for (const anchor of anchors) {
    const file = byName.get(anchor.file);
    if (!file || file.lineCount <= limits.wholeUpTo || anchor.line < 1 || anchor.line > file.lineCount) continue;
    const before = sliced.get(file.file) ?? [];
    const after = mergeRange(before, sliceAround(anchor.line, file, limits));
    if (count - before.length + after.length > limits.maxSlices) continue;
    const grown = lines - linesOf(before) + linesOf(after);
    if (anchor.called && grown > limits.calledLines) continue;
    count += after.length - before.length;
    lines = grown;
    sliced.set(file.file, after);
  }
  return files.map((f) => {
    const slices = sliced.get(f.file);
    const all = slices !== undefined && slices.length === 1 && slices[0]!.start === 1 && slices[0]!.end === f.lineCount;
    return slices === undefined || all ? { file: f.file, whole: true } : { file: f.file, whole: false, slices };
  });
}

// Which parts of each file a `replace` prompt shows (seed 003's suspect spans): around each suspect
// line, the function holding it plus 60 lines either side; overlapping slices merged; at most 12
// slices in all, the most suspect lines first. Short files are shown whole. Pure.

/** 1-based, inclusive. */
export interface LineRange {
  start: number;
  end: number;
}

export interface SpanFile {
  file: string;
  lineCount: number;
  /** The file's functions (any nesting), as line ranges; empty when its language is not parsed. */
  functions: ReadonlyArray<LineRange>;
}

/** A suspect line; anchors come most suspect first. */
export interface Anchor {
  file: string;
  line: number;
}

export const SPAN_LIMITS = {
  /** Slices in the whole prompt. */
  maxSlices: 12,
  /** Lines shown before and after the suspect function (or line). */
  padding: 60,
  /** A file of at most this many lines is shown whole. */
  wholeUpTo: 300,
  /** A longer function (a module wrapper, a giant switch) is not shown whole: its inner functions or the padding are. */
  maxFunctionLines: 200,
};
export type SpanLimits = typeof SPAN_LIMITS;

/** What the prompt shows of a file: all of it, or these slices (sorted, disjoint, not adjacent). */
export type FileView = { file: string; whole: true } | { file: string; whole: false; slices: LineRange[] };

/** The largest function holding `line` that is not too long to show; null when none does. */
export function enclosingFunction(line: number, functions: ReadonlyArray<LineRange>, maxLines: number): LineRange | null {
  let best: LineRange | null = null;
  for (const f of functions) {
    if (f.start > line || f.end < line || f.end - f.start + 1 > maxLines) continue;
    if (best === null || f.end - f.start > best.end - best.start) best = f;
  }
  return best;
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

/**
 * The view of every file. Anchors are taken in order while the prompt has room for a new slice
 * (one that merges into a shown slice always fits). A long file no anchor points into is shown
 * whole: without a suspect line there is nothing better to show, and edits still keep the answer short.
 */
export function selectSpans(files: ReadonlyArray<SpanFile>, anchors: ReadonlyArray<Anchor>, limits: SpanLimits = SPAN_LIMITS): FileView[] {
  const sliced = new Map<string, LineRange[]>();
  const byName = new Map(files.map((f) => [f.file, f] as const));
  let count = 0;
  for (const anchor of anchors) {
    const file = byName.get(anchor.file);
    if (!file || file.lineCount <= limits.wholeUpTo || anchor.line < 1 || anchor.line > file.lineCount) continue;
    const before = sliced.get(file.file) ?? [];
    const after = mergeRange(before, sliceAround(anchor.line, file, limits));
    if (count - before.length + after.length > limits.maxSlices) continue;
    count += after.length - before.length;
    sliced.set(file.file, after);
  }
  return files.map((f) => {
    const slices = sliced.get(f.file);
    const all = slices !== undefined && slices.length === 1 && slices[0]!.start === 1 && slices[0]!.end === f.lineCount;
    return slices === undefined || all ? { file: f.file, whole: true } : { file: f.file, whole: false, slices };
  });
}

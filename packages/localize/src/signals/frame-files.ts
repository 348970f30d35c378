// Stack traces resolved to repository files. A frame's depth counts only the frames that land in the
// repository (test files included, dependencies not): when a dependency throws, the repository
// frame that called it is the nearest place a fix can change. Pure: the caller says which files exist.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTraces, type RawFrame, type Trace } from './frames.js';
import type { PrototypeWrite } from '../run/prototype-probe.js';
import { insideRoot } from '../repo-files.js';

export interface FrameHit {
  line: number;
  /** 0 = the repository frame nearest the failure in its trace. */
  depth: number;
}

export interface FrameContext {
  root: string;
  cwd: string;
  /** Repository-relative paths that exist. */
  files: ReadonlySet<string>;
}

/**
 * Repository file → its frames (the smallest depth per line), ordered by depth then line. `place` maps a
 * frame first (a compiled script's frame to its source).
 */
export function framesByFile(traces: readonly Trace[], ctx: FrameContext, place: (frame: RawFrame) => RawFrame = (frame) => frame): Map<string, FrameHit[]> {
  const best = new Map<string, Map<number, number>>();
  for (const trace of traces) {
    let depth = 0;
    for (const printed of trace) {
      const frame = place(printed);
      const file = resolveFramePath(frame.path, ctx);
      if (file === null || file.split('/').includes('node_modules')) continue;
      const lines = best.get(file) ?? new Map<number, number>();
      lines.set(frame.line, Math.min(lines.get(frame.line) ?? Infinity, depth));
      best.set(file, lines);
      depth++;
    }
  }
  const result = new Map<string, FrameHit[]>();
  for (const [file, lines] of best) {
    result.set(file, [...lines].map(([line, depth]) => ({ line, depth })).sort((a, b) => a.depth - b.depth || a.line - b.line));
  }
  return result;
}

/** A printed frame path as a repository-relative path, or null when it is not a repository file. */
export function resolveFramePath(printed: string, { root, cwd, files }: FrameContext): string | null {
  let abs: string;
  try {
    abs = printed.startsWith('file:') ? fileURLToPath(printed) : path.resolve(cwd, printed);
  } catch {
    return null;
  }
  const rel = insideRoot(abs, root);
  if (rel !== null && files.has(rel)) return rel;
  if (path.isAbsolute(printed) || printed.startsWith('file:')) return null;
  // Java prints the package path (com/acme/Foo.java), Go a bare file name: the one file ending so.
  const suffix = `/${printed.replace(/^\.\//, '')}`;
  let match: string | null = null;
  for (const file of files) {
    if (!`/${file}`.endsWith(suffix)) continue;
    if (match !== null) return null;
    match = file;
  }
  return match;
}

export interface PrototypeWriteHit extends FrameHit {
  /** The name written onto Object.prototype. */
  key: string;
}

/**
 * Repository file → the frames of the probe's writes onto Object.prototype that land in it (as
 * framesByFile: the smallest depth per line). Only writes made by repository code count: the first
 * frame past the trap's own must be a repository file outside node_modules (a dependency's write, an
 * assertion library's, is not the repository's bug, and its caller's frame would say otherwise).
 */
export function prototypeWritesByFile(
  writes: readonly PrototypeWrite[],
  ctx: FrameContext,
  place: (frame: RawFrame) => RawFrame = (frame) => frame,
): Map<string, PrototypeWriteHit[]> {
  const result = new Map<string, PrototypeWriteHit[]>();
  for (const write of writes) {
    const trace = (parseTraces(write.stack)[0] ?? []).filter((frame) => !/prototype-trap\.cjs$/.test(frame.path));
    const writer = trace[0] && resolveFramePath(place(trace[0]).path, ctx);
    if (!writer || writer.split('/').includes('node_modules')) continue;
    for (const [file, hits] of framesByFile([trace], ctx, place)) {
      const known = result.get(file) ?? [];
      for (const hit of hits) if (!known.some((k) => k.line === hit.line && k.key === write.key)) known.push({ key: write.key, ...hit });
      result.set(file, known);
    }
  }
  for (const hits of result.values()) hits.sort((a, b) => a.depth - b.depth || a.line - b.line);
  return result;
}

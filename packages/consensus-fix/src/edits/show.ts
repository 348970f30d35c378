// How a `replace` prompt shows a file: every line with its number (so the model can match the
// failing output's line numbers), whole or in slices, with the gaps between slices named. Pure.

import type { LineRange } from './spans.js';

export interface ShownFile {
  /** Repository-relative path, as the model must echo it. */
  file: string;
  /** Null when the file does not exist yet. */
  content: string | null;
  /** The slices shown; absent when the whole file is. */
  slices?: ReadonlyArray<LineRange> | undefined;
}

/** `  42 | text` (`  43 |` when empty): the number right-aligned to the widest one of the file. */
export function numberedLines(lines: readonly string[], range: LineRange, width: number): string {
  return lines
    .slice(range.start - 1, range.end)
    .map((l, i) => `${String(range.start + i).padStart(width)} |${l === '' ? '' : ` ${l}`}`)
    .join('\n');
}

export function showNumbered(f: ShownFile): string {
  if (f.content === null) return `=== FILE: ${f.file} (does not exist yet; you may create it) ===\n=== END FILE: ${f.file} ===`;
  const lines = f.content.split(/\r?\n/);
  if (f.content.endsWith('\n')) lines.pop();
  const width = String(lines.length).length;
  const slices = f.slices ?? (lines.length === 0 ? [] : [{ start: 1, end: lines.length }]);
  const what = f.slices ? `${lines.length} lines; showing ${slices.map((s) => `${s.start}-${s.end}`).join(', ')}` : `${lines.length} lines`;
  const body: string[] = [];
  let next = 1;
  for (const s of slices) {
    if (s.start > next) body.push(`... (lines ${next}-${s.start - 1} not shown) ...`);
    body.push(numberedLines(lines, s, width));
    next = s.end + 1;
  }
  if (f.slices && next <= lines.length) body.push(`... (lines ${next}-${lines.length} not shown) ...`);
  return [`=== FILE: ${f.file} (${what}) ===`, ...body, `=== END FILE: ${f.file} ===`].join('\n');
}

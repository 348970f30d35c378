// Writing plants into file content, pure: each plant replaces exactly its line, and only if that
// line still reads as the plant's original (a stale plant must fail loudly, never corrupt a file).

import { opError } from '@adlc/core';
import type { Plant } from '../types.js';

interface LineSpan {
  start: number;
  /** End of the line's text, before its `\r\n` or `\n`. */
  end: number;
}

export function lineSpans(content: string): LineSpan[] {
  const spans: LineSpan[] = [];
  let start = 0;
  while (start <= content.length) {
    const nl = content.indexOf('\n', start);
    const stop = nl === -1 ? content.length : nl;
    const end = stop > start && content[stop - 1] === '\r' ? stop - 1 : stop;
    spans.push({ start, end });
    if (nl === -1) break;
    start = nl + 1;
  }
  return spans;
}

/** The text of a 1-based line without its line break, or undefined past the end. */
export function lineAt(content: string, line: number): string | undefined {
  const span = lineSpans(content)[line - 1];
  return span === undefined ? undefined : content.slice(span.start, span.end);
}

/**
 * Applies plants of one file (all must name the same file). A multi-line plant replaces each of its
 * lines by the planted line in the same place, so every line keeps its number and line break.
 */
export function applyPlants(content: string, plants: readonly Plant[]): string {
  const spans = lineSpans(content);
  const ordered = [...plants].sort((a, b) => b.line - a.line);
  let out = content;
  let previous: number | undefined;
  for (const plant of ordered) {
    const last = plant.endLine ?? plant.line;
    if (previous !== undefined && last >= previous) throw opError(`two plants on ${plant.file}:${plant.line}; plants must be on different lines`);
    previous = plant.line;
    const lines = spans.slice(plant.line - 1, last);
    const found = lines.length === last - plant.line + 1 ? lines.map((s) => content.slice(s.start, s.end)).join('\n') : undefined;
    const mutated = plant.mutated.split('\n');
    if (found !== plant.original || mutated.length !== lines.length) {
      throw opError(`plant ${plant.id} no longer applies: ${plant.file}:${plant.line} does not read ${JSON.stringify(plant.original)}`, {
        hint: 'the file changed after the plants were chosen; run again on a clean tree',
      });
    }
    for (let i = lines.length - 1; i >= 0; i--) {
      const span = lines[i]!;
      out = out.slice(0, span.start) + mutated[i] + out.slice(span.end);
    }
  }
  return out;
}

/** Groups plants by file, keeping first-seen file order. */
export function byFile<T extends { file: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const list = groups.get(item.file) ?? [];
    list.push(item);
    groups.set(item.file, list);
  }
  return groups;
}

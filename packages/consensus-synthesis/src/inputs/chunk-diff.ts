// Splits a diff (already ordered code-first) into parts of at most a byte budget, so every part
// of a large change reaches a reviewer: at file boundaries, a file larger than the budget at hunk
// boundaries (its header repeated), a hunk larger than the budget at line boundaries under a
// recomputed `@@` header. Each part is a valid diff on its own. Pure.

import { parseHunkHeader } from '@adlc/core';
import { sectionFile } from './diff-order.js';
import { truncateUtf8 } from './truncate.js';

export interface DiffChunk {
  text: string;
  /** The files whose changes (or part of them) the chunk holds, in diff order. */
  files: string[];
  bytes: number;
  /** Bytes of the original diff this chunk covers (a repeated file header or a recomputed hunk header not counted). */
  coveredBytes: number;
  /** A single line longer than the budget had to be cut: part of the diff is missing from this chunk. */
  truncated: boolean;
}

interface Piece {
  text: string;
  file: string;
  covered: number;
}

const bytesOf = (text: string): number => Buffer.byteLength(text, 'utf8');

/** The diff's parts, in order; an empty diff has none. */
export function splitDiff(diff: string, budget: number): DiffChunk[] {
  const sections = diff.split(/(?=^diff --git )/m).filter((s) => s !== '');
  const pieces = sections.flatMap((section) => (bytesOf(section) <= budget ? [{ text: section, file: sectionFile(section), covered: bytesOf(section) }] : splitSection(section, budget)));
  const chunks: DiffChunk[] = [];
  for (const piece of pieces) {
    const last = chunks.at(-1);
    const pieceBytes = bytesOf(piece.text);
    if (last !== undefined && !last.truncated && last.bytes + pieceBytes <= budget) {
      last.text += piece.text;
      last.bytes += pieceBytes;
      last.coveredBytes += piece.covered;
      if (!last.files.includes(piece.file)) last.files.push(piece.file);
      continue;
    }
    chunks.push(fitted(piece, budget));
  }
  return chunks;
}

/** A piece as a chunk of its own, cut to the budget when one line alone is larger than it. */
function fitted(piece: Piece, budget: number): DiffChunk {
  const cut = truncateUtf8(piece.text, budget);
  const text = cut.truncated ? cut.text : piece.text;
  const covered = cut.truncated ? Math.max(0, piece.covered - (cut.originalBytes - bytesOf(text))) : piece.covered;
  return { text, files: [piece.file], bytes: bytesOf(text), coveredBytes: covered, truncated: cut.truncated };
}

/** One file's section larger than the budget: its hunks packed into pieces, each under the file's header. */
function splitSection(section: string, budget: number): Piece[] {
  const file = sectionFile(section);
  const firstHunk = section.search(/^@@ /m);
  if (firstHunk < 0) return [{ text: section, file, covered: bytesOf(section) }];
  const header = section.slice(0, firstHunk);
  const room = budget - bytesOf(header);
  const pieces: Piece[] = [];
  let body = '';
  let covered = 0;
  // The header counts as covered once, in the first piece; the copies above later pieces do not.
  const add = (text: string, bytes: number): void => {
    pieces.push({ text: header + text, file, covered: bytes + (pieces.length === 0 ? bytesOf(header) : 0) });
  };
  const flush = (): void => {
    if (body !== '') add(body, covered);
    body = '';
    covered = 0;
  };
  for (const hunk of section.slice(firstHunk).split(/(?=^@@ )/m)) {
    const size = bytesOf(hunk);
    if (bytesOf(body) + size <= room) {
      body += hunk;
      covered += size;
      continue;
    }
    flush();
    if (size <= room) {
      body = hunk;
      covered = size;
      continue;
    }
    for (const part of splitHunk(hunk, room)) add(part.text, part.covered);
  }
  flush();
  return pieces;
}

/** A hunk larger than `room`: its lines in runs, each run under an `@@` header that says where it starts. */
export function splitHunk(hunk: string, room: number): Array<{ text: string; covered: number }> {
  const newline = hunk.indexOf('\n');
  const headerLine = hunk.slice(0, newline + 1);
  const parsed = newline < 0 ? null : parseHunkHeader(headerLine);
  if (parsed === null) return [{ text: hunk, covered: bytesOf(hunk) }];
  const parts: Array<{ text: string; covered: number }> = [];
  // Where the next line sits on each side, and the run being collected.
  let oldLine = parsed.oldStart;
  let newLine = parsed.newStart;
  let run = { lines: [] as string[], bytes: 0, oldStart: oldLine, newStart: newLine, oldCount: 0, newCount: 0 };
  // What follows the closing @@ (a function's name) stays on the first part's header.
  const context = headerLine.replace(/^@@ [^@]* @@/, '').replace(/\n$/, '');
  const headerOf = (r: typeof run): string =>
    `@@ -${r.oldCount === 0 ? Math.max(0, r.oldStart - 1) : r.oldStart},${r.oldCount} +${r.newCount === 0 ? Math.max(0, r.newStart - 1) : r.newStart},${r.newCount} @@${parts.length === 0 ? context : ''}\n`;
  const emit = (): void => {
    if (run.lines.length === 0) return;
    parts.push({ text: headerOf(run) + run.lines.join(''), covered: run.bytes + (parts.length === 0 ? bytesOf(headerLine) : 0) });
  };
  for (const line of hunk.slice(newline + 1).split(/(?<=\n)/)) {
    const size = bytesOf(line);
    // A recomputed header is at most 40 bytes plus the context (seven-digit line numbers and counts).
    if (run.lines.length > 0 && bytesOf(context) + 40 + run.bytes + size > room) {
      emit();
      run = { lines: [], bytes: 0, oldStart: oldLine, newStart: newLine, oldCount: 0, newCount: 0 };
    }
    run.lines.push(line);
    run.bytes += size;
    const oldSide = line.startsWith(' ') || line.startsWith('-');
    const newSide = line.startsWith(' ') || line.startsWith('+');
    if (oldSide) (oldLine += 1), (run.oldCount += 1);
    if (newSide) (newLine += 1), (run.newCount += 1);
  }
  emit();
  return parts;
}

// Applies a `replace` answer's edits to one file: each search text must occur exactly once in the
// text as the previous edits left it, and is replaced there. Pure. A CRLF file is edited in its LF
// view (models answer in LF; the caller restores the original's line endings, as for whole files).

import { detectEol } from '@adlc/core';

export interface SearchReplace {
  search: string;
  replace: string;
}

export type EditProblem = 'not found' | 'ambiguous';

export type Applied =
  | { ok: true; content: string }
  /** `editIndex`: the failing edit's position in the file's `edits` (0-based). */
  | { ok: false; editIndex: number; problem: EditProblem };

const BOM = '\uFEFF';

/** The text the edits apply to: without byte-order mark, in LF when the file is CRLF. */
export function editView(original: string | null): { text: string; toView: (s: string) => string } {
  if (original === null) return { text: '', toView: (s) => s };
  const body = original.startsWith(BOM) ? original.slice(BOM.length) : original;
  if (detectEol(body) !== '\r\n') return { text: body, toView: (s) => s };
  const lf = (s: string) => s.replace(/\r\n/g, '\n');
  return { text: lf(body), toView: lf };
}

/** 0, 1 or 2 (= more than once) occurrences of `search`, overlapping ones included. */
export function occurrences(text: string, search: string): 0 | 1 | 2 {
  const first = text.indexOf(search);
  if (first === -1) return 0;
  return text.indexOf(search, first + 1) === -1 ? 1 : 2;
}

/**
 * The file after every edit, in order. An empty search means "the whole file" and is only unique in
 * an empty (or not yet existing) file; anywhere else it is ambiguous.
 */
export function applyEdits(original: string | null, edits: ReadonlyArray<SearchReplace>): Applied {
  const view = editView(original);
  let text = view.text;
  for (const [editIndex, edit] of edits.entries()) {
    const search = view.toView(edit.search);
    const replace = view.toView(edit.replace);
    if (search === '') {
      if (text !== '') return { ok: false, editIndex, problem: 'ambiguous' };
      text = replace;
      continue;
    }
    const found = occurrences(text, search);
    if (found !== 1) return { ok: false, editIndex, problem: found === 0 ? 'not found' : 'ambiguous' };
    const at = text.indexOf(search);
    text = text.slice(0, at) + replace + text.slice(at + search.length);
  }
  return { ok: true, content: text };
}

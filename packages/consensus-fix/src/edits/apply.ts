// Applies a `replace` answer's edits to one file: each search text must occur exactly once in the
// text as the previous edits left it, and is replaced there. Pure. Models answer in LF, so the search
// is matched in the file's LF view (every CRLF read as LF, the byte-order mark left aside), and the
// replacement is spliced into the file itself: the lines an edit does not touch keep their bytes, a
// file that mixes CRLF and LF lines included, and the new lines take the ending of the lines they replace.

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

/** A file's text seen in LF, and where each of its offsets lies in the file. */
interface LfView {
  text: string;
  /** The offset in the file of the view's offset `at` (a CRLF's CR counts with its LF). */
  toFile(at: number): number;
}

/** The LF view of `file` from `offset` on (after the byte-order mark). */
function lfView(file: string, offset = 0): LfView {
  const body = file.slice(offset);
  // View offsets of the LFs that were CRLFs, in order: each shifts what follows by one.
  const crlfAt: number[] = [];
  let text = '';
  let from = 0;
  for (let cr = body.indexOf('\r\n'); cr !== -1; cr = body.indexOf('\r\n', cr + 2)) {
    text += body.slice(from, cr);
    crlfAt.push(text.length);
    from = cr + 1;
  }
  text += body.slice(from);
  return {
    text,
    toFile(at) {
      let before = 0;
      while (before < crlfAt.length && crlfAt[before]! < at) before++;
      return offset + at + before;
    },
  };
}

/**
 * The line ending the replacement of `file[start, end)` takes: that of the first line break in it, else
 * of the line it is on (its own break, or on a last line without one, the previous line's).
 */
function endingAt(file: string, start: number, end: number): '\n' | '\r\n' {
  const inside = file.indexOf('\n', start);
  const after = file.indexOf('\n', end);
  const lf = inside !== -1 && inside < end ? inside : after !== -1 ? after : file.lastIndexOf('\n', start - 1);
  return lf > 0 && file[lf - 1] === '\r' ? '\r\n' : '\n';
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
  let file = original ?? '';
  const offset = file.startsWith(BOM) ? BOM.length : 0;
  const lf = (s: string) => s.replace(/\r\n/g, '\n');
  for (const [editIndex, edit] of edits.entries()) {
    const view = lfView(file, offset);
    const search = lf(edit.search);
    if (search === '') {
      if (view.text !== '') return { ok: false, editIndex, problem: 'ambiguous' };
      file = file.slice(0, offset) + edit.replace;
      continue;
    }
    const found = occurrences(view.text, search);
    if (found !== 1) return { ok: false, editIndex, problem: found === 0 ? 'not found' : 'ambiguous' };
    const at = view.text.indexOf(search);
    const [start, end] = [view.toFile(at), view.toFile(at + search.length)];
    const replace = lf(edit.replace).replace(/\n/g, endingAt(file, start, end));
    file = file.slice(0, start) + replace + file.slice(end);
  }
  return { ok: true, content: file };
}

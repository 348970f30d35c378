// Keeps a file's text conventions when model output replaces it: models answer in LF with a final
// newline, and without this every line of a CRLF file (or its last line) would show up as changed.

export type Eol = '\r\n' | '\n';

const BOM = '\uFEFF';

/** The dominant line ending (CRLF wins ties), or null when the text has no line break at all. */
export function detectEol(text: string): Eol | null {
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  const lf = (text.match(/\n/g)?.length ?? 0) - crlf;
  if (crlf === 0 && lf === 0) return null;
  return crlf >= lf ? '\r\n' : '\n';
}

/** Whether `text` has both CRLF and bare LF line breaks. */
function isMixed(text: string): boolean {
  return text.includes('\r\n') && /(?:^|[^\r])\n/.test(text);
}

/**
 * Gives `next` the original's line endings, final-newline state and byte-order mark.
 * `original === null` (a new file) leaves `next` unchanged; so does a style the original does not
 * show (no line break → endings kept, empty file → final newline kept).
 */
export function conformTextStyle(original: string | null, next: string): string {
  if (original === null) return next;
  const originalHasBom = original.startsWith(BOM);
  const body = originalHasBom ? original.slice(BOM.length) : original;
  let result = next.startsWith(BOM) ? next.slice(BOM.length) : next;

  if (body.length > 0) {
    const endsWithNewline = body.endsWith('\n');
    if (!endsWithNewline) result = result.replace(/(?:\r?\n)+$/, '');
    else if (result.length > 0 && !result.endsWith('\n')) result += '\n';
  }

  // An original that mixes CRLF and LF lines, and a result that still does, is the original with edits
  // spliced in (consensus-fix's replace format): its lines already have the endings they should keep.
  const eol = detectEol(body);
  if (eol !== null && !(isMixed(body) && isMixed(result))) result = result.replace(/\r?\n/g, eol);

  return originalHasBom ? BOM + result : result;
}

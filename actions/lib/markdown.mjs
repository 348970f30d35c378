// @ts-check
// Markdown for the job summary. What the tools report includes model-written text, so every piece
// of it is made inert here: one line, no HTML, no table breaks, fences longer than any backtick run.

const MAX_INLINE = 400;
// C0 and C1 control characters (escape sequences, a lone carriage return) and bidi overrides.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g;

/**
 * Any text as one line of inert Markdown: whitespace and control characters folded to a space,
 * HTML and table pipes escaped, cut at 400 characters.
 * @param {unknown} text
 */
export function inline(text) {
  let value = String(text ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  if (value.length > MAX_INLINE) value = `${value.slice(0, MAX_INLINE - 1)}…`;
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('|', '\\|');
}

/** @param {string} text */
function longestBacktickRun(text) {
  return Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
}

/**
 * A code span (a path, a command), whatever backticks it holds.
 * @param {unknown} text
 */
export function code(text) {
  const value = String(text ?? '').replace(CONTROL, ' ').replace(/\s+/g, ' ').trim().replaceAll('|', '\\|');
  const ticks = '`'.repeat(longestBacktickRun(value) + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${value}${pad}${ticks}`;
}

/**
 * A fenced block whose fence no line of `text` can close.
 * @param {string} text
 * @param {string} [lang]
 */
export function fence(text, lang = '') {
  const ticks = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${ticks}${lang}\n${text.endsWith('\n') ? text : `${text}\n`}${ticks}\n`;
}

/**
 * A table; cells are already Markdown (use inline/code for their text).
 * @param {string[]} headers
 * @param {Array<Array<string | number>>} rows
 */
export function table(headers, rows) {
  const line = (/** @type {Array<string | number>} */ cells) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n') + '\n';
}

/**
 * A share as a percentage with at most one decimal ("62.5%"); "n/a" for null.
 * @param {number | null | undefined} share
 */
export function percent(share) {
  if (share === null || share === undefined || Number.isNaN(share)) return 'n/a';
  return `${Math.round(share * 1000) / 10}%`;
}

/**
 * `file:line` as a code span, or '' when the item has no place.
 * @param {{file?: string | null, line?: number | null}} item
 */
export function place(item) {
  if (!item.file) return '';
  return code(item.line ? `${item.file}:${item.line}` : item.file);
}

/**
 * A "Warnings" list, or nothing when there are none.
 * @param {string[]} warnings
 * @returns {string[]}
 */
export function warningLines(warnings) {
  return warnings.length === 0 ? [] : ['', '**Warnings**', '', ...warnings.map((w) => `- ${inline(w)}`), ''];
}

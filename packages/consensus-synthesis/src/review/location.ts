// Reads a `file:line` location out of a reviewer's or chairman's text, tolerant of the usual drift
// (`a/src/x.ts:12`, `src/x.ts:12-18`, `src/x.ts line 12`, `src/x.ts#L12`, backticks, `N/A`).

export interface Location {
  file: string;
  line: number | null;
  endLine: number | null;
}

const PATH = String.raw`[^\s:,;()\[\]{}"'\x60<>|*]+`;
const WITH_COLON = new RegExp(String.raw`(${PATH}):(\d+)(?:(?::\d+)?\s*[-–]\s*(?:L)?(\d+))?`);
const WITH_HASH = new RegExp(String.raw`(${PATH})#L(\d+)(?:-L?(\d+))?`);
const WITH_WORD = new RegExp(String.raw`(${PATH})\s*,?\s*\(?\s*(?:at\s+)?(?:lines?|ln|l\.)\s*(\d+)(?:\s*[-–]\s*(\d+)|\s*(?:to|through)\s*(\d+))?`, 'i');
const NOT_A_PLACE = /^(?:n\/?a|none|general|multiple|various|overall|global|unknown|-+)\b/i;

function looksLikeFile(token: string): boolean {
  if (/^\d+$/.test(token) || /^https?:/i.test(token)) return false;
  return /[./\\]/.test(token) && /[A-Za-z0-9_]/.test(token) && !/^\.+$/.test(token);
}

/** Maps a path as a model wrote it to the repository-relative path it most likely means. */
export function normalisePath(raw: string, knownFiles: readonly string[] = [], root?: string): string {
  let file = raw.trim().replaceAll('\\', '/').replace(/[.,;:]+$/, '');
  if (root && file.startsWith(`${root.replace(/\/$/, '')}/`)) file = file.slice(root.replace(/\/$/, '').length + 1);
  file = file.replace(/^(?:\.\/)+/, '');
  // Without the list of changed files there is nothing to check a guess against: keep it as written.
  if (knownFiles.length === 0 || knownFiles.includes(file)) return file;
  const stripped = file.replace(/^[ab]\//, '');
  if (knownFiles.includes(stripped)) return stripped;
  const bySuffix = knownFiles.filter((known) => known.endsWith(`/${stripped}`));
  if (bySuffix.length === 1) return bySuffix[0]!;
  return file;
}

function positive(value: string | undefined): number | null {
  if (value === undefined) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : null;
}

function build(file: string, line: string | undefined, end: string | undefined, knownFiles: readonly string[], root?: string): Location {
  const start = positive(line);
  const last = positive(end);
  return { file: normalisePath(file, knownFiles, root), line: start, endLine: start !== null && last !== null && last >= start ? last : null };
}

/**
 * The first location in `text`, or null. With `requireKnown`, only a path among `knownFiles`
 * counts (used when scanning free prose, where `e.g.` or `v1.2` would otherwise pass for files).
 */
export function findLocation(
  text: string,
  knownFiles: readonly string[] = [],
  options: { requireKnown?: boolean; allowBarePath?: boolean; root?: string } = {},
): Location | null {
  const clean = text.replace(/[`*]/g, '').trim();
  if (clean === '' || NOT_A_PLACE.test(clean)) return null;
  const accept = (loc: Location): boolean =>
    looksLikeFile(loc.file) && (!options.requireKnown || knownFiles.includes(loc.file));
  for (const pattern of [WITH_COLON, WITH_HASH, WITH_WORD]) {
    const regex = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`);
    for (const match of clean.matchAll(regex)) {
      const loc = build(match[1]!, match[2], match[3] ?? match[4], knownFiles, options.root);
      if (accept(loc)) return loc;
    }
  }
  if (options.allowBarePath) {
    for (const token of clean.split(/[\s,;()]+/)) {
      const loc: Location = { file: normalisePath(token, knownFiles, options.root), line: null, endLine: null };
      if (accept(loc)) return loc;
    }
  }
  return null;
}

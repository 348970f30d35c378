// Syntax-level questions about candidate source files: does it parse, and what does it look like
// with formatting and comments stripped (so candidates that differ only in layout compare equal).
// JS/TS only; other languages answer null. TypeScript is loaded on first use.

import { isJsLike, loadTypeScript, parseScript, scriptKindOf, syntaxErrorCount } from './ts-parse.js';

/** true/false for JS/TS files; null for languages this cannot judge. */
export async function parsesCleanly(file: string, content: string): Promise<boolean | null> {
  if (!isJsLike(file)) return null;
  const ts = await loadTypeScript();
  const kind = scriptKindOf(ts, file);
  if (kind === undefined) return null;
  return syntaxErrorCount(ts, parseScript(ts, file, content, kind)) === 0;
}

/** The file reprinted without comments or original layout; null for other languages or when it does not parse. */
export async function normalizeSyntax(file: string, content: string): Promise<string | null> {
  if (!isJsLike(file)) return null;
  const ts = await loadTypeScript();
  const kind = scriptKindOf(ts, file);
  if (kind === undefined) return null;
  const sf = parseScript(ts, file, content, kind);
  if (syntaxErrorCount(ts, sf) > 0) return null;
  return ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed }).printFile(sf);
}

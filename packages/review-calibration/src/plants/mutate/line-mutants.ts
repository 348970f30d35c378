// The line-based half of the engine (Python, Go, Java, Rust, C-like): scan the file, skip
// imports, directives and annotations, and run the token and statement operators per line.

import type { LineCtx } from './line-context.js';
import { type LineSyntax, scanLines } from './line-scan.js';
import { statementOperators } from './line-statements.js';
import { tokenOperators } from './line-tokens.js';
import { lineStarts, locate } from './locate.js';
import type { Edit, Mutant } from './types.js';

/** Module wiring, preprocessor directives, attributes and annotations: nothing to break there. */
const DIRECTIVE = /^\s*(?:import\b|package\b|from\s+\S+\s+import\b|use\b|using\b|namespace\b|extern\s+crate\b|require(?:_once)?\b|include(?:_once)?\b|#|@)/;

export function lineMutants(
  file: string,
  content: string,
  syntax: LineSyntax,
  lines: ReadonlySet<number> | undefined,
): Array<Omit<Mutant, 'id'>> {
  const scanned = scanLines(content, syntax);
  const codeLines = scanned.filter((l) => !l.continues && l.code.trim() !== '');
  const edits: Edit[] = [];
  let inImportList = false;
  codeLines.forEach((line, k) => {
    if (inImportList) {
      if (/^\s*\)/.test(line.code)) inImportList = false;
      return;
    }
    if (DIRECTIVE.test(line.code)) {
      inImportList = /\(\s*$/.test(line.code);
      return;
    }
    const ctx: LineCtx = {
      syntax,
      line,
      prev: codeLines[k - 1],
      next: codeLines[k + 1],
      afterNext: codeLines[k + 2],
      push(from, to, replacement, operator, category, description) {
        edits.push({ start: line.offset + from, end: line.offset + to, replacement, operator, category, description });
      },
    };
    tokenOperators(ctx);
    statementOperators(ctx);
  });
  const starts = lineStarts(content);
  const out: Array<Omit<Mutant, 'id'>> = [];
  for (const edit of edits) {
    const m = locate(file, content, starts, edit, syntax.language);
    if (m && (!lines || lines.has(m.line)) && !m.originalText.includes('\0')) out.push(m);
  }
  return out;
}

// What a line operator sees: the scanned line, its neighbours, the language, and a push that
// takes line-relative offsets.

import type { LineSyntax, ScannedLine } from './line-scan.js';
import type { BugCategory } from './types.js';

export interface LineCtx {
  syntax: LineSyntax;
  line: ScannedLine;
  /** The nearest lines before and after that hold code. */
  prev: ScannedLine | undefined;
  next: ScannedLine | undefined;
  /** The code line after `next`, for two-line lookahead (a catch body and its closing brace). */
  afterNext: ScannedLine | undefined;
  push(from: number, to: number, replacement: string, operator: string, category: BugCategory, description: string): void;
}

/** A simple operand: an identifier or dotted path (PHP `$x`, `self.x`, `a->b`), or a literal. */
export const SIMPLE_OPERAND = /^(?:\$?[A-Za-z_][\w$]*(?:(?:\.|->|::)[A-Za-z_$][\w$]*)*|\d+(?:\.\d+)?|(["'])\0*\1)$/;

export function isLoopLine(code: string): boolean {
  return /^\s*(?:for|while|until|loop)\b/.test(code);
}

/** `!x` for simple operands and `!(…)` otherwise; an existing negation is removed instead. */
export function negateCode(expr: string, code: string, python: boolean): string {
  const simple = /^\$?[\w.]+(?:\(\0*[\w., $]*\))?$/;
  if (python) {
    // `not` binds looser than comparisons but tighter than and/or: `not a and b` is not negated by dropping it.
    if (code.startsWith('not ') && !/ (?:and|or|if) /.test(topLevel(code))) return expr.slice(4).trimStart();
    return simple.test(code) ? `not ${expr}` : `not (${expr})`;
  }
  if (code.startsWith('!') && simple.test(code.slice(1))) return expr.slice(1);
  return simple.test(code) ? `!${expr}` : `!(${expr})`;
}

/** The code with everything inside brackets blanked, so tests see only top-level operators. */
export function topLevel(code: string): string {
  let depth = 0;
  let out = '';
  for (const ch of code) {
    if (ch === ')' || ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
    out += depth > 0 ? ' ' : ch;
    if (ch === '(' || ch === '[' || ch === '{') depth++;
  }
  return out;
}

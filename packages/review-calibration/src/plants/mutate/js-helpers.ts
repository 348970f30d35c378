// Small AST questions the JS/TS operators share: where a node sits on its line, whether an
// expression is simple enough to negate with a bare `!`, whether `+` is string concatenation.

import type ts from 'typescript';
import type { Edit } from './types.js';

export interface JsContext {
  ts: typeof ts;
  sf: ts.SourceFile;
  text: string;
  push(edit: Edit): void;
}

export function startOf(ctx: JsContext, node: ts.Node): number {
  return node.getStart(ctx.sf);
}

export function textOf(ctx: JsContext, node: ts.Node): string {
  return ctx.text.slice(node.getStart(ctx.sf), node.end);
}

function lineOf(ctx: JsContext, pos: number): number {
  return ctx.sf.getLineAndCharacterOfPosition(pos).line;
}

export function onOneLine(ctx: JsContext, node: ts.Node): boolean {
  return lineOf(ctx, startOf(ctx, node)) === lineOf(ctx, node.end);
}

/** The source line holding `pos`, trimmed, for quoting in descriptions. */
export function lineAround(ctx: JsContext, pos: number): string {
  const from = ctx.text.lastIndexOf('\n', pos - 1) + 1;
  const to = ctx.text.indexOf('\n', pos);
  return ctx.text.slice(from, to === -1 ? ctx.text.length : to).trim();
}

/** True when the node is the only code on its line (indentation and nothing else around it). */
export function aloneOnLine(ctx: JsContext, node: ts.Node): boolean {
  const start = startOf(ctx, node);
  const lineStart = ctx.text.lastIndexOf('\n', start - 1) + 1;
  let lineEnd = ctx.text.indexOf('\n', node.end);
  if (lineEnd === -1) lineEnd = ctx.text.length;
  return ctx.text.slice(lineStart, start).trim() === '' && ctx.text.slice(node.end, lineEnd).trim() === '';
}

/** Statements whose removal leaves a valid list: direct children of a block, file or case clause. */
export function inStatementList(ctx: JsContext, node: ts.Node): boolean {
  const p = node.parent;
  const t = ctx.ts;
  return t.isBlock(p) || t.isSourceFile(p) || t.isModuleBlock(p) || t.isCaseClause(p) || t.isDefaultClause(p);
}

/**
 * Removing a statement must not let automatic semicolon insertion glue the previous line to the
 * next one (`a = b` + removed line + `(x)()` would become a call of b).
 */
export function removalKeepsNeighbours(ctx: JsContext, node: ts.Node): boolean {
  const before = ctx.text.slice(0, startOf(ctx, node)).trimEnd();
  const after = ctx.text.slice(node.end).trimStart();
  const prev = before.at(-1);
  if (prev === undefined || prev === ';' || prev === '{' || prev === '}') return true;
  return !/^[([`+\-/]/.test(after);
}

/** `!x` for operands that bind tightly, `!(a < b)` otherwise; `!x` → `x` undoes a negation. */
export function negate(ctx: JsContext, expr: ts.Expression): string {
  const t = ctx.ts;
  if (t.isPrefixUnaryExpression(expr) && expr.operator === t.SyntaxKind.ExclamationToken) {
    return textOf(ctx, expr.operand);
  }
  return isTight(ctx, expr) ? `!${textOf(ctx, expr)}` : `!(${textOf(ctx, expr)})`;
}

function isTight(ctx: JsContext, expr: ts.Node): boolean {
  const t = ctx.ts;
  return (
    t.isIdentifier(expr) ||
    t.isPropertyAccessExpression(expr) ||
    t.isElementAccessExpression(expr) ||
    t.isCallExpression(expr) ||
    t.isParenthesizedExpression(expr) ||
    expr.kind === t.SyntaxKind.ThisKeyword
  );
}

/** Identifiers, `this`, dotted paths and literals: arguments plain enough to be swapped. */
export function isSimpleOperand(ctx: JsContext, expr: ts.Node): boolean {
  const t = ctx.ts;
  if (t.isIdentifier(expr) || expr.kind === t.SyntaxKind.ThisKeyword) return true;
  if (t.isPropertyAccessExpression(expr)) return !expr.questionDotToken && isSimpleOperand(ctx, expr.expression);
  if (t.isStringLiteral(expr) || t.isNumericLiteral(expr)) return true;
  if (expr.kind === t.SyntaxKind.TrueKeyword || expr.kind === t.SyntaxKind.FalseKeyword) return true;
  if (expr.kind === t.SyntaxKind.NullKeyword) return true;
  return (
    t.isPrefixUnaryExpression(expr) && expr.operator === t.SyntaxKind.MinusToken && t.isNumericLiteral(expr.operand)
  );
}

/** Whether `+` here may be string concatenation: a string or template anywhere in the `+` chain. */
export function involvesString(ctx: JsContext, expr: ts.Expression): boolean {
  const t = ctx.ts;
  if (t.isStringLiteral(expr) || t.isTemplateExpression(expr) || t.isNoSubstitutionTemplateLiteral(expr)) return true;
  if (t.isParenthesizedExpression(expr)) return involvesString(ctx, expr.expression);
  if (t.isBinaryExpression(expr) && expr.operatorToken.kind === t.SyntaxKind.PlusToken) {
    return involvesString(ctx, expr.left) || involvesString(ctx, expr.right);
  }
  return false;
}

/** Whether `node` is (part of) a loop's condition, so descriptions can speak of iterations. */
export function inLoopCondition(ctx: JsContext, node: ts.Node): boolean {
  const t = ctx.ts;
  for (let n: ts.Node = node; n.parent; n = n.parent) {
    const p = n.parent;
    if ((t.isForStatement(p) && p.condition === n) || ((t.isWhileStatement(p) || t.isDoStatement(p)) && p.expression === n)) {
      return true;
    }
    if (t.isStatement(p) || t.isFunctionLike(p)) return false;
  }
  return false;
}

/** Whether a comparison involves a `.length`, so descriptions can speak of elements. */
export function comparesLength(ctx: JsContext, node: ts.BinaryExpression): boolean {
  return /\.length\b/.test(textOf(ctx, node));
}

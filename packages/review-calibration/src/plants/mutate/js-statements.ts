// Statement-level JS/TS operators: wrong return values, removed guards, throws and calls, and
// emptied catch blocks. Removals blank the statement but keep the line (and its indentation),
// so the line numbers of every other plant in the file stay put.

import type ts from 'typescript';
import {
  type JsContext,
  aloneOnLine,
  inStatementList,
  negate,
  onOneLine,
  removalKeepsNeighbours,
  startOf,
  textOf,
} from './js-helpers.js';
import { quote } from './types.js';

const BOOLEAN_OPERATORS = new Set(['<', '<=', '>', '>=', '===', '!==', '==', '!=', '&&', '||', 'instanceof', 'in']);
const LOGGING = /^(?:console|logger|log)\.\w+$/;

export function statementOperators(ctx: JsContext, node: ts.Node): void {
  const t = ctx.ts;
  if (t.isReturnStatement(node)) returnValue(ctx, node);
  else if (t.isIfStatement(node)) removeGuard(ctx, node);
  else if (t.isThrowStatement(node)) removeThrow(ctx, node);
  else if (t.isCatchClause(node)) emptyCatch(ctx, node);
  else if (t.isExpressionStatement(node)) removeCall(ctx, node);
}

function returnValue(ctx: JsContext, node: ts.ReturnStatement): void {
  const t = ctx.ts;
  const e = node.expression;
  if (!e || !onOneLine(ctx, e)) return;
  const text = textOf(ctx, e);
  const at = { start: startOf(ctx, e), end: e.end, category: 'return-value' as const };
  if (e.kind === t.SyntaxKind.TrueKeyword || e.kind === t.SyntaxKind.FalseKeyword) {
    const to = text === 'true' ? 'false' : 'true';
    ctx.push({
      ...at,
      replacement: to,
      operator: 'flip-return-boolean',
      description: `returns ${to} instead of ${text}: callers get the opposite answer`,
    });
  } else if (isBooleanExpression(ctx, e)) {
    const negated = negate(ctx, e);
    ctx.push({
      ...at,
      replacement: negated,
      operator: 'negate-return',
      description: `return value negated ("${quote(text, 40)}" became "${quote(negated, 40)}"): callers get the opposite answer`,
    });
  } else if (
    e.kind !== t.SyntaxKind.NullKeyword &&
    !(t.isIdentifier(e) && e.text === 'undefined') &&
    !t.isVoidExpression(e) &&
    nullAllowed(ctx, node)
  ) {
    ctx.push({
      ...at,
      replacement: 'null',
      operator: 'return-null',
      description: `returns null instead of ${quote(text, 40)}: callers receive no value where they expect one`,
    });
  }
}

/**
 * Whether the enclosing function's declared return type admits null: under a declared `T[]` or
 * `Promise<T>`, `return null` is a compile error the type checker reports, not a bug to review.
 */
function nullAllowed(ctx: JsContext, node: ts.ReturnStatement): boolean {
  const t = ctx.ts;
  let fn: ts.Node | undefined = node.parent;
  while (fn && !t.isFunctionLike(fn)) fn = fn.parent;
  const declared = fn && (fn as ts.SignatureDeclaration).type;
  return !declared || /\b(?:null|any|unknown)\b/.test(textOf(ctx, declared));
}

function isBooleanExpression(ctx: JsContext, e: ts.Expression): boolean {
  const t = ctx.ts;
  if (t.isPrefixUnaryExpression(e)) return e.operator === t.SyntaxKind.ExclamationToken;
  return t.isBinaryExpression(e) && BOOLEAN_OPERATORS.has(e.operatorToken.getText(ctx.sf));
}

/** Whether a removed statement leaves a valid, single-line hole (see removalKeepsNeighbours). */
function removable(ctx: JsContext, node: ts.Statement): boolean {
  return inStatementList(ctx, node) && onOneLine(ctx, node) && aloneOnLine(ctx, node) && removalKeepsNeighbours(ctx, node);
}

/** `if (x == null) return …;` / `if (!x) throw …;`: single-line guards that bail out. */
function removeGuard(ctx: JsContext, node: ts.IfStatement): void {
  const t = ctx.ts;
  if (node.elseStatement || !removable(ctx, node)) return;
  let exit: ts.Statement = node.thenStatement;
  if (t.isBlock(exit)) {
    if (exit.statements.length !== 1) return;
    exit = exit.statements[0]!;
  }
  const bails = t.isReturnStatement(exit) || t.isThrowStatement(exit) || t.isContinueStatement(exit) || t.isBreakStatement(exit);
  if (!bails) return;
  const text = textOf(ctx, node);
  if (isNullCheck(ctx, node.expression)) {
    ctx.push({
      start: startOf(ctx, node),
      end: node.end,
      replacement: '',
      operator: 'remove-null-guard',
      category: 'null-handling',
      description: `guard "${quote(text)}" removed: a missing (null/undefined) ${quote(subjectOf(ctx, node.expression), 30)} is no longer caught and reaches the code below`,
    });
  } else if (t.isThrowStatement(exit)) {
    ctx.push({
      start: startOf(ctx, node),
      end: node.end,
      replacement: '',
      operator: 'remove-throwing-guard',
      category: 'exception-handling',
      description: `validation "${quote(text)}" removed: invalid input no longer raises an error and is processed as if valid`,
    });
  }
}

function isNullCheck(ctx: JsContext, e: ts.Expression): boolean {
  const t = ctx.ts;
  if (t.isParenthesizedExpression(e)) return isNullCheck(ctx, e.expression);
  if (t.isPrefixUnaryExpression(e)) return e.operator === t.SyntaxKind.ExclamationToken;
  if (!t.isBinaryExpression(e)) return false;
  const op = e.operatorToken.getText(ctx.sf);
  if (op === '||') return isNullCheck(ctx, e.left) || isNullCheck(ctx, e.right);
  if (op !== '==' && op !== '===') return false;
  const nullish = (s: ts.Expression): boolean =>
    s.kind === t.SyntaxKind.NullKeyword ||
    (t.isIdentifier(s) && s.text === 'undefined') ||
    (t.isStringLiteral(s) && s.text === 'undefined');
  return nullish(e.left) || nullish(e.right);
}

/** The value a null check is about, for the description ("x" in `x == null` or `!x`). */
function subjectOf(ctx: JsContext, e: ts.Expression): string {
  const t = ctx.ts;
  if (t.isParenthesizedExpression(e)) return subjectOf(ctx, e.expression);
  if (t.isPrefixUnaryExpression(e)) return textOf(ctx, e.operand);
  if (t.isBinaryExpression(e)) {
    if (e.operatorToken.getText(ctx.sf) === '||') return subjectOf(ctx, isNullCheck(ctx, e.left) ? e.left : e.right);
    const isLiteral = (s: ts.Expression): boolean =>
      s.kind === t.SyntaxKind.NullKeyword || t.isStringLiteral(s) || (t.isIdentifier(s) && s.text === 'undefined');
    const side = isLiteral(e.left) ? e.right : e.left;
    return t.isTypeOfExpression(side) ? textOf(ctx, side.expression) : textOf(ctx, side);
  }
  return textOf(ctx, e);
}

function removeThrow(ctx: JsContext, node: ts.ThrowStatement): void {
  if (!removable(ctx, node)) return;
  ctx.push({
    start: startOf(ctx, node),
    end: node.end,
    replacement: '',
    operator: 'remove-throw',
    category: 'exception-handling',
    description: `"${quote(textOf(ctx, node))}" removed: the error case no longer stops execution and falls through to the code after it`,
  });
}

function emptyCatch(ctx: JsContext, node: ts.CatchClause): void {
  const block = node.block;
  const description = 'catch block emptied: the error from the try block is silently swallowed';
  if (block.statements.length === 0) return;
  if (onOneLine(ctx, block)) {
    ctx.push({ start: startOf(ctx, block), end: block.end, replacement: '{}', operator: 'empty-catch', category: 'exception-handling', description });
    return;
  }
  const only = block.statements[0]!;
  if (block.statements.length !== 1 || !removable(ctx, only)) return;
  ctx.push({ start: startOf(ctx, only), end: only.end, replacement: '', operator: 'empty-catch', category: 'exception-handling', description });
}

function removeCall(ctx: JsContext, node: ts.ExpressionStatement): void {
  const t = ctx.ts;
  let e = node.expression;
  if (t.isAwaitExpression(e)) e = e.expression;
  if (!t.isCallExpression(e) || e.expression.kind === t.SyntaxKind.SuperKeyword) return;
  const callee = textOf(ctx, e.expression);
  if (LOGGING.test(callee) || !removable(ctx, node)) return;
  ctx.push({
    start: startOf(ctx, node),
    end: node.end,
    replacement: '',
    operator: 'remove-call',
    category: 'removed-call',
    description: `call "${quote(textOf(ctx, node))}" removed: its effect no longer happens`,
  });
}

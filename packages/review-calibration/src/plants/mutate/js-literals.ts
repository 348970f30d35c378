// Literal operators for JS/TS: a string or regular expression that no longer matches, and a
// numeric constant that is off by one. Message strings and module names are left alone, since
// changing them is no behavioural bug a reviewer could be expected to find.

import type ts from 'typescript';
import { type JsContext, startOf, textOf } from './js-helpers.js';
import { isDisplayText, quote } from './types.js';

/** Callees whose string arguments are messages or module names. */
const MESSAGE_CALLEE = /(?:Error|^require|^console\.\w+|^logger\.\w+|^log\.\w+)$/;

export function literalOperators(ctx: JsContext, node: ts.Node): void {
  const t = ctx.ts;
  if (t.isStringLiteral(node)) stringLiteral(ctx, node);
  else if (t.isRegularExpressionLiteral(node)) regexLiteral(ctx, node);
  else if (t.isNumericLiteral(node)) numericLiteral(ctx, node);
}

export function calleeText(ctx: JsContext, node: ts.CallExpression | ts.NewExpression): string {
  return textOf(ctx, node.expression);
}

function stringLiteral(ctx: JsContext, node: ts.StringLiteral): void {
  const t = ctx.ts;
  const p = node.parent;
  if ((p as { name?: ts.Node }).name === node || t.isExpressionStatement(p) || t.isExternalModuleReference(p)) return;
  if ((t.isCallExpression(p) || t.isNewExpression(p)) && calleeText(ctx, p).match(MESSAGE_CALLEE)) return;
  if (t.isCallExpression(p) && p.expression.kind === t.SyntaxKind.ImportKeyword) return;
  const raw = textOf(ctx, node);
  const q = raw[0] ?? "'";
  const body = raw.slice(1, -1);
  if (isDisplayText(body)) return;
  let replacement: string;
  if (/^[a-z]/.test(body)) replacement = q + body[0]!.toUpperCase() + body.slice(1) + q;
  else if (/^[A-Z]/.test(body)) replacement = q + body[0]!.toLowerCase() + body.slice(1) + q;
  else if (body !== '') replacement = q + q;
  else return;
  ctx.push({
    start: startOf(ctx, node),
    end: node.end,
    replacement,
    operator: 'change-string-literal',
    category: 'string-literal',
    description: `string ${quote(raw, 30)} changed to ${quote(replacement, 30)} in "${quote(textOf(ctx, p))}": comparisons and lookups with it no longer match`,
  });
}

function regexLiteral(ctx: JsContext, node: ts.RegularExpressionLiteral): void {
  const raw = textOf(ctx, node);
  const last = raw.lastIndexOf('/');
  const body = raw.slice(1, last);
  const flags = raw.slice(last + 1);
  let next: string;
  let effect: string;
  if (body.startsWith('^') && body.length > 1) {
    next = `/${body.slice(1)}/${flags}`;
    effect = 'it is no longer anchored at the start, so it matches anywhere in the input';
  } else if (body.endsWith('$') && !body.endsWith('\\$') && body.length > 1) {
    next = `/${body.slice(0, -1)}/${flags}`;
    effect = 'it is no longer anchored at the end, so trailing input is accepted';
  } else if (flags.includes('i')) {
    next = `/${body}/${flags.replace('i', '')}`;
    effect = 'it became case-sensitive';
  } else {
    next = `/${body}/${flags}i`;
    effect = 'it became case-insensitive';
  }
  ctx.push({
    start: startOf(ctx, node),
    end: node.end,
    replacement: next,
    operator: 'change-regex',
    category: 'string-literal',
    description: `regular expression ${quote(raw, 30)} changed to ${quote(next, 30)}: ${effect}`,
  });
}

function numericLiteral(ctx: JsContext, node: ts.NumericLiteral): void {
  const t = ctx.ts;
  const p = node.parent;
  if ((t.isElementAccessExpression(p) && p.argumentExpression === node) || (p as { name?: ts.Node }).name === node) return;
  const text = textOf(ctx, node);
  const m = /^(\d+)(\.\d+)?$/.exec(text);
  if (!m) return;
  const int = m[1] ?? '0';
  // `-1` → `-0` reads oddly; a negative constant moves away from zero instead.
  const negative = t.isPrefixUnaryExpression(p) && p.operator === t.SyntaxKind.MinusToken;
  const replacement = text === '0' ? '1' : text === '1' && !negative ? '0' : `${BigInt(int) + 1n}${m[2] ?? ''}`;
  ctx.push({
    start: startOf(ctx, node),
    end: node.end,
    replacement,
    operator: 'change-numeric-literal',
    category: 'numeric-literal',
    description: `constant ${text} changed to ${replacement} in "${quote(textOf(ctx, p))}": the computation uses the wrong value`,
  });
}

// The ManySStuBs "wrong identifier" bug: a variable read replaced by another local of the same
// function that is already declared at that point. A simple lexical walk (parameters, and the
// declarations of the enclosing blocks up to the function) is enough to pick a plausible
// neighbour; globals, imports, properties and declarations themselves are never touched.

import type ts from 'typescript';
import { type JsContext, lineAround, startOf } from './js-helpers.js';
import { quote } from './types.js';

interface Binding {
  name: string;
  /** Where the declaration ends: it is visible (and initialised) after this offset. */
  declaredAt: number;
  isFunction: boolean;
  /** Declared in a `for (…;…;…)` header: a loop counter. */
  isCounter: boolean;
}

const ASSIGNMENTS = new Set(['=', '+=', '-=', '*=', '/=', '%=', '**=', '<<=', '>>=', '>>>=', '&=', '|=', '^=', '&&=', '||=', '??=']);

export function wrongIdentifier(ctx: JsContext, id: ts.Identifier): void {
  if (!isRead(ctx, id)) return;
  const fn = enclosingFunction(ctx, id);
  if (!fn) return;
  const bindings = visibleBindings(ctx, id, fn);
  const own = bindings.find((b) => b.name === id.text);
  if (!own || own.isFunction) return;
  // A plausible slip: another local of the same role (loop counters stand in for loop counters
  // only), preferring a similar name, then the most recently declared one.
  let pick: Binding | undefined;
  let best = -1;
  for (const b of bindings) {
    if (b.name === id.text || b.isFunction || b.isCounter !== own.isCounter) continue;
    const score = similarity(b.name, id.text) * 1e9 + b.declaredAt;
    if (score > best) [pick, best] = [b, score];
  }
  if (!pick) return;
  ctx.push({
    start: startOf(ctx, id),
    end: id.end,
    replacement: pick.name,
    operator: 'wrong-identifier',
    category: 'wrong-identifier',
    description: `${id.text} replaced by ${pick.name} in "${quote(lineAround(ctx, startOf(ctx, id)))}": the wrong variable is used`,
  });
}

/** Length of the common prefix plus the common suffix, capped by the shorter name. */
function similarity(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < max && a[prefix] === b[prefix]) prefix++;
  let suffix = 0;
  while (suffix < max - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) suffix++;
  return prefix + suffix;
}

/** A read of the identifier as a value, in a position where another variable reads naturally. */
function isRead(ctx: JsContext, id: ts.Identifier): boolean {
  const t = ctx.ts;
  const p = id.parent;
  if (t.isBinaryExpression(p)) return p.right === id || !ASSIGNMENTS.has(p.operatorToken.getText(ctx.sf));
  if (t.isCallExpression(p) || t.isNewExpression(p)) return (p.arguments ?? []).some((a) => a === id);
  if (t.isPropertyAccessExpression(p)) return p.expression === id;
  if (t.isElementAccessExpression(p)) return true;
  if (t.isPrefixUnaryExpression(p)) {
    return p.operator === t.SyntaxKind.ExclamationToken || p.operator === t.SyntaxKind.MinusToken;
  }
  if (t.isVariableDeclaration(p) || t.isPropertyAssignment(p)) return p.initializer === id;
  if (t.isForOfStatement(p) || t.isForInStatement(p)) return p.expression === id;
  return (
    t.isReturnStatement(p) ||
    t.isIfStatement(p) ||
    t.isWhileStatement(p) ||
    t.isSwitchStatement(p) ||
    t.isConditionalExpression(p) ||
    t.isTemplateSpan(p) ||
    t.isArrayLiteralExpression(p) ||
    t.isSpreadElement(p) ||
    t.isParenthesizedExpression(p) ||
    t.isAwaitExpression(p) ||
    t.isAsExpression(p) ||
    t.isNonNullExpression(p)
  );
}

function enclosingFunction(ctx: JsContext, node: ts.Node): ts.SignatureDeclaration | undefined {
  for (let n = node.parent; n; n = n.parent) {
    if (ctx.ts.isFunctionLike(n)) return n;
  }
  return undefined;
}

function visibleBindings(ctx: JsContext, id: ts.Identifier, fn: ts.SignatureDeclaration): Binding[] {
  const t = ctx.ts;
  const at = startOf(ctx, id);
  const out: Binding[] = [];
  const addList = (list: ts.VariableDeclarationList): void => {
    for (const d of list.declarations) {
      if (d.end > at) continue;
      const isFunction = !!d.initializer && (t.isArrowFunction(d.initializer) || t.isFunctionExpression(d.initializer));
      for (const name of bindingNames(ctx, d.name)) out.push({ name, declaredAt: d.end, isFunction, isCounter: false });
    }
  };
  for (let n: ts.Node = id; n !== fn && n.parent; n = n.parent) {
    const p = n.parent;
    if (t.isBlock(p) || t.isCaseClause(p) || t.isDefaultClause(p)) {
      for (const s of p.statements) if (t.isVariableStatement(s)) addList(s.declarationList);
    } else if (
      (t.isForStatement(p) && p.initializer !== n) ||
      ((t.isForOfStatement(p) || t.isForInStatement(p)) && p.statement === n)
    ) {
      if (p.initializer && t.isVariableDeclarationList(p.initializer)) {
        const isCounter = t.isForStatement(p);
        for (const d of p.initializer.declarations) {
          for (const name of bindingNames(ctx, d.name)) out.push({ name, declaredAt: d.end, isFunction: false, isCounter });
        }
      }
    } else if (t.isCatchClause(p) && p.variableDeclaration && n === p.block) {
      for (const name of bindingNames(ctx, p.variableDeclaration.name)) {
        out.push({ name, declaredAt: p.variableDeclaration.end, isFunction: false, isCounter: false });
      }
    }
  }
  for (const param of fn.parameters) {
    for (const name of bindingNames(ctx, param.name)) {
      if (name !== 'this') out.push({ name, declaredAt: param.end, isFunction: false, isCounter: false });
    }
  }
  return out;
}

function bindingNames(ctx: JsContext, name: ts.BindingName): string[] {
  const t = ctx.ts;
  if (t.isIdentifier(name)) return [name.text];
  const out: string[] = [];
  for (const el of name.elements) {
    if (t.isBindingElement(el)) out.push(...bindingNames(ctx, el.name));
  }
  return out;
}

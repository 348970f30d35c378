// Expression-level JS/TS operators: comparison boundaries, equality and logic, arithmetic,
// optional chaining, await, literals and argument order. Each pushes one-line edits on exact
// token spans; the driver re-parses every result and drops what does not parse.

import type ts from 'typescript';
import {
  type JsContext,
  comparesLength,
  inLoopCondition,
  involvesString,
  isSimpleOperand,
  negate,
  onOneLine,
  startOf,
  textOf,
} from './js-helpers.js';
import { calleeText, literalOperators } from './js-literals.js';
import { type BugCategory, quote } from './types.js';

interface Swap {
  to: string;
  operator: string;
  category: BugCategory;
}

const BINARY_SWAPS: Record<string, Swap> = {
  '<': { to: '<=', operator: 'relax-boundary', category: 'off-by-one' },
  '>': { to: '>=', operator: 'relax-boundary', category: 'off-by-one' },
  '<=': { to: '<', operator: 'tighten-boundary', category: 'off-by-one' },
  '>=': { to: '>', operator: 'tighten-boundary', category: 'off-by-one' },
  '===': { to: '!==', operator: 'invert-comparison', category: 'logic-inversion' },
  '!==': { to: '===', operator: 'invert-comparison', category: 'logic-inversion' },
  '==': { to: '!=', operator: 'invert-comparison', category: 'logic-inversion' },
  '!=': { to: '==', operator: 'invert-comparison', category: 'logic-inversion' },
  '&&': { to: '||', operator: 'swap-logical-operator', category: 'logic-inversion' },
  '||': { to: '&&', operator: 'swap-logical-operator', category: 'logic-inversion' },
  '??': { to: '||', operator: 'nullish-to-or', category: 'null-handling' },
  '??=': { to: '||=', operator: 'nullish-to-or', category: 'null-handling' },
  '+': { to: '-', operator: 'swap-additive', category: 'arithmetic' },
  '-': { to: '+', operator: 'swap-additive', category: 'arithmetic' },
  '*': { to: '/', operator: 'swap-multiplicative', category: 'arithmetic' },
  '/': { to: '*', operator: 'swap-multiplicative', category: 'arithmetic' },
  '%': { to: '*', operator: 'modulo-to-multiply', category: 'arithmetic' },
  '+=': { to: '-=', operator: 'swap-compound-assignment', category: 'update-assignment' },
  '-=': { to: '+=', operator: 'swap-compound-assignment', category: 'update-assignment' },
  '*=': { to: '/=', operator: 'swap-compound-assignment', category: 'update-assignment' },
  '/=': { to: '*=', operator: 'swap-compound-assignment', category: 'update-assignment' },
};

/** Names that hold positions; `map[key]` with another name is a lookup, where ±1 is no off-by-one. */
const INDEX_NAME = /^(?:[ijkmn]|idx|index|pos|position|mid|lo|hi|low|high|start|end|first|last|offset|cursor|row|col|column|depth|level|count|size|len|length|page)$|(?:Index|Idx|Pos|Offset|Count|Position)$/;

/** Defaults that make `??` → `||` an equivalent mutant. */
const FALSY_DEFAULT = /^(?:''|""|``|0|0n|false|null|undefined|void 0)$/;

const COMPARISONS = new Set(['<', '<=', '>', '>=', '===', '!==', '==', '!=']);

/** Calls whose argument order does not matter (swapping is an equivalent mutant) or that only log. */
const ORDER_FREE_CALLEE = /^(?:Math\.(?:max|min|hypot)|console\.\w+|logger\.\w+|log\.\w+)$/;

export function expressionOperators(ctx: JsContext, node: ts.Node): void {
  const t = ctx.ts;
  if (t.isBinaryExpression(node)) {
    binary(ctx, node);
    lengthBound(ctx, node);
  } else if (t.isElementAccessExpression(node)) {
    shiftIndex(ctx, node);
  } else if (t.isPrefixUnaryExpression(node) || t.isPostfixUnaryExpression(node)) {
    increment(ctx, node);
  } else if (node.kind === t.SyntaxKind.TrueKeyword || node.kind === t.SyntaxKind.FalseKeyword) {
    if (!t.isReturnStatement(node.parent)) flipBoolean(ctx, node);
  } else if (t.isAwaitExpression(node)) {
    removeAwait(ctx, node);
  } else {
    literalOperators(ctx, node);
  }
  if ((t.isCallExpression(node) || t.isNewExpression(node)) && node.arguments) swapArguments(ctx, node);
  if (t.isPropertyAccessExpression(node) || t.isElementAccessExpression(node) || t.isCallExpression(node)) {
    optionalChain(ctx, node);
  }
  if (t.isIfStatement(node) || t.isWhileStatement(node) || t.isDoStatement(node)) {
    negateCondition(ctx, node.expression, t.isIfStatement(node) ? 'if' : 'loop');
  } else if (t.isConditionalExpression(node)) {
    negateCondition(ctx, node.condition, 'ternary');
  }
}

function binary(ctx: JsContext, node: ts.BinaryExpression): void {
  const op = node.operatorToken.getText(ctx.sf);
  const swap = BINARY_SWAPS[op];
  if (!swap) return;
  if ((op === '+' || op === '-' || op === '+=') && (involvesString(ctx, node.left) || involvesString(ctx, node.right))) {
    return;
  }
  // `x ?? ''` and `x || ''` differ only when x is a falsy value other than the default itself;
  // with a falsy default of x's own type (``, 0, false, null) the mutant is equivalent.
  if ((op === '??' || op === '??=') && FALSY_DEFAULT.test(textOf(ctx, node.right))) return;
  const expr = quote(textOf(ctx, node));
  ctx.push({
    start: startOf(ctx, node.operatorToken),
    end: node.operatorToken.end,
    replacement: swap.to,
    operator: swap.operator,
    category: swap.category,
    description: `${op} changed to ${swap.to} in "${expr}": ${binaryConsequence(ctx, node, swap)}`,
  });
}

function binaryConsequence(ctx: JsContext, node: ts.BinaryExpression, swap: Swap): string {
  const loop = inLoopCondition(ctx, node);
  const elements = comparesLength(ctx, node);
  switch (swap.operator) {
    case 'relax-boundary':
      if (!loop) return 'the condition now also holds when both sides are equal';
      return elements ? 'the loop reads one element past the end' : 'the loop runs one iteration too many';
    case 'tighten-boundary':
      if (!loop) return 'the condition no longer holds when both sides are equal';
      return elements ? 'the loop skips the last element' : 'the loop stops one iteration early';
    case 'invert-comparison':
      return /\b(?:null|undefined)\b/.test(textOf(ctx, node))
        ? 'the null check is inverted'
        : 'the check now holds exactly when it should not';
    case 'swap-logical-operator':
      return swap.to === '||'
        ? 'one side being true is now enough where both were required'
        : 'both sides must now hold where either one was enough';
    case 'nullish-to-or':
      return 'falsy values such as 0, "" or false are now treated as missing';
    case 'swap-additive':
      return swap.to === '-' ? 'it subtracts where it should add' : 'it adds where it should subtract';
    case 'swap-multiplicative':
      return swap.to === '/' ? 'it divides where it should multiply' : 'it multiplies where it should divide';
    case 'modulo-to-multiply':
      return 'a product is used where the remainder was meant';
    default:
      return 'the running value moves in the wrong direction';
  }
}

function lengthBound(ctx: JsContext, node: ts.BinaryExpression): void {
  const t = ctx.ts;
  if (!COMPARISONS.has(node.operatorToken.getText(ctx.sf))) return;
  const isLength = (e: ts.Node): e is ts.PropertyAccessExpression => t.isPropertyAccessExpression(e) && e.name.text === 'length';
  for (const side of [node.left, node.right]) {
    const text = textOf(ctx, side);
    let replacement: string | undefined;
    if (isLength(side)) replacement = `${text} - 1`;
    else if (
      t.isBinaryExpression(side) &&
      side.operatorToken.kind === t.SyntaxKind.MinusToken &&
      isLength(side.left) &&
      textOf(ctx, side.right) === '1'
    ) {
      replacement = textOf(ctx, side.left);
    }
    if (replacement === undefined) continue;
    const loses = replacement.endsWith(' - 1');
    const effect = !inLoopCondition(ctx, node)
      ? 'the length check is off by one'
      : loses
        ? 'the loop skips the last element'
        : 'the loop reads one element past the end';
    ctx.push({
      start: startOf(ctx, side),
      end: side.end,
      replacement,
      operator: 'shift-length-bound',
      category: 'off-by-one',
      description: `bound ${text} changed to ${replacement} in "${quote(textOf(ctx, node))}": ${effect}`,
    });
  }
}

function shiftIndex(ctx: JsContext, node: ts.ElementAccessExpression): void {
  const t = ctx.ts;
  const arg = node.argumentExpression;
  const text = textOf(ctx, arg);
  let replacement: string | undefined;
  if (t.isNumericLiteral(arg) && /^\d+$/.test(text)) replacement = text === '0' ? '1' : String(BigInt(text) - 1n);
  else if (
    t.isBinaryExpression(arg) &&
    (arg.operatorToken.kind === t.SyntaxKind.MinusToken || arg.operatorToken.kind === t.SyntaxKind.PlusToken) &&
    textOf(ctx, arg.right) === '1'
  ) {
    replacement = textOf(ctx, arg.left);
  } else if ((t.isIdentifier(arg) && INDEX_NAME.test(arg.text)) || (t.isPropertyAccessExpression(arg) && arg.name.text === 'length')) {
    replacement = `${text} + 1`;
  }
  if (replacement === undefined || !onOneLine(ctx, arg)) return;
  ctx.push({
    start: startOf(ctx, arg),
    end: arg.end,
    replacement,
    operator: 'shift-index',
    category: 'off-by-one',
    description: `index [${quote(text, 30)}] changed to [${quote(replacement, 30)}] in "${quote(textOf(ctx, node))}": the neighbouring element is read instead (off by one)`,
  });
}

function increment(ctx: JsContext, node: ts.PrefixUnaryExpression | ts.PostfixUnaryExpression): void {
  const prefix = ctx.ts.isPrefixUnaryExpression(node);
  const start = prefix ? startOf(ctx, node) : node.end - 2;
  const op = ctx.text.slice(start, start + 2);
  if (op !== '++' && op !== '--') return;
  const to = op === '++' ? '--' : '++';
  ctx.push({
    start,
    end: start + 2,
    replacement: to,
    operator: 'swap-increment',
    category: 'update-assignment',
    description: `${op} changed to ${to} on ${quote(textOf(ctx, node.operand))}: the counter moves the wrong way`,
  });
}

function flipBoolean(ctx: JsContext, node: ts.Node): void {
  const from = textOf(ctx, node);
  const to = from === 'true' ? 'false' : 'true';
  ctx.push({
    start: startOf(ctx, node),
    end: node.end,
    replacement: to,
    operator: 'flip-boolean',
    category: 'logic-inversion',
    description: `literal ${from} changed to ${to} in "${quote(textOf(ctx, node.parent))}": the flag has the opposite meaning`,
  });
}

function optionalChain(
  ctx: JsContext,
  node: ts.PropertyAccessExpression | ts.ElementAccessExpression | ts.CallExpression,
): void {
  const q = node.questionDotToken;
  if (!q) return;
  ctx.push({
    start: startOf(ctx, q),
    end: q.end,
    replacement: ctx.ts.isPropertyAccessExpression(node) ? '.' : '',
    operator: 'remove-optional-chain',
    category: 'null-handling',
    description: `optional chaining removed from "${quote(textOf(ctx, node))}": throws a TypeError when ${quote(textOf(ctx, node.expression), 30)} is null or undefined`,
  });
}

function removeAwait(ctx: JsContext, node: ts.AwaitExpression): void {
  const start = startOf(ctx, node);
  const operandStart = startOf(ctx, node.expression);
  ctx.push({
    start,
    end: operandStart,
    replacement: '',
    operator: 'remove-await',
    category: 'async',
    description: `await removed before "${quote(textOf(ctx, node.expression))}": a pending Promise is used instead of its value, and a rejection goes unhandled`,
  });
}

function negateCondition(ctx: JsContext, cond: ts.Expression, where: 'if' | 'loop' | 'ternary'): void {
  if (!onOneLine(ctx, cond)) return;
  const replacement = negate(ctx, cond);
  const what = where === 'if' ? 'if condition' : where === 'loop' ? 'loop condition' : 'ternary condition';
  ctx.push({
    start: startOf(ctx, cond),
    end: cond.end,
    replacement,
    operator: 'negate-condition',
    category: 'logic-inversion',
    description: `${what} negated ("${quote(textOf(ctx, cond), 40)}" became "${quote(replacement, 40)}"): the branch runs in exactly the wrong cases`,
  });
}

function swapArguments(ctx: JsContext, node: ts.CallExpression | ts.NewExpression): void {
  const args = node.arguments ?? [];
  const callee = calleeText(ctx, node);
  if (args.length < 2 || ORDER_FREE_CALLEE.test(callee)) return;
  for (let i = 0; i + 1 < args.length; i++) {
    const a = args[i]!;
    const b = args[i + 1]!;
    const at = textOf(ctx, a);
    const bt = textOf(ctx, b);
    if (at === bt || !isSimpleOperand(ctx, a) || !isSimpleOperand(ctx, b)) continue;
    const between = ctx.text.slice(a.end, startOf(ctx, b));
    ctx.push({
      start: startOf(ctx, a),
      end: b.end,
      replacement: bt + between + at,
      operator: 'swap-arguments',
      category: 'swapped-arguments',
      description: `arguments ${quote(at, 25)} and ${quote(bt, 25)} of ${quote(callee, 30)}() swapped: each parameter receives the other's value`,
    });
  }
}


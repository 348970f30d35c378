// Token-level operators for the line-based languages: comparisons, equality and null checks,
// logic, arithmetic, increments, literals, indices, length bounds and argument order. They
// match on the code view (comments and string contents masked), so positions are exact.

import { type LineCtx, SIMPLE_OPERAND, isLoopLine } from './line-context.js';
import { closingBracket } from './line-scan.js';
import { isDisplayText, quote } from './types.js';

const NULLISH = /^(?:nil|null|None|NULL|nullptr)$/;
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'return', 'catch', 'elif', 'and', 'or', 'not', 'match', 'when', 'sizeof', 'typeof', 'def', 'fn', 'func', 'fun', 'function', 'class', 'new', 'in']);
const ORDER_FREE = /^(?:\w+\.)?(?:max|min|hypot|print\w*|puts|log|echo|Print\w*|Log\w*)$|^(?:console|logger|logging|log|System\.out|fmt)\./;
const DEFINITION = /^\s*(?:(?:public|private|protected|static|async|pub|export)\s+)*(?:def|fn|func|fun|function|class|struct|impl|interface|enum|lambda|macro_rules!)\b/;
/** Lines whose strings are messages (errors, logs, output), where a changed letter is no behavioural bug. */
const MESSAGE_LINE = /\b(?:\w*Error|\w*Exception|errors\.New|Errorf|panic|print(?:ln|f)?|puts|echo|raise|throw|assert\w*|fmt\.\w+|NSLog|console\.\w+|log(?:ger|ging)?\.\w+|Log\.\w+|log)\b(?!\w)/;
const LENGTH: Record<string, RegExp> = {
  python: /len\([^()]+\)/g,
  go: /len\([^()]+\)/g,
  java: /[\w.]+\.(?:length\b(?!\()|size\(\))/g,
  rust: /[\w.]+\.len\(\)/g,
  other: /[\w.$]+(?:\.|->)(?:length|Length|Count|count|size|len)\b(?:\(\))?|(?:strlen|count|sizeof|len)\([^()]+\)/g,
};

export function tokenOperators(ctx: LineCtx): void {
  comparisons(ctx);
  equality(ctx);
  logic(ctx);
  booleans(ctx);
  arithmetic(ctx);
  updates(ctx);
  numbers(ctx);
  strings(ctx);
  indices(ctx);
  lengthBounds(ctx);
  swapArguments(ctx);
}

function comparisons(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  if (ctx.syntax.dialect === 'ruby' && /^\s*class\b/.test(code)) return;
  const loop = isLoopLine(code);
  for (const m of code.matchAll(/(?<=\s)(<=|>=|<|>)(?=\s)/g)) {
    const op = m[0];
    const relax = op.length === 1;
    const to = relax ? `${op}=` : op.slice(0, 1);
    const effect = relax
      ? loop ? 'the loop runs one iteration too many' : 'the condition now also holds when both sides are equal'
      : loop ? 'the loop stops one iteration early' : 'the condition no longer holds when both sides are equal';
    ctx.push(m.index, m.index + op.length, to, relax ? 'relax-boundary' : 'tighten-boundary', 'off-by-one', `${op} changed to ${to} in "${quote(text)}": ${effect}`);
  }
}

function equality(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  for (const m of code.matchAll(/(?<=\s)(===|!==|==|!=)(?=\s)/g)) {
    const op = m[0];
    const to = op.startsWith('=') ? `!${op.slice(1)}` : `=${op.slice(1)}`;
    const before = /([\w$.]+)\s*$/.exec(code.slice(0, m.index))?.[1] ?? '';
    const after = /^\s*([\w$.]+)/.exec(code.slice(m.index + op.length))?.[1] ?? '';
    const nullCheck = NULLISH.test(before) || NULLISH.test(after);
    ctx.push(
      m.index, m.index + op.length, to,
      nullCheck ? 'invert-null-check' : 'invert-comparison',
      nullCheck ? 'null-handling' : 'logic-inversion',
      nullCheck
        ? `null check inverted (${op} became ${to}) in "${quote(text)}": the missing-value branch runs when the value is present, and the other way round`
        : `${op} changed to ${to} in "${quote(text)}": the check now holds exactly when it should not`,
    );
  }
  const pairs: Array<[RegExp, string, string]> =
    ctx.syntax.dialect === 'python'
      ? [[/\bis not None\b/g, 'is None', 'is not None'], [/\bis None\b/g, 'is not None', 'is None']]
      : ctx.syntax.dialect === 'rust'
        ? [[/\.is_none\(\)/g, '.is_some()', '.is_none()'], [/\.is_some\(\)/g, '.is_none()', '.is_some()']]
        : [];
  for (const [re, to, from] of pairs) {
    for (const m of code.matchAll(re)) {
      ctx.push(m.index, m.index + m[0].length, to, 'invert-null-check', 'null-handling', `"${from}" changed to "${to}" in "${quote(text)}": the missing-value branch runs in exactly the wrong cases`);
    }
  }
  const chain = ctx.syntax.dialect === 'php' ? /\?->/g : ['cs', 'kotlin', 'swift'].includes(ctx.syntax.dialect) ? /\?\.(?=[A-Za-z_])/g : undefined;
  for (const m of chain ? code.matchAll(chain) : []) {
    const to = m[0] === '?->' ? '->' : '.';
    ctx.push(m.index, m.index + m[0].length, to, 'remove-optional-chain', 'null-handling', `null-safe ${m[0]} replaced by ${to} in "${quote(text)}": a null receiver now crashes`);
  }
}

function logic(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  const re = ctx.syntax.dialect === 'python' ? /(?<=\s)(and|or)(?=\s)/g : /(?<=\s)(&&|\|\|)(?=\s)/g;
  for (const m of code.matchAll(re)) {
    // `|| {` and `move ||` are Rust closures, not a logical or.
    const before = code.slice(0, m.index).trimEnd();
    if (!/[\w)\]"'\0]$/.test(before) || /\b(?:move|return)$/.test(before)) continue;
    const and = m[0] === '&&' || m[0] === 'and';
    const to = ctx.syntax.dialect === 'python' ? (and ? 'or' : 'and') : and ? '||' : '&&';
    ctx.push(m.index, m.index + m[0].length, to, 'swap-logical-operator', 'logic-inversion', `${m[0]} changed to ${to} in "${quote(text)}": ${and ? 'one condition is now enough where both were required' : 'both conditions are now required where either was enough'}`);
  }
}

function booleans(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  const [yes, no] = ctx.syntax.trueFalse;
  if (/^\s*return\s+\w+\s*;?\s*$/.test(code)) return; // the return operator owns `return true`
  for (const m of code.matchAll(new RegExp(`(?<![\\w.$])(${yes}|${no})(?![\\w$])`, 'g'))) {
    const to = m[0] === yes ? no : yes;
    ctx.push(m.index, m.index + m[0].length, to, 'flip-boolean', 'logic-inversion', `literal ${m[0]} changed to ${to} in "${quote(text)}": the flag has the opposite meaning`);
  }
}

function arithmetic(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  const swaps: Record<string, [string, string, string]> = {
    '+': ['-', 'swap-additive', 'it subtracts where it should add'],
    '-': ['+', 'swap-additive', 'it adds where it should subtract'],
    '*': ['/', 'swap-multiplicative', 'it divides where it should multiply'],
    '/': ['*', 'swap-multiplicative', 'it multiplies where it should divide'],
    '%': ['*', 'modulo-to-multiply', 'a product is used where the remainder was meant'],
  };
  for (const m of code.matchAll(/(?<=\s)([+\-*/%])(?=\s)/g)) {
    const [to, operator, effect] = swaps[m[0]] ?? ['', '', ''];
    const before = code.slice(0, m.index).trimEnd();
    const after = code.slice(m.index + 1).trimStart();
    // Only binary operators between operands, and never string concatenation or formatting.
    if (!/[\w)\]\0"']$/.test(before) || /^(?:return|yield|case|in|=)$/.test(before.split(/\s/).at(-1) ?? '')) continue;
    if ((m[0] === '+' || m[0] === '%') && (/["'\0]$/.test(before) || /^[fbr]?["']/.test(after))) continue;
    ctx.push(m.index, m.index + 1, to, operator, 'arithmetic', `${m[0]} changed to ${to} in "${quote(text)}": ${effect}`);
  }
}

function updates(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  for (const m of code.matchAll(/(?<=\s)(\+=|-=|\*=|\/=)(?=\s)/g)) {
    if (m[0] === '+=' && /^\s*[fbr]?["']/.test(code.slice(m.index + 2))) continue;
    const to = { '+=': '-=', '-=': '+=', '*=': '/=', '/=': '*=' }[m[0]] ?? m[0];
    ctx.push(m.index, m.index + 2, to, 'swap-compound-assignment', 'update-assignment', `${m[0]} changed to ${to} in "${quote(text)}": the running value moves in the wrong direction`);
  }
  if (['python', 'rust', 'ruby', 'swift'].includes(ctx.syntax.dialect)) return;
  for (const m of code.matchAll(/(?<=[\w)\]])(\+\+|--)(?![+-])|(?<![+-])(\+\+|--)(?=[\w(])/g)) {
    const to = m[0] === '++' ? '--' : '++';
    ctx.push(m.index, m.index + 2, to, 'swap-increment', 'update-assignment', `${m[0]} changed to ${to} in "${quote(text)}": the counter moves the wrong way`);
  }
}

function numbers(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  for (const m of code.matchAll(/(?<![\w.$#])(\d+)(\.\d+)?(?![\w.])/g)) {
    const [whole, int = '0', frac = ''] = m;
    const before = code.slice(0, m.index);
    const operand = before.slice(0, -1).trimEnd();
    const negative = before.endsWith('-') && (!/[\w)\]]$/.test(operand) || /\b(?:return|case|yield|in|and|or|not)$/.test(operand));
    const to = whole === '0' ? '1' : whole === '1' && !negative ? '0' : `${BigInt(int) + 1n}${frac}`;
    ctx.push(m.index, m.index + whole.length, to, 'change-numeric-literal', 'numeric-literal', `constant ${whole} changed to ${to} in "${quote(text)}": the computation uses the wrong value`);
  }
}

function strings(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  if (MESSAGE_LINE.test(code) || /^\s*["']/.test(code)) return;
  for (const s of ctx.line.strings) {
    const body = text.slice(s.start + 1, s.end - 1);
    if (isDisplayText(body)) continue;
    let to: string;
    if (/^[a-z]/.test(body)) to = body[0]!.toUpperCase() + body.slice(1);
    else if (/^[A-Z]/.test(body)) to = body[0]!.toLowerCase() + body.slice(1);
    else if (body !== '') to = '';
    else continue;
    const raw = text.slice(s.start, s.end);
    const replacement = s.quote + to + s.quote;
    ctx.push(s.start, s.end, replacement, 'change-string-literal', 'string-literal', `string ${quote(raw, 30)} changed to ${quote(replacement, 30)} in "${quote(text)}": comparisons and lookups with it no longer match`);
  }
}

function indices(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  const typeish = /^(?:map|list|dict|tuple|set|frozenset|type|chan|Optional|Union|List|Dict|Tuple|Set|Callable|Iterable|Sequence|int|long|short|byte|char|double|float|boolean|bool|String|string|var|let|const|new)$/;
  for (const m of code.matchAll(/(?<=([\w$]+|[)\]]))\[\s*(\$?[a-z_]\w*)(?: ([+-]) 1)?\s*\]/g)) {
    const [, owner = '', name = '', shift] = m;
    if (typeish.test(owner) || /^(?:int|str|float|bool|bytes|string|byte|rune)$/.test(name)) continue;
    const from = m.index + m[0].indexOf(name);
    const end = m.index + m[0].lastIndexOf(']');
    const current = code.slice(from, end).trimEnd();
    const to = shift ? name : `${name} + 1`;
    ctx.push(from, from + current.length, to, 'shift-index', 'off-by-one', `index [${current}] changed to [${to}] in "${quote(text)}": the neighbouring element is read instead (off by one)`);
  }
}

function lengthBounds(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  const re = LENGTH[ctx.syntax.dialect] ?? LENGTH.other!;
  for (const m of code.matchAll(re)) {
    const end = m.index + m[0].length;
    const before = code.slice(0, m.index);
    const after = code.slice(end);
    const compared = /\s(?:<|<=|>|>=)\s+$/.test(before) || /^\s+(?:<|<=|>|>=)\s/.test(after);
    if (!compared) continue;
    const minusOne = /^ - 1(?![\w.])/.exec(after);
    if (!minusOne && /^\s*[*/%]/.test(after)) continue;
    const to = minusOne ? m[0] : `${m[0]} - 1`;
    const stop = minusOne ? end + minusOne[0].length : end;
    ctx.push(m.index, stop, to, 'shift-length-bound', 'off-by-one', `bound ${quote(code.slice(m.index, stop), 30)} changed to ${quote(to, 30)} in "${quote(text)}": ${minusOne ? 'the bound now reaches one past the last element' : 'the last element is no longer covered'}`);
  }
}

function swapArguments(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  if (DEFINITION.test(code) || (ctx.syntax.dialect === 'c' && /^\s*#/.test(code))) return;
  for (const m of code.matchAll(/([\w$]+(?:(?:\.|->|::)[\w$]+)*)\(/g)) {
    const callee = m[1] ?? '';
    if (KEYWORDS.has(callee) || ORDER_FREE.test(callee)) continue;
    const open = m.index + m[0].length - 1;
    const close = closingBracket(code, open);
    if (close === -1) continue;
    const args = splitTopLevel(code, open + 1, close);
    for (let k = 0; k + 1 < args.length; k++) {
      const a = args[k]!;
      const b = args[k + 1]!;
      const at = code.slice(a[0], a[1]);
      const bt = code.slice(b[0], b[1]);
      if (at === bt || !SIMPLE_OPERAND.test(at) || !SIMPLE_OPERAND.test(bt) || /^(?:self|this)$/.test(at + bt)) continue;
      const atext = text.slice(a[0], a[1]);
      const btext = text.slice(b[0], b[1]);
      if (atext === btext) continue;
      ctx.push(a[0], b[1], btext + text.slice(a[1], b[0]) + atext, 'swap-arguments', 'swapped-arguments', `arguments ${quote(atext, 25)} and ${quote(btext, 25)} of ${callee}() swapped: each parameter receives the other's value`);
    }
  }
}

/** Trimmed [start, end) spans of the comma-separated items between two offsets. */
function splitTopLevel(code: string, from: number, to: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let depth = 0;
  let itemStart = from;
  const flush = (end: number): void => {
    const raw = code.slice(itemStart, end);
    const lead = raw.length - raw.trimStart().length;
    const s = itemStart + lead;
    const e = itemStart + raw.trimEnd().length;
    if (e > s) out.push([s, e]);
  };
  for (let k = from; k < to; k++) {
    const ch = code[k];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    else if (ch === ',' && depth === 0) {
      flush(k);
      itemStart = k + 1;
    }
  }
  flush(to);
  return out;
}

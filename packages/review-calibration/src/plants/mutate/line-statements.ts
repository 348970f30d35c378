// Statement-level operators for the line-based languages: wrong return values, removed
// throw/raise/panic and calls, emptied catch/except bodies, negated conditions and removed
// awaits. A statement is only touched when it is complete on its line.

import { type LineCtx, negateCode, topLevel } from './line-context.js';
import { type Dialect, balanced, closingBracket, indentOf } from './line-scan.js';
import { quote } from './types.js';

const BOOLEANISH = /\s(?:===|!==|==|!=|<|<=|>|>=|&&|\|\||and|or|is|in|instanceof)\s|^(?:!|not\s)/;
const NOT_A_CALL = /^(?:if|for|while|switch|return|catch|super|this|print\w*|puts|assert\w*|panic|require\w*|include\w*|defer|go|raise|throw|echo)$/;
const LOGGING = /^(?:console|log|logger|logging|System\.out|System\.err|fmt|Console|Log|NSLog)\b/;
/** The previous line leaves an expression open, so this line continues it. */
const CONTINUATION = /(?:[,([+\-*/=.\\?&|]|\band|\bor)$/;
const TYPED_NULL = new Set<Dialect>(['java', 'cs', 'kotlin', 'swift']);
const THROW_KEYWORD: Partial<Record<Dialect, string>> = { python: 'raise', ruby: 'raise', go: 'panic', rust: 'panic!' };
const BRACELESS_BODIES = new Set<Dialect>(['java', 'c', 'cs', 'kotlin', 'php']);
const BRACELESS_HEADER = /^(?:\}\s*)?(?:if|else|for|while|do|foreach)\b(?!.*[{;]$)/;

export function statementOperators(ctx: LineCtx): void {
  returns(ctx);
  removeNullGuard(ctx);
  removeThrow(ctx);
  emptyCatch(ctx);
  removeCall(ctx);
  negateCondition(ctx);
  removeAwait(ctx);
}

/** Offsets of the trimmed code, without a trailing `;`. */
function statementSpan(code: string): [number, number] {
  const start = indentOf(code);
  const trimmed = code.trimEnd();
  return [start, trimmed.endsWith(';') ? trimmed.length - 1 : trimmed.length];
}

function returns(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  const m = /^(\s*return\s+)(.*?)\s*;?\s*$/.exec(code);
  if (!m || !balanced(code)) return;
  const from = (m[1] ?? '').length;
  // Ruby's `return x if cond`: the value is only the part before the modifier.
  const modifier = ctx.syntax.dialect === 'ruby' ? / (?:if|unless) /.exec(m[2] ?? '') : null;
  const exprCode = modifier ? (m[2] ?? '').slice(0, modifier.index) : (m[2] ?? '');
  const to = from + exprCode.length;
  const expr = text.slice(from, to);
  if (expr === '') return;
  const [yes, no] = ctx.syntax.trueFalse;
  const dialect = ctx.syntax.dialect;
  if (expr === yes || expr === no) {
    const flipped = expr === yes ? no : yes;
    ctx.push(from, to, flipped, 'flip-return-boolean', 'return-value', `returns ${flipped} instead of ${expr}: callers get the opposite answer`);
    return;
  }
  if (dialect === 'go') {
    const lastComma = exprCode.lastIndexOf(',');
    const last = exprCode.slice(lastComma + 1).trim();
    if (/^err\w*$/.test(last)) {
      const at = from + exprCode.lastIndexOf(last);
      ctx.push(at, at + last.length, 'nil', 'drop-returned-error', 'exception-handling', `returns nil instead of ${last} in "${quote(text)}": the failure is silently swallowed and the caller carries on`);
      return;
    }
    if (lastComma !== -1) return;
  }
  const outer = topLevel(exprCode);
  const conditional = / if .* else |\?.*:/.test(outer);
  if (BOOLEANISH.test(outer) && !conditional) {
    const negated = negateCode(expr, exprCode, dialect === 'python');
    ctx.push(from, to, negated, 'negate-return', 'return-value', `return value negated ("${quote(expr, 40)}" became "${quote(negated, 40)}"): callers get the opposite answer`);
    return;
  }
  const nothing = dialect === 'rust' ? (/^Some\(/.test(expr) ? 'None' : undefined) : ctx.syntax.nothing;
  if (nothing === undefined || expr === nothing || /^(?:nil|null|None|NULL|nullptr|0)$/.test(expr)) return;
  // In typed languages an arithmetic result is most likely a primitive, where null does not compile.
  if (TYPED_NULL.has(dialect) && /\s[-+*/%]\s|^-?\d|^Math\./.test(outer)) return;
  ctx.push(from, to, nothing, 'return-null', 'return-value', `returns ${nothing} instead of ${quote(expr, 40)}: callers receive no value where they expect one`);
}

/** `if (x == null) return …;` on one line (braced or not), in the brace languages. */
function removeNullGuard(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  if (['python', 'ruby', 'go', 'rust', 'swift'].includes(ctx.syntax.dialect)) return;
  const m = /^\s*if\s*\(/.exec(code);
  if (!m || blockHeaderBefore(ctx) || !balanced(code)) return;
  const close = closingBracket(code, m[0].length - 1);
  const cond = code.slice(m[0].length, close);
  const body = code.slice(close + 1).trim();
  const nullCheck = /(?:==|===)\s*(?:null|NULL|nullptr|nil)\b|(?:null|NULL|nullptr|nil)\s*(?:==|===)|^\s*!/.test(cond) && !/&&/.test(cond);
  if (close === -1 || !nullCheck || !/^\{?\s*(?:return\b|throw\b|continue\b|break\b).*;\s*\}?$/.test(body)) return;
  const from = indentOf(code);
  const to = code.trimEnd().length;
  ctx.push(from, to, '', 'remove-null-guard', 'null-handling', `guard "${quote(text.slice(from, to))}" removed: a missing (null) value is no longer caught and reaches the code below`);
}

/** The previous line is an `if (…)`/`else`/loop header without a brace, so this line is its whole body. */
function blockHeaderBefore(ctx: LineCtx): boolean {
  if (!BRACELESS_BODIES.has(ctx.syntax.dialect)) return false;
  const prev = ctx.prev?.code.trim() ?? '';
  return BRACELESS_HEADER.test(prev) && !prev.endsWith('{');
}

/** An empty statement where the language needs one (Python blocks), nothing elsewhere. */
function emptyStatement(ctx: LineCtx): string {
  return ctx.syntax.dialect === 'python' ? 'pass' : '';
}

function removeThrow(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  const keyword = THROW_KEYWORD[ctx.syntax.dialect] ?? 'throw';
  const t = code.trim();
  if (!t.startsWith(keyword) || /[\w!]/.test(t.charAt(keyword.length)) || !balanced(code) || blockHeaderBefore(ctx)) return;
  if (ctx.syntax.semicolons && ctx.syntax.dialect !== 'rust' && !t.endsWith(';')) return;
  if (ctx.prev && CONTINUATION.test(ctx.prev.code.trimEnd())) return;
  const from = indentOf(code);
  const to = code.trimEnd().length;
  ctx.push(from, to, emptyStatement(ctx), 'remove-throw', 'exception-handling', `"${quote(text.slice(from, to))}" removed: the error case no longer stops execution and falls through to the code after it`);
}

function emptyCatch(ctx: LineCtx): void {
  const { code } = ctx.line;
  const description = 'catch body removed: the error is silently swallowed';
  const python = ctx.syntax.dialect === 'python';
  const ruby = ctx.syntax.dialect === 'ruby';
  const header = python ? /^\s*except\b.*:\s*$/ : ruby ? /^\s*rescue\b/ : /\bcatch\b[^{]*\{\s*$/;
  const oneLine = /\bcatch\b[^{]*(\{)(.*)\}\s*$/.exec(code);
  if (!python && !ruby && oneLine && oneLine[2]?.trim()) {
    const open = code.indexOf('{', oneLine.index);
    const close = closingBracket(code, open);
    if (close !== -1) ctx.push(open, close + 1, '{}', 'empty-catch', 'exception-handling', description);
    return;
  }
  if (!header.test(code) || !ctx.next) return;
  const body = ctx.next;
  const bodyCode = body.code.trim();
  const closes = python
    ? !ctx.afterNext || indentOf(ctx.afterNext.text) <= indentOf(ctx.line.text)
    : (ctx.afterNext?.code.trim() ?? '').startsWith(ruby ? 'end' : '}');
  if (!closes || !balanced(body.code) || bodyCode === 'pass' || bodyCode.startsWith('}') || indentOf(body.text) <= indentOf(ctx.line.text)) {
    return;
  }
  const from = body.offset - ctx.line.offset + indentOf(body.code);
  const to = body.offset - ctx.line.offset + body.code.trimEnd().length;
  ctx.push(from, to, emptyStatement(ctx), 'empty-catch', 'exception-handling', description);
}

function removeCall(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  const [from, end] = statementSpan(code);
  const t = code.slice(from, end);
  const m = /^([\w$]+(?:(?:\.|->|::|\?\.)[\w$]+)*)\(/.exec(t);
  if (!m || NOT_A_CALL.test(m[1] ?? '') || LOGGING.test(m[1] ?? '')) return;
  if (closingBracket(t, m[0].length - 1) !== t.length - 1) return;
  if (ctx.syntax.semicolons !== code.trimEnd().endsWith(';') && ctx.syntax.dialect !== 'kotlin') return;
  if (blockHeaderBefore(ctx) || (ctx.prev && CONTINUATION.test(ctx.prev.code.trimEnd()))) return;
  if (ctx.next && /^\s*(?:\.|\?\.|->)/.test(ctx.next.code)) return;
  const to = code.trimEnd().length;
  const python = ctx.syntax.dialect === 'python';
  // A Python block needs a statement; elsewhere the line is simply left blank.
  const replacement = python && ctx.prev?.code.trimEnd().endsWith(':') ? 'pass' : '';
  ctx.push(from, to, replacement, 'remove-call', 'removed-call', `call "${quote(text.slice(from, to))}" removed: its effect no longer happens`);
}

function negateCondition(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  const d = ctx.syntax.dialect;
  let from = -1;
  let to = -1;
  if (d === 'python') {
    const m = /^(\s*(?:if|elif|while)\s+)(.+?):\s*$/.exec(code);
    if (m) [from, to] = [(m[1] ?? '').length, (m[1] ?? '').length + (m[2] ?? '').length];
  } else if (d === 'go' || d === 'rust' || d === 'swift') {
    const m = /^(\s*(?:\}\s*else\s+)?(?:if|while|for)\s+)(.+?)\s*\{\s*$/.exec(code);
    const cond = m?.[2] ?? '';
    if (m && !/;|:=|\brange\b|^(?:let|var)\b|\bin\b|^\s*$/.test(cond) && !(d === 'go' && /^\s*for\s+\w+\s*$/.test(code))) {
      [from, to] = [(m[1] ?? '').length, (m[1] ?? '').length + cond.length];
    }
  } else if (d === 'ruby') {
    const m = /^(\s*(?:if|elsif|unless|while|until)\s+)(.+?)(?:\s+then)?\s*$/.exec(code);
    if (m) [from, to] = [(m[1] ?? '').length, (m[1] ?? '').length + (m[2] ?? '').length];
  } else {
    const m = /\b(?:if|while)\s*\(/.exec(code);
    if (m) {
      const open = m.index + m[0].length - 1;
      const close = closingBracket(code, open);
      if (close > open + 1) [from, to] = [open + 1, close];
    }
  }
  if (from < 0 || !balanced(code.slice(from, to))) return;
  const cond = text.slice(from, to);
  const negated = negateCode(cond, code.slice(from, to), d === 'python');
  ctx.push(from, to, negated, 'negate-condition', 'logic-inversion', `condition negated ("${quote(cond, 40)}" became "${quote(negated, 40)}"): the branch runs in exactly the wrong cases`);
}

function removeAwait(ctx: LineCtx): void {
  const { code, text } = ctx.line;
  const re = ctx.syntax.dialect === 'rust' ? /\.await\b/g : ctx.syntax.dialect === 'kotlin' ? /\.await\(\)/g : /\bawait\s+/g;
  if (!['python', 'cs', 'swift', 'rust', 'kotlin'].includes(ctx.syntax.dialect)) return;
  for (const m of code.matchAll(re)) {
    ctx.push(m.index, m.index + m[0].length, '', 'remove-await', 'async', `await removed in "${quote(text)}": an unfinished task/future is used instead of its result`);
  }
}

// The part of GitHub Actions' expression language the actions use: context references
// (inputs.x, steps.<id>.outputs.<name>, github.*, runner.*), string literals, == and != (which
// compare strings case-insensitively, as GitHub does), !, && and ||, parentheses, and the status
// functions. Anything else throws, so an action.yml that needs more fails its test loudly.

export type Value = string | boolean;
export interface ExpressionContext {
  lookup(path: string[]): string;
  status: { failed: boolean };
}

const TOKEN = /\s*(?:(&&|\|\||==|!=|!|\(|\))|'((?:[^']|'')*)'|([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*)(\(\))?)/y;

type Token = { op: string } | { literal: string } | { ref: string[] } | { call: string };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    if (/^\s*$/.test(text.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m) throw new Error(`unsupported expression at ${at}: ${text}`);
    if (m[1]) tokens.push({ op: m[1] });
    else if (m[2] !== undefined) tokens.push({ literal: m[2].replaceAll("''", "'") });
    else if (m[4]) tokens.push({ call: m[3]! });
    else if (m[3] === 'true' || m[3] === 'false') tokens.push({ literal: m[3] });
    else tokens.push({ ref: m[3]!.split('.') });
  }
  return tokens;
}

const truthy = (v: Value) => (typeof v === 'boolean' ? v : v !== '');
const text = (v: Value) => String(v).toLowerCase();

export function evaluate(source: string, ctx: ExpressionContext): Value {
  const tokens = tokenize(source);
  let i = 0;
  const isOp = (op: string) => {
    const t = tokens[i];
    return t !== undefined && 'op' in t && t.op === op;
  };
  const primary = (): Value => {
    const t = tokens[i++];
    if (!t) throw new Error(`expression ends early: ${source}`);
    if ('literal' in t) return t.literal;
    if ('ref' in t) return ctx.lookup(t.ref);
    if ('call' in t) {
      if (t.call === 'always') return true;
      if (t.call === 'success') return !ctx.status.failed;
      if (t.call === 'failure') return ctx.status.failed;
      if (t.call === 'cancelled') return false;
      throw new Error(`unsupported function ${t.call}()`);
    }
    if (t.op === '!') return !truthy(primary());
    if (t.op === '(') {
      const value = or();
      if (!isOp(')')) throw new Error(`missing ) in ${source}`);
      i += 1;
      return value;
    }
    throw new Error(`unexpected ${t.op} in ${source}`);
  };
  const comparison = (): Value => {
    const left = primary();
    if (isOp('==') || isOp('!=')) {
      const equal = (tokens[i++] as { op: string }).op === '==';
      return (text(left) === text(primary())) === equal;
    }
    return left;
  };
  const and = (): Value => {
    let value = comparison();
    while (isOp('&&')) {
      i += 1;
      const right = comparison();
      value = truthy(value) ? right : value;
    }
    return value;
  };
  const or = (): Value => {
    let value = and();
    while (isOp('||')) {
      i += 1;
      const right = and();
      value = truthy(value) ? value : right;
    }
    return value;
  };
  const value = or();
  if (i !== tokens.length) throw new Error(`unsupported expression: ${source}`);
  return value;
}

/** Replaces every `${{ expr }}` in a string (what GitHub does in env, with, run, working-directory). */
export function interpolate(template: string, ctx: ExpressionContext): string {
  return template.replace(/\$\{\{(.*?)\}\}/gs, (_, expr: string) => String(evaluate(expr, ctx)));
}

/** An `if:` condition: with or without `${{ }}`; a step with no condition runs on success(). */
export function condition(source: string | undefined, ctx: ExpressionContext): boolean {
  if (source === undefined) return !ctx.status.failed;
  const expr = source.trim().replace(/^\$\{\{(.*)\}\}$/s, '$1');
  const usesStatus = /\b(always|success|failure|cancelled)\(\)/.test(expr);
  const value = truthy(evaluate(expr, ctx));
  // As on GitHub: without a status function, success() && is implied.
  return usesStatus ? value : value && !ctx.status.failed;
}

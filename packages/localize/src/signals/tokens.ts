// A small tokenizer for JS/TS and Python source: names, strings, numbers and punctuation with their
// lines, comments dropped. Localization only needs to tell code from strings and comments (to read
// imports and the calls a test makes), not to parse: loading the TypeScript compiler for that costs
// more CPU (0.6–1.3 s per run) than all the rest of localization. Pure.

export type TokenKind = 'name' | 'string' | 'number' | 'punct' | 'regex';

export interface Token {
  kind: TokenKind;
  /** A string's or template chunk's content (escapes kept as written); otherwise the text. */
  text: string;
  /** 1-based line of the token's first character. */
  line: number;
}

export type Language = 'js' | 'python';

/** After these words a `/` starts a regular expression, not a division. */
const BEFORE_EXPRESSION = new Set(['return', 'typeof', 'instanceof', 'in', 'of', 'new', 'delete', 'void', 'throw', 'case', 'do', 'else', 'yield', 'await']);
const NAME_START = /[A-Za-z_$\u00c0-\uffff]/;
const NAME_PART = /[\w$\u00c0-\uffff]/;
const PUNCT = ['=>', '...', '?.', '::', '**'];

/** The tokens of `text`; never throws (unterminated strings, regexes and comments end the line or the text). */
export function tokenize(text: string, language: Language = 'js'): Token[] {
  return new Scanner(text, language).run();
}

class Scanner {
  private i = 0;
  private line = 1;
  private readonly out: Token[] = [];
  /** Open `${` of template literals: the brace depth at which each one closes. */
  private readonly templates: number[] = [];
  private braces = 0;

  constructor(
    private readonly s: string,
    private readonly language: Language,
  ) {}

  run(): Token[] {
    if (this.s.startsWith('#!')) this.skipLine();
    while (this.i < this.s.length) this.step();
    return this.out;
  }

  private step(): void {
    const { s } = this;
    const c = s[this.i]!;
    if (c === '\n') {
      this.line++;
      this.i++;
    } else if (c === ' ' || c === '\t' || c === '\r') this.i++;
    else if (this.language === 'python' ? c === '#' : s.startsWith('//', this.i)) this.skipLine();
    else if (this.language === 'js' && s.startsWith('/*', this.i)) this.skipBlockComment();
    else if (c === '"' || c === "'") this.string(c);
    else if (c === '`' && this.language === 'js') this.template();
    else if (this.language === 'js' && c === '}' && this.templates.at(-1) === this.braces) {
      this.templates.pop();
      this.template();
    } else if (NAME_START.test(c)) this.name();
    else if (/\d/.test(c)) this.number();
    else if (c === '/' && this.language === 'js' && this.regexAllowed()) this.regex();
    else this.punct(c);
  }

  private push(kind: TokenKind, text: string, line = this.line): void {
    this.out.push({ kind, text, line });
  }

  private skipLine(): void {
    const end = this.s.indexOf('\n', this.i);
    this.i = end < 0 ? this.s.length : end;
  }

  private skipBlockComment(): void {
    const end = this.s.indexOf('*/', this.i + 2);
    const stop = end < 0 ? this.s.length : end + 2;
    this.line += countNewlines(this.s, this.i, stop);
    this.i = stop;
  }

  /** A quoted string; Python's triple quotes may span lines, others end at the line's end. */
  private string(quote: string): void {
    const { s } = this;
    const line = this.line;
    if (this.language === 'python' && s.startsWith(quote.repeat(3), this.i)) {
      const end = s.indexOf(quote.repeat(3), this.i + 3);
      const stop = end < 0 ? s.length : end + 3;
      this.push('string', s.slice(this.i + 3, end < 0 ? s.length : end), line);
      this.line += countNewlines(s, this.i, stop);
      this.i = stop;
      return;
    }
    let j = this.i + 1;
    while (j < s.length && s[j] !== quote && s[j] !== '\n') j += s[j] === '\\' ? 2 : 1;
    this.push('string', s.slice(this.i + 1, Math.min(j, s.length)), line);
    this.i = s[j] === quote ? j + 1 : j;
  }

  /** A template literal chunk, from a backtick or the `}` closing a `${`, up to the next `${` or backtick. */
  private template(): void {
    const { s } = this;
    const line = this.line;
    let j = this.i + 1;
    while (j < s.length && s[j] !== '`' && !(s[j] === '$' && s[j + 1] === '{')) j += s[j] === '\\' ? 2 : 1;
    this.push('string', s.slice(this.i + 1, Math.min(j, s.length)), line);
    this.line += countNewlines(s, this.i, Math.min(j, s.length));
    if (s[j] === '$') {
      this.templates.push(this.braces);
      this.i = j + 2;
    } else this.i = j + 1;
  }

  private name(): void {
    let j = this.i + 1;
    while (j < this.s.length && NAME_PART.test(this.s[j]!)) j++;
    // Python's string prefixes: f'...', rb"..."
    if (this.language === 'python' && j - this.i <= 2 && /^[rbfuRBFU]+$/.test(this.s.slice(this.i, j)) && (this.s[j] === '"' || this.s[j] === "'")) {
      this.i = j;
      this.string(this.s[j]!);
      return;
    }
    this.push('name', this.s.slice(this.i, j));
    this.i = j;
  }

  private number(): void {
    let j = this.i + 1;
    while (j < this.s.length && /[\w.]/.test(this.s[j]!)) j++;
    this.push('number', this.s.slice(this.i, j));
    this.i = j;
  }

  /** A `/` starts a regex after an operator, an opening bracket, a comma, a keyword, or at the start. */
  private regexAllowed(): boolean {
    const prev = this.out.at(-1);
    if (!prev) return true;
    if (prev.kind === 'name') return BEFORE_EXPRESSION.has(prev.text);
    if (prev.kind === 'punct') return !/^[)\]}]$/.test(prev.text);
    return false;
  }

  /** A regex literal up to its unescaped closing `/` outside a class; at a line's end it was a division. */
  private regex(): void {
    const { s } = this;
    let j = this.i + 1;
    let inClass = false;
    while (j < s.length && s[j] !== '\n') {
      const ch = s[j];
      if (ch === '/' && !inClass) break;
      if (ch === '[') inClass = true;
      else if (ch === ']') inClass = false;
      j += ch === '\\' ? 2 : 1;
    }
    if (s[j] !== '/') {
      this.punct('/');
      return;
    }
    j++;
    while (j < s.length && /[a-z]/i.test(s[j]!)) j++;
    this.push('regex', s.slice(this.i, j));
    this.i = j;
  }

  private punct(c: string): void {
    const long = PUNCT.find((p) => this.s.startsWith(p, this.i));
    const text = long ?? c;
    if (text === '{') this.braces++;
    else if (text === '}') this.braces--;
    this.push('punct', text);
    this.i += text.length;
  }
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let k = from; k < to; k++) if (s.charCodeAt(k) === 10) n++;
  return n;
}

/** For every opening bracket's index, the index of its closing one (unbalanced ones are left out). */
export function matchBrackets(tokens: readonly Token[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const open: number[] = [];
  const closing: Record<string, string> = { ')': '(', ']': '[', '}': '{' };
  tokens.forEach((t, k) => {
    if (t.kind !== 'punct') return;
    if (t.text === '(' || t.text === '[' || t.text === '{') open.push(k);
    else if (closing[t.text]) {
      // A closer without its opener is stray; openers left unclosed inside the pair are dropped.
      let at = open.length - 1;
      while (at >= 0 && tokens[open[at]!]!.text !== closing[t.text]) at--;
      if (at < 0) return;
      pairs.set(open[at]!, k);
      open.length = at;
    }
  });
  return pairs;
}

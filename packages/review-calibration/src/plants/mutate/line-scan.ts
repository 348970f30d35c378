// Lexing just enough of Python, Go, Java, Rust and C-like languages to mutate them line by
// line: each line gets a "code" view of equal length in which comments are blanked to spaces
// and string contents to NUL, so operator regexes never fire inside a comment or a string.

import { lineStarts, lineText } from './locate.js';
import type { MutantLanguage } from './types.js';

export type Dialect = 'python' | 'go' | 'java' | 'rust' | 'c' | 'cs' | 'kotlin' | 'swift' | 'php' | 'ruby';

export interface LineSyntax {
  language: MutantLanguage;
  dialect: Dialect;
  lineComments: readonly string[];
  block?: readonly [string, string];
  /** `'` delimits a one-character literal (Go, Java, Rust, C…) rather than a string. */
  charQuote: boolean;
  /** Opening delimiters of strings that may run over several lines, and their closers. */
  longStrings: ReadonlyArray<readonly [open: string, close: string, escapes: boolean]>;
  /** Statements end with `;` (a call statement without one is a tail expression or a continuation). */
  semicolons: boolean;
  /** The literal a wrong `return` falls back to. */
  nothing: string | undefined;
  trueFalse: readonly [string, string];
}

const C_COMMENTS = { lineComments: ['//'], block: ['/*', '*/'] } as const;

const SYNTAX: Record<Dialect, LineSyntax> = {
  python: { language: 'python', dialect: 'python', lineComments: ['#'], charQuote: false, longStrings: [['"""', '"""', true], ["'''", "'''", true]], semicolons: false, nothing: 'None', trueFalse: ['True', 'False'] },
  go: { language: 'go', dialect: 'go', ...C_COMMENTS, charQuote: true, longStrings: [['`', '`', false]], semicolons: false, nothing: undefined, trueFalse: ['true', 'false'] },
  java: { language: 'java', dialect: 'java', ...C_COMMENTS, charQuote: true, longStrings: [['"""', '"""', true]], semicolons: true, nothing: 'null', trueFalse: ['true', 'false'] },
  rust: { language: 'rust', dialect: 'rust', ...C_COMMENTS, charQuote: true, longStrings: [], semicolons: true, nothing: undefined, trueFalse: ['true', 'false'] },
  c: { language: 'c-like', dialect: 'c', ...C_COMMENTS, charQuote: true, longStrings: [], semicolons: true, nothing: '0', trueFalse: ['true', 'false'] },
  cs: { language: 'c-like', dialect: 'cs', ...C_COMMENTS, charQuote: true, longStrings: [['@"', '"', false]], semicolons: true, nothing: 'null', trueFalse: ['true', 'false'] },
  kotlin: { language: 'c-like', dialect: 'kotlin', ...C_COMMENTS, charQuote: true, longStrings: [['"""', '"""', false]], semicolons: false, nothing: 'null', trueFalse: ['true', 'false'] },
  swift: { language: 'c-like', dialect: 'swift', ...C_COMMENTS, charQuote: false, longStrings: [['"""', '"""', true]], semicolons: false, nothing: 'nil', trueFalse: ['true', 'false'] },
  php: { language: 'c-like', dialect: 'php', lineComments: ['//', '#'], block: ['/*', '*/'], charQuote: false, longStrings: [], semicolons: true, nothing: 'null', trueFalse: ['true', 'false'] },
  ruby: { language: 'c-like', dialect: 'ruby', lineComments: ['#'], charQuote: false, longStrings: [], semicolons: false, nothing: 'nil', trueFalse: ['true', 'false'] },
};

const BY_EXTENSION: Record<string, Dialect> = {
  py: 'python', go: 'go', java: 'java', rs: 'rust',
  c: 'c', h: 'c', cc: 'c', cpp: 'c', cxx: 'c', hpp: 'c', hh: 'c',
  cs: 'cs', kt: 'kotlin', kts: 'kotlin', swift: 'swift', php: 'php', rb: 'ruby',
};

export function lineSyntaxOf(file: string): LineSyntax | undefined {
  const ext = /\.([^./\\]+)$/.exec(file)?.[1]?.toLowerCase();
  const dialect = ext === undefined ? undefined : BY_EXTENSION[ext];
  return dialect === undefined ? undefined : SYNTAX[dialect];
}

export interface StringToken {
  /** Line-relative offsets: the opening quote, and just past the closing one. */
  start: number;
  end: number;
  quote: string;
}

export interface ScannedLine {
  index: number;
  /** Offset of the line's first character in the whole content. */
  offset: number;
  text: string;
  code: string;
  /** Ordinary one-line strings ("…" or '…'), the only ones the string operator touches. */
  strings: StringToken[];
  /** The line begins inside a multi-line string or comment. */
  continues: boolean;
}

type State =
  | { kind: 'code' }
  | { kind: 'block'; close: string }
  | { kind: 'string'; close: string; escapes: boolean; long: boolean; openedAt: number };

export function scanLines(content: string, syntax: LineSyntax): ScannedLine[] {
  const starts = lineStarts(content);
  const out: ScannedLine[] = [];
  let state: State = { kind: 'code' };
  for (let index = 0; index < starts.length; index++) {
    const text = lineText(content, starts, index);
    const code = text.split('');
    const strings: StringToken[] = [];
    const continues = state.kind !== 'code';
    const blank = (from: number, to: number, ch: string): void => {
      for (let k = from; k < to; k++) code[k] = ch;
    };
    let i = 0;
    while (i < text.length) {
      if (state.kind === 'block') {
        const end = text.indexOf(state.close, i);
        const stop = end === -1 ? text.length : end + state.close.length;
        blank(i, stop, ' ');
        i = stop;
        if (end !== -1) state = { kind: 'code' };
        continue;
      }
      if (state.kind === 'string') {
        if (state.escapes && text[i] === '\\') {
          blank(i, Math.min(i + 2, text.length), '\0');
          i += 2;
        } else if (text.startsWith(state.close, i)) {
          i += state.close.length;
          if (!state.long && state.openedAt >= 0) strings.push({ start: state.openedAt, end: i, quote: state.close });
          state = { kind: 'code' };
        } else {
          code[i] = '\0';
          i++;
        }
        continue;
      }
      const rest = text.slice(i);
      if (syntax.lineComments.some((c) => rest.startsWith(c))) {
        blank(i, text.length, ' ');
        break;
      }
      if (syntax.block && rest.startsWith(syntax.block[0])) {
        blank(i, i + syntax.block[0].length, ' ');
        i += syntax.block[0].length;
        state = { kind: 'block', close: syntax.block[1] };
        continue;
      }
      const rawRust = syntax.dialect === 'rust' ? /^r(#*)"/.exec(rest) : null;
      const long = syntax.longStrings.find(([open]) => rest.startsWith(open));
      if (rawRust && !/\w/.test(text[i - 1] ?? '')) {
        i += rawRust[0].length;
        state = { kind: 'string', close: `"${rawRust[1] ?? ''}`, escapes: false, long: true, openedAt: -1 };
      } else if (long) {
        i += long[0].length;
        state = { kind: 'string', close: long[1], escapes: long[2], long: true, openedAt: -1 };
      } else if (text[i] === "'" && syntax.charQuote) {
        const lit = /^'(?:\\.[^'\s]{0,9}|[^\\'])'/.exec(rest);
        if (lit) blank(i + 1, i + lit[0].length - 1, '\0');
        i += lit ? lit[0].length : 1;
      } else if (text[i] === '"' || text[i] === "'") {
        const q = text[i] ?? '"';
        // Rust strings may span lines; elsewhere an unterminated quote ends with its line.
        state = { kind: 'string', close: q, escapes: true, long: false, openedAt: i };
        i++;
      } else {
        i++;
      }
    }
    if (state.kind === 'string' && !state.long && syntax.dialect !== 'rust') state = { kind: 'code' };
    else if (state.kind === 'string') state = { ...state, openedAt: -1 };
    out.push({ index, offset: starts[index] ?? 0, text, code: code.join(''), strings, continues });
  }
  return out;
}

/** Brackets in a code view are balanced (the statement is complete on this line). */
export function balanced(code: string): boolean {
  let depth = 0;
  for (const ch of code) {
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth--;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** Index of the bracket closing the one at `open`, or -1 when it closes on another line. */
export function closingBracket(code: string, open: number): number {
  const opener = code[open];
  const closer = opener === '(' ? ')' : opener === '[' ? ']' : '}';
  let depth = 0;
  for (let k = open; k < code.length; k++) {
    if (code[k] === opener) depth++;
    else if (code[k] === closer && --depth === 0) return k;
  }
  return -1;
}

/** Leading whitespace width, for Python's block structure. */
export function indentOf(text: string): number {
  return /^[ \t]*/.exec(text)?.[0].length ?? 0;
}

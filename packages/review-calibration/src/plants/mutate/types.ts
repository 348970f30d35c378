// Shared shapes of the mutation engine: the public Mutant, and the internal Edit an operator
// proposes before it is located on a line, validated and given an id.

export type BugCategory =
  | 'off-by-one'
  | 'logic-inversion'
  | 'null-handling'
  | 'arithmetic'
  | 'return-value'
  | 'exception-handling'
  | 'async'
  | 'update-assignment'
  | 'removed-call'
  | 'string-literal'
  | 'swapped-arguments'
  | 'wrong-identifier'
  | 'numeric-literal';

export type MutantLanguage = 'js' | 'python' | 'go' | 'java' | 'rust' | 'c-like';

export interface Mutant {
  /** Stable: `${file}:${line}:${column}:${operator}`, plus `#n` when one operator makes several edits at one place. */
  id: string;
  /** The path exactly as the caller gave it. */
  file: string;
  /** 1-based line of the change. */
  line: number;
  /** 1-based column where the replaced span starts. */
  column: number;
  /** Character offsets of the replaced span in the original content. */
  start: number;
  end: number;
  /** Text replacing `content.slice(start, end)`. */
  replacement: string;
  /** `content.slice(start, end)` when the mutant was made; applying checks it still reads so. */
  originalText: string;
  /** Kebab-case operator id, e.g. `invert-comparison`. */
  operator: string;
  category: BugCategory;
  /** The defect in words, as a reviewer would be expected to describe it. */
  description: string;
  /** The whole original line, without its line break. */
  original: string;
  /** The whole line as it reads after applying, without its line break. */
  mutated: string;
  language: MutantLanguage;
}

/** What an operator proposes: a one-line replacement in the original content. */
export interface Edit {
  start: number;
  end: number;
  replacement: string;
  operator: string;
  category: BugCategory;
  description: string;
}

/** Shortens code quoted inside a description so descriptions stay one readable line. */
export function quote(code: string, max = 60): string {
  const flat = code.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** Words for people ("Usage:", "not found"): recasing them is no bug a reviewer should report. */
export function isDisplayText(body: string): boolean {
  return /^[A-Za-z]/.test(body) && (/\s/.test(body) || /[:.!?]$/.test(body));
}

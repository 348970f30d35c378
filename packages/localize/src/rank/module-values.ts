// Values a module defines at its top level (a regular expression, a table, a constant) run once, at
// load, for every test alike: their lines are no called function's, so coverage gave a bug in one
// nothing to go on. What the failing run did with such a value is use it, in a called function of a
// file that imports the module. So a module's top-level value definition counts as executed inside a
// called function in each execution where a called line of an importing file names it: the same
// rule for failing and passing executions, so Ochiai weighs it like any other line. Pure.

import type { Execution, FileLines } from './spectrum.js';
import { tokenize, type Token } from '../signals/tokens.js';

export interface ModuleValueContext {
  /** The text of a repository file, or null. */
  text: (file: string) => string | null | undefined;
  /** The repository files a file imports. */
  importsOf: (file: string) => readonly string[];
}

/** The top-level non-function values of a module: name → the line of its definition. */
export function topLevelValues(tokens: readonly Token[]): Map<string, number> {
  const values = new Map<string, number>();
  let depth = 0;
  tokens.forEach((t, k) => {
    if (t.kind === 'punct' && ['(', '[', '{'].includes(t.text)) depth++;
    else if (t.kind === 'punct' && [')', ']', '}'].includes(t.text)) depth = Math.max(0, depth - 1);
    if (depth !== 0 || t.kind !== 'name') return;
    // `const NAME = value`, `exports.NAME = value`, `module.exports.NAME = value`
    let name: Token | undefined;
    let eq = -1;
    if (['const', 'let', 'var'].includes(t.text) && tokens[k + 1]?.kind === 'name' && tokens[k + 2]?.text === '=') {
      name = tokens[k + 1];
      eq = k + 2;
    } else if (t.text === 'exports' && tokens[k - 1]?.text !== '.' && tokens[k + 1]?.text === '.' && tokens[k + 2]?.kind === 'name' && tokens[k + 3]?.text === '=') {
      name = tokens[k + 2];
      eq = k + 3;
    }
    if (!name || eq < 0 || isFunctionValue(tokens, eq + 1)) return;
    if (!values.has(name.text)) values.set(name.text, name.line);
  });
  return values;
}

/** A function, a class, a require/import, or a call's result (a factory's product is code too): no value of the module's own. */
function isFunctionValue(tokens: readonly Token[], k: number): boolean {
  const t = tokens[k];
  if (!t) return true;
  if (t.kind === 'regex' || t.kind === 'string' || t.kind === 'number') return false;
  if (['function', 'class', 'async', 'require', 'import', 'await'].includes(t.text)) return true;
  if (t.text === '(') return true; // an arrow's parameters, or a parenthesized call
  if (t.kind === 'name' && tokens[k + 1]?.text === '=>') return true;
  return t.kind === 'name' && tokens[k + 1]?.text === '(' && t.text !== 'new'; // a call's result
}

/**
 * The executions, each with the top-level values of the modules it loaded counted as called lines
 * where a called line of an importing file names them. Executions are copied where they change.
 */
export function withModuleValues(executions: readonly Execution[], ctx: ModuleValueContext): Execution[] {
  const tokensOf = new Map<string, Token[]>();
  const tokens = (file: string) => {
    if (!tokensOf.has(file)) tokensOf.set(file, tokenize(ctx.text(file) ?? '', 'js'));
    return tokensOf.get(file)!;
  };
  const valuesOf = new Map<string, Map<string, number>>();
  const values = (file: string) => {
    if (!valuesOf.has(file)) valuesOf.set(file, /\.[cm]?[jt]sx?$/.test(file) ? topLevelValues(tokens(file)) : new Map());
    return valuesOf.get(file)!;
  };
  return executions.map((execution) => {
    const added = new Map<string, Map<number, string>>();
    for (const [file, lines] of execution) {
      if (lines.called.size === 0 || !/\.[cm]?[jt]sx?$/.test(file)) continue;
      const named = new Set(tokens(file).filter((t) => t.kind === 'name' && lines.called.has(t.line)).map((t) => t.text));
      for (const imported of ctx.importsOf(file)) {
        const loaded = execution.get(imported);
        if (!loaded) continue;
        for (const [name, line] of values(imported)) {
          if (!named.has(name) || !loaded.executed.has(line) || loaded.called.has(line)) continue;
          if (!added.has(imported)) added.set(imported, new Map());
          added.get(imported)!.set(line, name);
        }
      }
    }
    if (added.size === 0) return execution;
    const copy: Execution = new Map(execution);
    for (const [file, lines] of added) {
      const before = execution.get(file)!;
      const after: FileLines = { executed: before.executed, called: new Map(before.called), functionNames: new Map(before.functionNames) };
      for (const [line, name] of lines) {
        after.called.set(line, line);
        after.functionNames.set(line, name);
      }
      copy.set(file, after);
    }
    return copy;
  });
}

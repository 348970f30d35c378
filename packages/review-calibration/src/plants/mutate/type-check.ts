// Which mutants of a TypeScript file the type checker rejects. A plant that `tsc` already refuses
// is no bug a reviewer needs to find (the build catches it), so callers drop such plants.
//
// The rule, chosen to be sound (never reject a mutant the project's own build would accept):
// the file is checked as the project checks it (the nearest tsconfig.json's options, its imports
// resolved from disk), once as it is and once with the mutant alone applied; the mutant is rejected
// when its own line then has more type errors of some code than the original line has. Errors
// elsewhere in the file are never held against it. Without a tsconfig.json the options are
// non-strict, so an error that only strict settings would raise never rejects a mutant; an import
// that does not resolve types as `any`, which can hide an error but never invent one.

import path from 'node:path';
import type ts from 'typescript';
import { loadTypeScript } from '@adlc/core';
import { applyMutant } from './apply.js';
import type { Mutant } from './types.js';

export interface MutantTypeChecker {
  /** The file with this mutant alone applied has a type error on the mutant's line that the original line has not. */
  rejects(mutant: Mutant): boolean;
}

/** `.ts`, `.tsx`, `.mts`, `.cts`, but not declaration files. */
export function isTypeScriptSource(file: string): boolean {
  return /\.(?:ts|tsx|mts|cts)$/i.test(file) && !/\.d\.[cm]?ts$/i.test(file);
}

/**
 * A checker for one file: `file` is its path on disk (where imports and tsconfig.json are looked
 * up), `content` the text its mutants were made from. Undefined for files that are not TypeScript.
 * The program is built on the first question, so a checker nobody asks costs nothing; later
 * questions reuse every other file it parsed (libraries, imports) and re-check only this one.
 */
export async function mutantTypeChecker(file: string, content: string): Promise<MutantTypeChecker | undefined> {
  if (!isTypeScriptSource(file)) return undefined;
  const tsApi = await loadTypeScript();
  const fileName = path.resolve(file).split(path.sep).join('/');
  let state: { host: ReturnType<typeof cachingHost>; options: ts.CompilerOptions; program: ts.Program; original: LineErrors } | undefined;
  const start = () => {
    const options = compilerOptions(tsApi, fileName);
    const host = cachingHost(tsApi, options, fileName, content);
    const program = tsApi.createProgram({ rootNames: [fileName], options, host });
    return { host, options, program, original: errorsByLine(tsApi, program, fileName) };
  };
  return {
    rejects(mutant) {
      state ??= start();
      state.host.setContent(applyMutant(content, mutant));
      state.program = tsApi.createProgram({ rootNames: [fileName], options: state.options, host: state.host, oldProgram: state.program });
      const mutated = errorsByLine(tsApi, state.program, fileName);
      return hasNewError(state.original.get(mutant.line), mutated.get(mutant.line));
    },
  };
}

/** Per 1-based line: how many type errors of each code the file has there. */
type LineErrors = Map<number, Map<number, number>>;

const OVERRIDES: ts.CompilerOptions = { noEmit: true, incremental: false, composite: false, declaration: false, declarationMap: false, sourceMap: false };

function compilerOptions(tsApi: typeof ts, fileName: string): ts.CompilerOptions {
  const config = tsApi.findConfigFile(path.posix.dirname(fileName), tsApi.sys.fileExists);
  if (config) {
    const parsed = tsApi.getParsedCommandLineOfConfigFile(config, undefined, {
      ...tsApi.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    });
    if (parsed) return { ...parsed.options, ...OVERRIDES };
  }
  // No project settings: lenient ones, and no DOM or @types (a missing declaration can only hide
  // an error, and parsing them would triple the cost).
  return {
    target: tsApi.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts'],
    types: [],
    module: tsApi.ModuleKind.ESNext,
    moduleResolution: tsApi.ModuleResolutionKind.Bundler,
    jsx: tsApi.JsxEmit.Preserve,
    strict: false,
    ...OVERRIDES,
  };
}

/** A compiler host that serves the checked file from memory and parses every other file once. */
function cachingHost(tsApi: typeof ts, options: ts.CompilerOptions, fileName: string, initial: string): ts.CompilerHost & { setContent(text: string): void } {
  const base = tsApi.createCompilerHost(options, true);
  const parsed = new Map<string, ts.SourceFile | undefined>();
  let text = initial;
  const isTarget = (name: string) => name === fileName;
  return {
    ...base,
    // Relative settings (type roots) start from the file, not from wherever the tool runs.
    getCurrentDirectory: () => path.posix.dirname(options.configFilePath === undefined ? fileName : String(options.configFilePath)),
    setContent(next) {
      text = next;
    },
    fileExists: (name) => isTarget(name) || base.fileExists(name),
    readFile: (name) => (isTarget(name) ? text : base.readFile(name)),
    getSourceFile(name, languageVersion, onError, shouldCreate) {
      if (isTarget(name)) return tsApi.createSourceFile(name, text, languageVersion, true);
      const key = `${name}\0${typeof languageVersion === 'object' ? JSON.stringify(languageVersion) : languageVersion}`;
      if (!parsed.has(key)) parsed.set(key, base.getSourceFile(name, languageVersion, onError, shouldCreate));
      return parsed.get(key);
    },
  };
}

function errorsByLine(tsApi: typeof ts, program: ts.Program, fileName: string): LineErrors {
  const sf = program.getSourceFile(fileName);
  const out: LineErrors = new Map();
  if (!sf) return out;
  for (const d of program.getSemanticDiagnostics(sf)) {
    if (d.category !== tsApi.DiagnosticCategory.Error || d.start === undefined) continue;
    const line = sf.getLineAndCharacterOfPosition(d.start).line + 1;
    const codes = out.get(line) ?? new Map<number, number>();
    codes.set(d.code, (codes.get(d.code) ?? 0) + 1);
    out.set(line, codes);
  }
  return out;
}

function hasNewError(before: ReadonlyMap<number, number> | undefined, after: ReadonlyMap<number, number> | undefined): boolean {
  for (const [code, n] of after ?? []) if (n > (before?.get(code) ?? 0)) return true;
  return false;
}

// What a file imports, resolved to repository files: JS/TS from its tokens (import, export-from,
// import(), require()), Python through its import statements. Imports of dependencies are not
// followed: they are never candidates.

import path from 'node:path';
import { tokenize, type Token } from './tokens.js';

export interface ResolveContext {
  /** Repository-relative paths that exist. */
  files: ReadonlySet<string>;
  /** The repository's package name: a test may require the package by its own name. */
  packageName: string | undefined;
  /** `main` of the package.json in a repository directory ('' = root), if any. */
  mainOf(dir: string): string | undefined;
}

const JS_FILE = /\.(?:[cm]?[jt]sx?)$/;
const JS_EXTENSIONS = ['.js', '.cjs', '.mjs', '.ts', '.tsx', '.mts', '.cts', '.jsx', '.json'];
/** TypeScript sources import their siblings by the name they will have once compiled. */
const COMPILED_TO_SOURCE: Array<[RegExp, string[]]> = [[/\.js$/, ['.ts', '.tsx']], [/\.mjs$/, ['.mts']], [/\.cjs$/, ['.cts']]];

/** The repository files `file` imports (deduplicated, in source order). */
export function importsOf(file: string, text: string, ctx: ResolveContext): string[] {
  const found = file.endsWith('.py') ? pythonImports(file, text, ctx) : JS_FILE.test(file) ? jsImports(file, text, ctx) : [];
  return [...new Set(found.filter((f) => f !== file))];
}

function jsImports(file: string, text: string, ctx: ResolveContext): string[] {
  return jsSpecifiers(tokenize(text)).map((specifier) => resolveJs(file, specifier, ctx)).filter((f): f is string => f !== null);
}

/**
 * Module specifiers in source order: `require('x')`, `import('x')`, `import 'x'`, `import … from 'x'`,
 * `export … from 'x'`, and AMD's `define(['x', ...], factory)`.
 */
export function jsSpecifiers(tokens: readonly Token[]): string[] {
  const found: string[] = [];
  const is = (k: number, text: string) => tokens[k]?.kind !== 'string' && tokens[k]?.text === text;
  tokens.forEach((t, k) => {
    if (t.kind !== 'name' || is(k - 1, '.')) return;
    const next = tokens[k + 1];
    if ((t.text === 'require' || t.text === 'import') && is(k + 1, '(') && tokens[k + 2]?.kind === 'string' && is(k + 3, ')')) {
      found.push(tokens[k + 2]!.text);
    } else if (t.text === 'import' && next?.kind === 'string') {
      found.push(next.text);
    } else if (t.text === 'define' && is(k + 1, '(')) {
      found.push(...amdDependencies(tokens, k + 2));
    } else if (t.text === 'import' || t.text === 'export') {
      const from = fromClause(tokens, k + 1);
      if (from !== null) found.push(from);
    }
  });
  return found;
}

/** The strings of `define([...])` or `define('name', [...])` from the token after its `(`. */
function amdDependencies(tokens: readonly Token[], k: number): string[] {
  let j = tokens[k]?.kind === 'string' && tokens[k + 1]?.text === ',' ? k + 2 : k;
  if (tokens[j]?.kind !== 'punct' || tokens[j]!.text !== '[') return [];
  const found: string[] = [];
  for (j++; tokens[j]?.kind === 'string'; j += 2) {
    found.push(tokens[j]!.text);
    if (tokens[j + 1]?.text !== ',') break;
  }
  return found;
}

/** The string after `from` when the tokens from `k` are an import or export clause (`{ a as b }`, `* as n`, `x, {y}`, `type`). */
function fromClause(tokens: readonly Token[], k: number): string | null {
  for (let j = k; j < tokens.length && j < k + 200; j++) {
    const t = tokens[j]!;
    if (t.kind === 'name' && t.text === 'from' && tokens[j + 1]?.kind === 'string') return tokens[j + 1]!.text;
    if (t.kind === 'name' || (t.kind === 'punct' && /^[{},*]$/.test(t.text))) continue;
    return null;
  }
  return null;
}

/** A specifier as Node would resolve it within the repository; null for dependencies and misses. */
export function resolveJs(from: string, specifier: string, ctx: ResolveContext): string | null {
  let base: string;
  if (specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../')) {
    base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  } else if (ctx.packageName && (specifier === ctx.packageName || specifier.startsWith(`${ctx.packageName}/`))) {
    base = specifier === ctx.packageName ? '.' : specifier.slice(ctx.packageName.length + 1);
  } else {
    return null;
  }
  if (base === '..' || base.startsWith('../')) return null;
  return resolveFile(base === '.' ? '' : base, ctx) ?? resolveDirectory(base === '.' ? '' : base, ctx);
}

function resolveFile(base: string, ctx: ResolveContext): string | null {
  if (base === '') return null;
  if (ctx.files.has(base)) return base;
  for (const ext of JS_EXTENSIONS) if (ctx.files.has(base + ext)) return base + ext;
  for (const [compiled, sources] of COMPILED_TO_SOURCE) {
    if (!compiled.test(base)) continue;
    for (const ext of sources) {
      const source = base.replace(compiled, ext);
      if (ctx.files.has(source)) return source;
    }
  }
  return null;
}

function resolveDirectory(dir: string, ctx: ResolveContext): string | null {
  const main = ctx.mainOf(dir);
  const join = (name: string) => (dir === '' ? name : `${dir}/${name}`);
  if (main) {
    const entry = path.posix.normalize(join(main)).replace(/\/$/, '');
    const found = resolveFile(entry, ctx) ?? (entry !== dir ? resolveDirectory(entry, ctx) : null);
    if (found) return found;
  }
  return resolveFile(join('index'), ctx);
}

interface PythonImport {
  /** Leading dots of a relative import. */
  level: number;
  module: string;
  names: string[];
}

/** `import a.b as c, d` and `from ..a import (b, c)`, one per statement start. */
export function pythonImportStatements(text: string): PythonImport[] {
  const found: PythonImport[] = [];
  for (const line of text.split('\n')) {
    const plain = /^\s*import\s+(.+)$/.exec(line);
    if (plain) {
      for (const part of plain[1]!.split(',')) {
        const module = part.trim().split(/\s+/)[0] ?? '';
        if (/^[\w.]+$/.test(module)) found.push({ level: 0, module, names: [] });
      }
      continue;
    }
    const from = /^\s*from\s+(\.*)([\w.]*)\s+import\s+(.+)$/.exec(line);
    if (!from) continue;
    const names = from[3]!.replace(/[()\\]/g, ' ').split(',').map((n) => n.trim().split(/\s+/)[0] ?? '').filter((n) => /^\w+$/.test(n));
    found.push({ level: from[1]!.length, module: from[2]!, names });
  }
  return found;
}

function pythonImports(file: string, text: string, ctx: ResolveContext): string[] {
  const found: string[] = [];
  for (const statement of pythonImportStatements(text)) {
    const bases = statement.level > 0 ? [relativeBase(file, statement.level)] : ['', 'src', 'lib'];
    for (const base of bases) {
      if (base === null) continue;
      const modulePath = [base, ...statement.module.split('.').filter(Boolean)].filter(Boolean).join('/');
      const module = pythonModule(modulePath, ctx);
      if (module) found.push(module);
      // `from pkg import mod` imports the submodule pkg/mod.py when there is one.
      for (const name of statement.names) {
        const sub = pythonModule([modulePath, name].filter(Boolean).join('/'), ctx);
        if (sub) found.push(sub);
      }
    }
  }
  return found;
}

function relativeBase(file: string, level: number): string | null {
  let dir = path.posix.dirname(file);
  for (let i = 1; i < level; i++) {
    if (dir === '.' || dir === '') return null;
    dir = path.posix.dirname(dir);
  }
  return dir === '.' ? '' : dir;
}

function pythonModule(modulePath: string, ctx: ResolveContext): string | null {
  if (modulePath === '') return null;
  if (ctx.files.has(`${modulePath}.py`)) return `${modulePath}.py`;
  if (ctx.files.has(`${modulePath}/__init__.py`)) return `${modulePath}/__init__.py`;
  return null;
}

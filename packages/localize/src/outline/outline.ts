// A file's outline, for a model that picks among ranked files without reading them whole: its path,
// the names it exports with their signatures, and the functions (with their lines) the failing run
// executed in it. JS/TS through the TypeScript compiler's parser (ES exports and CommonJS
// `module.exports` / `exports.x`), Python by its top-level `def` and `class` lines. Pure once the
// parser is given; `outlineFiles` loads it.

import { isJsLike, loadTypeScript } from '@adlc/core';
import type ts from 'typescript';

export interface OutlineInput {
  /** Repository-relative, forward slashes. */
  file: string;
  text: string;
  /** Lines the failing run executed in the file (a called function's first line, a stack frame's line). */
  executedLines: readonly number[];
}

export interface OutlineExport {
  name: string;
  /** `name(params)` for a function, `class Name` for a class, else the name. */
  signature: string;
  line: number;
}

export interface ExecutedFunction {
  /** '' when anonymous. */
  name: string;
  start: number;
  end: number;
}

export interface FileOutline {
  file: string;
  lineCount: number;
  exports: OutlineExport[];
  /** The innermost function around each executed line, in line order; module-level lines are `lines`. */
  executed: ExecutedFunction[];
  /** Executed lines outside any function (module level). */
  lines: number[];
}

/** Signatures longer than this are cut. */
const MAX_SIGNATURE = 120;
/** Exports listed per file. */
const MAX_EXPORTS = 30;

/** The outlines of `inputs`, loading the TypeScript parser only when a JS/TS file is among them. */
export async function outlineFiles(inputs: readonly OutlineInput[]): Promise<FileOutline[]> {
  const typescript = inputs.some((i) => isJsLike(i.file)) ? await loadTypeScript().catch(() => undefined) : undefined;
  return inputs.map((input) => outlineFile(input, typescript));
}

export function outlineFile(input: OutlineInput, typescript: typeof ts | undefined): FileOutline {
  const lineCount = input.text === '' ? 0 : input.text.split('\n').length - (input.text.endsWith('\n') ? 1 : 0);
  const shape = isJsLike(input.file) && typescript ? scriptShape(input.file, input.text, typescript) : /\.pyi?$/i.test(input.file) ? pythonShape(input.text) : { exports: [], functions: [] };
  const executed = new Map<string, ExecutedFunction>();
  const lines = new Set<number>();
  for (const line of input.executedLines) {
    const around = innermost(shape.functions, line);
    if (around) executed.set(`${around.start}:${around.end}`, around);
    else lines.add(line);
  }
  return {
    file: input.file,
    lineCount,
    exports: shape.exports.slice(0, MAX_EXPORTS),
    executed: [...executed.values()].sort((a, b) => a.start - b.start),
    lines: [...lines].sort((a, b) => a - b),
  };
}

/** The outline as a prompt shows it. */
export function renderOutline(outline: FileOutline): string {
  const exports = outline.exports.length === 0 ? '(none found)' : outline.exports.map((e) => `${e.signature} [line ${e.line}]`).join('; ');
  const ran = outline.executed.map((f) => `${f.name || '(anonymous)'} (lines ${f.start}-${f.end})`);
  if (outline.lines.length > 0) ran.push(`module-level lines ${outline.lines.join(', ')}`);
  return [`file: ${outline.file} (${outline.lineCount} lines)`, `exports: ${exports}`, `the failing run executed: ${ran.length === 0 ? '(no line recorded)' : ran.join('; ')}`].join('\n');
}

interface Shape {
  exports: OutlineExport[];
  functions: ExecutedFunction[];
}

function innermost(functions: readonly ExecutedFunction[], line: number): ExecutedFunction | undefined {
  let best: ExecutedFunction | undefined;
  for (const f of functions) if (f.start <= line && line <= f.end && (!best || f.end - f.start < best.end - best.start)) best = f;
  return best;
}

function scriptShape(file: string, text: string, typescript: typeof ts): Shape {
  const source = typescript.createSourceFile(file, text, typescript.ScriptTarget.Latest, true);
  const T = typescript;
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const clip = (s: string) => (s.length > MAX_SIGNATURE ? `${s.slice(0, MAX_SIGNATURE - 1)}…` : s);
  const params = (fn: ts.SignatureDeclarationBase) => fn.parameters.map((p) => p.getText(source).replace(/\s+/g, ' ')).join(', ');
  const callable = (node: ts.Node | undefined): ts.SignatureDeclarationBase | undefined =>
    node && (T.isFunctionDeclaration(node) || T.isFunctionExpression(node) || T.isArrowFunction(node) || T.isMethodDeclaration(node)) ? node : undefined;

  // Top-level declarations by name, so `module.exports = { parse }` and `export { parse }` get parse's signature.
  const declared = new Map<string, ts.Node>();
  for (const statement of source.statements) {
    if ((T.isFunctionDeclaration(statement) || T.isClassDeclaration(statement)) && statement.name) declared.set(statement.name.text, statement);
    if (T.isVariableStatement(statement)) for (const d of statement.declarationList.declarations) if (T.isIdentifier(d.name)) declared.set(d.name.text, d.initializer ?? d);
  }
  const describe = (name: string, node: ts.Node | undefined): OutlineExport => {
    const target = node && T.isIdentifier(node) ? declared.get(node.text) : node;
    const fn = callable(target);
    const signature = fn ? `${name}(${params(fn)})` : target && T.isClassDeclaration(target) ? `class ${name}` : name;
    return { name, signature: clip(signature), line: lineOf(target ?? source) };
  };

  const exports: OutlineExport[] = [];
  const exported = (node: ts.Node) => T.canHaveModifiers(node) && (T.getModifiers(node) ?? []).some((m) => m.kind === T.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if ((T.isFunctionDeclaration(statement) || T.isClassDeclaration(statement)) && exported(statement)) {
      const isDefault = (T.getModifiers(statement) ?? []).some((m) => m.kind === T.SyntaxKind.DefaultKeyword);
      const name = statement.name?.text ?? 'default';
      exports.push({ ...describe(name, statement), ...(isDefault && statement.name ? { name: `default ${name}` } : {}) });
    } else if (T.isVariableStatement(statement) && exported(statement)) {
      for (const d of statement.declarationList.declarations) if (T.isIdentifier(d.name)) exports.push(describe(d.name.text, d.initializer ?? d));
    } else if (T.isExportDeclaration(statement) && statement.exportClause && T.isNamedExports(statement.exportClause)) {
      for (const e of statement.exportClause.elements) exports.push(describe(e.name.text, declared.get((e.propertyName ?? e.name).text)));
    } else if (T.isExportAssignment(statement)) {
      exports.push(describe('default', statement.expression));
    } else if (T.isExpressionStatement(statement) && T.isBinaryExpression(statement.expression) && statement.expression.operatorToken.kind === T.SyntaxKind.EqualsToken) {
      exports.push(...commonJsExports(statement.expression, describe, T));
    }
  }

  const functions: ExecutedFunction[] = [];
  const visit = (node: ts.Node): void => {
    const fn = callable(node) ?? (T.isConstructorDeclaration(node) || T.isGetAccessor(node) || T.isSetAccessor(node) ? node : undefined);
    if (fn) {
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      functions.push({ name: functionName(node, T), start: lineOf(node), end });
    }
    T.forEachChild(node, visit);
  };
  visit(source);
  return { exports, functions };
}

/** `module.exports = {...}` / `= name`, `module.exports.x = ...`, `exports.x = ...`. */
function commonJsExports(assignment: ts.BinaryExpression, describe: (name: string, node: ts.Node | undefined) => OutlineExport, T: typeof ts): OutlineExport[] {
  const left = assignment.left.getText().replace(/\s+/g, '');
  const right = assignment.right;
  if (left === 'module.exports') {
    if (T.isObjectLiteralExpression(right)) {
      return right.properties.flatMap((p) => {
        if (T.isShorthandPropertyAssignment(p)) return [describe(p.name.text, p.name)];
        if (T.isPropertyAssignment(p) && (T.isIdentifier(p.name) || T.isStringLiteral(p.name))) return [describe(p.name.text, p.initializer)];
        if (T.isMethodDeclaration(p) && T.isIdentifier(p.name)) return [describe(p.name.text, p)];
        return [];
      });
    }
    return [describe(T.isIdentifier(right) ? right.text : 'module.exports', right)];
  }
  const member = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(left);
  return member ? [describe(member[1]!, right)] : [];
}

function functionName(node: ts.Node, T: typeof ts): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && (T.isIdentifier(named.name) || T.isPrivateIdentifier(named.name) || T.isStringLiteral(named.name))) return named.name.text;
  if (T.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && T.isVariableDeclaration(parent) && T.isIdentifier(parent.name)) return parent.name.text;
  if (parent && T.isPropertyAssignment(parent) && T.isIdentifier(parent.name)) return parent.name.text;
  if (parent && T.isBinaryExpression(parent)) return parent.left.getText().replace(/^(?:module\.)?exports\./, '');
  return '';
}

/** Top-level public `def` and `class` lines; every `def` as a function, to its last line indented deeper. */
function pythonShape(text: string): Shape {
  const lines = text.split(/\r?\n/);
  const indent = (l: string) => l.length - l.trimStart().length;
  const exports: OutlineExport[] = [];
  const functions: ExecutedFunction[] = [];
  for (const [i, l] of lines.entries()) {
    const def = /^(\s*)(?:async\s+)?def\s+(\w+)\s*\(([^)]*)\)?/.exec(l);
    const cls = /^class\s+(\w+)/.exec(l);
    if (cls && !cls[1]!.startsWith('_')) exports.push({ name: cls[1]!, signature: `class ${cls[1]}`, line: i + 1 });
    if (!def) continue;
    if (def[1] === '' && !def[2]!.startsWith('_')) exports.push({ name: def[2]!, signature: `${def[2]}(${def[3]!.replace(/\s+/g, ' ').trim()})`, line: i + 1 });
    let end = i;
    for (let j = i + 1; j < lines.length; j++) {
      if (lines[j]!.trim() === '') continue;
      if (indent(lines[j]!) <= indent(l)) break;
      end = j;
    }
    functions.push({ name: def[2]!, start: i + 1, end: end + 1 });
  }
  return { exports, functions };
}

// Parsing JS/TS with the TypeScript compiler, loaded on first use only: it is several megabytes,
// and the CLIs built on core must start fast even when they never mutate or normalise anything.

import { createRequire } from 'node:module';
import type ts from 'typescript';

let loading: Promise<typeof ts> | undefined;

// Loaded with require, not import(): typescript.js is one CommonJS file of about 9 MB, and an ESM import of
// it first scans the whole file for named exports (cjs-module-lexer). Measured on Node 20 here, median of 5:
// import() about 420 ms, require about 150 ms.
export function loadTypeScript(): Promise<typeof ts> {
  loading ??= Promise.resolve().then(() => createRequire(import.meta.url)('typescript') as typeof ts);
  return loading;
}

/** The script kind for a JS/TS path, or undefined when the path is not JS/TS. */
export function scriptKindOf(tsApi: typeof ts, file: string): ts.ScriptKind | undefined {
  const ext = /\.[^./\\]+$/.exec(file)?.[0].toLowerCase();
  switch (ext) {
    case '.js':
    case '.mjs':
    case '.cjs':
      return tsApi.ScriptKind.JS;
    case '.jsx':
      return tsApi.ScriptKind.JSX;
    case '.ts':
    case '.mts':
    case '.cts':
      return tsApi.ScriptKind.TS;
    case '.tsx':
      return tsApi.ScriptKind.TSX;
    default:
      return undefined;
  }
}

export function isJsLike(file: string): boolean {
  return /\.(?:[cm]?[jt]s|[jt]sx)$/i.test(file);
}

/** Parses with parent pointers; `parseDiagnostics` is internal but is exactly "does it parse". */
export function parseScript(tsApi: typeof ts, file: string, content: string, kind: ts.ScriptKind): ts.SourceFile {
  return tsApi.createSourceFile(file, content, tsApi.ScriptTarget.Latest, true, kind);
}

/**
 * Syntax errors in a parsed file: the parser's own diagnostics (an internal field, but exactly
 * "does it parse"), plus `??` mixed with `||`/`&&` without parentheses, which engines reject as a
 * SyntaxError while TypeScript reports it only from the type checker.
 */
export function syntaxErrorCount(tsApi: typeof ts, sf: ts.SourceFile): number {
  const parseErrors = (sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics?.length ?? 0;
  return parseErrors + (sf.text.includes('??') ? mixedNullish(tsApi, sf) : 0);
}

function mixedNullish(tsApi: typeof ts, root: ts.Node): number {
  const K = tsApi.SyntaxKind;
  const logical = (n: ts.Node): number | undefined =>
    tsApi.isBinaryExpression(n) ? n.operatorToken.kind : undefined;
  let count = 0;
  const visit = (node: ts.Node): void => {
    const op = logical(node);
    if (op !== undefined && tsApi.isBinaryExpression(node)) {
      const isNullish = op === K.QuestionQuestionToken;
      const isAndOr = op === K.BarBarToken || op === K.AmpersandAmpersandToken;
      for (const side of [node.left, node.right]) {
        const sideOp = logical(side);
        if (sideOp === undefined) continue;
        const sideNullish = sideOp === K.QuestionQuestionToken;
        const sideAndOr = sideOp === K.BarBarToken || sideOp === K.AmpersandAmpersandToken;
        if ((isNullish && sideAndOr) || (isAndOr && sideNullish)) count++;
      }
    }
    tsApi.forEachChild(node, visit);
  };
  visit(root);
  return count;
}

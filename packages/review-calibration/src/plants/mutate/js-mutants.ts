// The JS/TS half of the engine: parse with the TypeScript compiler, walk the syntax tree
// (skipping imports, exports and everything that is only a type), collect operator edits, and
// keep only those that are one-line changes which still parse.

import type ts from 'typescript';
import { loadTypeScript, parseScript, scriptKindOf } from '@adlc/core';
import { type JsContext } from './js-helpers.js';
import { expressionOperators } from './js-operators.js';
import { wrongIdentifier } from './js-scope.js';
import { statementOperators } from './js-statements.js';
import { parseChecker } from './js-validate.js';
import { lineIndexAt, lineStarts, locate } from './locate.js';
import type { Edit, Mutant } from './types.js';

export async function jsMutants(
  file: string,
  content: string,
  lines: ReadonlySet<number> | undefined,
): Promise<Array<Omit<Mutant, 'id'>>> {
  const tsApi = await loadTypeScript();
  const kind = scriptKindOf(tsApi, file);
  if (kind === undefined) return [];
  const sf = parseScript(tsApi, file, content, kind);
  const starts = lineStarts(content);
  const edits: Edit[] = [];
  const ctx: JsContext = {
    ts: tsApi,
    sf,
    text: content,
    push(edit) {
      if (lines && !lines.has(lineIndexAt(starts, edit.start) + 1)) return;
      edits.push(edit);
    },
  };
  walk(ctx, sf);

  const stillParses = parseChecker(tsApi, sf, kind);
  const out: Array<Omit<Mutant, 'id'>> = [];
  const tried = new Set<string>();
  for (const edit of edits) {
    const key = `${edit.start}:${edit.end}:${edit.replacement}`;
    const mutant = tried.has(key) ? undefined : locate(file, content, starts, edit, 'js');
    tried.add(key);
    if (mutant && stillParses(edit)) out.push(mutant);
  }
  return out;
}

function walk(ctx: JsContext, node: ts.Node): void {
  if (skipped(ctx, node)) return;
  expressionOperators(ctx, node);
  statementOperators(ctx, node);
  if (ctx.ts.isIdentifier(node)) wrongIdentifier(ctx, node);
  ctx.ts.forEachChild(node, (child) => walk(ctx, child));
}

/** Subtrees with no runtime behaviour of their own to break: module wiring and types. */
function skipped(ctx: JsContext, node: ts.Node): boolean {
  const t = ctx.ts;
  if (
    t.isImportDeclaration(node) ||
    t.isImportEqualsDeclaration(node) ||
    t.isExportDeclaration(node) ||
    t.isInterfaceDeclaration(node) ||
    t.isTypeAliasDeclaration(node) ||
    t.isEnumDeclaration(node) ||
    t.isTypeParameterDeclaration(node) ||
    t.isHeritageClause(node) ||
    t.isDecorator(node) ||
    t.isTypeNode(node)
  ) {
    return true;
  }
  const modifiers = t.canHaveModifiers(node) ? t.getModifiers(node) : undefined;
  return modifiers?.some((m) => m.kind === t.SyntaxKind.DeclareKeyword) ?? false;
}

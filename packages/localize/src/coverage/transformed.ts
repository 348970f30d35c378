// Coverage of files a loader compiled in a form of its own: Vitest's module runner, Jest's transform
// (babel-jest, ts-jest), tsx and ts-node all hand V8 rewritten code (types stripped, imports rewritten,
// a wrapper around the module, a source map appended) under the file's own URL. V8's offsets then
// count in that code, which is not on disk and which the coverage file does not hold, so they cannot
// be laid onto the file's lines as they are (coverage/v8.ts ranAsIs leaves such scripts out).
//
// What survives the rewrite is the functions: V8 names each one (`add`, `Parser.parse` as `parse`,
// a class's constructor by the class, `exports.run`), and a loader keeps a function's statements in
// their order. So each named function V8 reports is matched to the declaration of that name in the
// file (the k-th of a name to the k-th, and only when both sides have as many), and its ranges, with
// those of the anonymous functions inside it, are laid onto the declaration in proportion to where
// they stand in the compiled function. Which functions ran is then exact; which blocks of a function
// ran is placed to within a line or two, which is what a file's and a function's score need. Functions
// outside any matched one (a loader's export getters, module-level callbacks) are dropped, and the
// module's own top level counts as loaded. Pure, given the TypeScript compiler.

import type ts from 'typescript';
import type { V8Function, V8Range } from './v8.js';

/** A declaration of the file: the names V8 may give it, and where its text starts and ends. */
export interface Declaration {
  names: string[];
  start: number;
  end: number;
}

/**
 * V8's functions of a compiled form of `source`, laid onto `source` itself (see above). The module's top
 * level always counts as loaded: with no named function matched, that is all that is known.
 */
export function remapTransformed(typescript: typeof ts, file: string, source: string, functions: readonly V8Function[], declarations = declarationsOf(typescript, file, source)): V8Function[] {
  const anchors = matchFunctions(functions, declarations);
  const own = (f: V8Function) => f.ranges[0]!;
  // The innermost matched function around each V8 function (itself when it is matched).
  const ordered = [...anchors.keys()].sort((a, b) => own(functions[b]!).startOffset - own(functions[a]!).startOffset);
  const anchorOf = (f: V8Function): number | undefined => {
    const r = own(f);
    return ordered.find((i) => own(functions[i]!).startOffset <= r.startOffset && r.endOffset <= own(functions[i]!).endOffset);
  };
  // The script's own function starts at 0: it ran when the module was evaluated.
  const loaded = functions.some((f) => f.ranges[0]?.startOffset === 0 && f.ranges[0].count > 0) ? 1 : 0;
  const placed: V8Function[] = [{ functionName: '', ranges: [{ startOffset: 0, endOffset: source.length, count: loaded }] }];
  for (const f of functions) {
    if (!f.ranges[0]) continue;
    const at = anchorOf(f);
    if (at === undefined) continue;
    const from = own(functions[at]!);
    const to = anchors.get(at)!;
    const scale = (offset: number) => Math.round(to.start + ((offset - from.startOffset) * (to.end - to.start)) / Math.max(1, from.endOffset - from.startOffset));
    const ranges: V8Range[] = f.ranges.map((r) => ({ startOffset: scale(r.startOffset), endOffset: scale(r.endOffset), count: r.count }));
    placed.push({ functionName: f.functionName, ranges });
  }
  return placed;
}

/**
 * remapTransformed for one run's coverage: every process that loaded a file lists it again, and the file
 * is parsed once.
 */
export function transformedRemapper(typescript: typeof ts): (file: string, source: string, functions: readonly V8Function[]) => V8Function[] {
  const parsed = new Map<string, Declaration[]>();
  return (file, source, functions) => {
    let declarations = parsed.get(file);
    if (!declarations) parsed.set(file, (declarations = declarationsOf(typescript, file, source)));
    return remapTransformed(typescript, file, source, functions, declarations);
  };
}

/** Each matched V8 function (by index) with its declaration. */
function matchFunctions(functions: readonly V8Function[], declarations: readonly Declaration[]): Map<number, Declaration> {
  const byName = new Map<string, Declaration[]>();
  for (const d of declarations) {
    for (const name of new Set(d.names)) byName.set(name, [...(byName.get(name) ?? []), d]);
  }
  const v8ByName = new Map<string, number[]>();
  functions.forEach((f, i) => {
    if (f.functionName !== '' && f.ranges[0]) v8ByName.set(f.functionName, [...(v8ByName.get(f.functionName) ?? []), i]);
  });
  const anchors = new Map<number, Declaration>();
  for (const [name, indexes] of v8ByName) {
    const candidates = byName.get(name) ?? [];
    if (candidates.length !== indexes.length) continue;
    const inOrder = [...indexes].sort((a, b) => functions[a]!.ranges[0]!.startOffset - functions[b]!.ranges[0]!.startOffset);
    inOrder.forEach((index, k) => anchors.set(index, candidates[k]!));
  }
  return anchors;
}

/** The file's functions with the names V8 gives them, in source order. */
function declarationsOf(typescript: typeof ts, file: string, source: string): Declaration[] {
  const K = typescript.SyntaxKind;
  const kind = /\.[cm]?tsx$|\.jsx$/.test(file) ? typescript.ScriptKind.TSX : typescript.ScriptKind.TS;
  const sf = typescript.createSourceFile(file, source, typescript.ScriptTarget.Latest, true, kind);
  const found: Declaration[] = [];
  const text = (node: ts.Node | undefined): string | undefined => {
    if (!node) return undefined;
    if (typescript.isIdentifier(node) || typescript.isPrivateIdentifier(node) || typescript.isStringLiteral(node) || typescript.isNumericLiteral(node)) return node.text;
    if (typescript.isPropertyAccessExpression(node)) {
      const left = text(node.expression);
      return left === undefined ? undefined : `${left}.${node.name.text}`;
    }
    if (node.kind === K.ThisKeyword) return 'this';
    return undefined;
  };
  const namesOf = (node: ts.Node): string[] => {
    const parent = node.parent;
    if (typescript.isFunctionDeclaration(node) || typescript.isFunctionExpression(node)) {
      if (node.name) return [node.name.text];
    }
    if (typescript.isMethodDeclaration(node)) return [text(node.name)].filter((n): n is string => n !== undefined);
    if (typescript.isGetAccessorDeclaration(node) || typescript.isSetAccessorDeclaration(node)) {
      const name = text(node.name);
      return name === undefined ? [] : [`${typescript.isGetAccessorDeclaration(node) ? 'get' : 'set'} ${name}`];
    }
    if (typescript.isConstructorDeclaration(node)) {
      const cls = node.parent;
      return cls && (typescript.isClassDeclaration(cls) || typescript.isClassExpression(cls)) && cls.name ? [cls.name.text] : [];
    }
    if (!parent) return [];
    // An anonymous function takes the name of what it is assigned to.
    if (typescript.isVariableDeclaration(parent) || typescript.isPropertyAssignment(parent) || typescript.isPropertyDeclaration(parent)) {
      const name = text(parent.name);
      return name === undefined ? [] : [name];
    }
    if (typescript.isBinaryExpression(parent) && parent.operatorToken.kind === K.EqualsToken && parent.right === node) {
      const full = text(parent.left);
      if (full === undefined) return [];
      // V8 names `a.b.c = function () {}` "a.b.c"; a loader that rewrote `exports` may leave only the last part.
      const last = full.split('.').at(-1)!;
      return full === last ? [full] : [full, last];
    }
    return [];
  };
  const kinds = new Set([K.FunctionDeclaration, K.FunctionExpression, K.ArrowFunction, K.MethodDeclaration, K.Constructor, K.GetAccessor, K.SetAccessor]);
  const visit = (node: ts.Node) => {
    if (kinds.has(node.kind)) {
      const names = namesOf(node);
      if (names.length > 0) found.push({ names, start: node.getStart(sf), end: node.getEnd() });
    }
    typescript.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

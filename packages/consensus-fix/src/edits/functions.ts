// The functions of a source file as line ranges, so a suspect line can be shown with the function
// around it: JS/TS through the TypeScript compiler's parser (core's, loaded once on first use),
// Python by indentation. Other languages get none (their slices are the padding alone).

import { isJsLike } from '@adlc/core';
import type ts from 'typescript';
import type { FunctionRange } from './spans.js';

/** Function ranges of `text`; `typescript` undefined (not loadable) leaves JS/TS without any. */
export function functionRanges(file: string, text: string, typescript: typeof ts | undefined): FunctionRange[] {
  if (/\.pyi?$/i.test(file)) return pythonFunctions(text);
  if (isJsLike(file) && typescript) return scriptFunctions(file, text, typescript);
  return [];
}

function scriptFunctions(file: string, text: string, typescript: typeof ts): FunctionRange[] {
  const source = typescript.createSourceFile(file, text, typescript.ScriptTarget.Latest, true);
  const K = typescript.SyntaxKind;
  const kinds = new Set([K.FunctionDeclaration, K.FunctionExpression, K.ArrowFunction, K.MethodDeclaration, K.Constructor, K.GetAccessor, K.SetAccessor]);
  const ranges: FunctionRange[] = [];
  const line = (pos: number) => source.getLineAndCharacterOfPosition(pos).line + 1;
  const visit = (node: ts.Node) => {
    // From the start of the declaration's leading comment (its JSDoc belongs with it) to its end.
    if (kinds.has(node.kind)) {
      const start = line(node.getFullStart() + leadingTrivia(node, text));
      const codeStart = line(node.getStart());
      ranges.push(codeStart > start ? { start, end: line(node.getEnd()), codeStart } : { start, end: line(node.getEnd()) });
    }
    typescript.forEachChild(node, visit);
  };
  visit(source);
  return ranges;
}

/** Where a node's comment starts inside its trivia (the blank lines before it are not the function's). */
function leadingTrivia(node: ts.Node, text: string): number {
  const trivia = text.slice(node.getFullStart(), node.getStart());
  const firstText = trivia.search(/\S/);
  return firstText === -1 ? trivia.length : firstText;
}

/** `def` blocks (decorators included): from the decorator or `def` line to the last line indented deeper. */
export function pythonFunctions(text: string): FunctionRange[] {
  const lines = text.split(/\r?\n/);
  const indent = (l: string) => l.length - l.trimStart().length;
  const ranges: FunctionRange[] = [];
  for (const [i, l] of lines.entries()) {
    if (!/^\s*(?:async\s+)?def\s/.test(l)) continue;
    const own = indent(l);
    let start = i;
    while (start > 0 && /^\s*@/.test(lines[start - 1]!) && indent(lines[start - 1]!) === own) start--;
    let end = i;
    for (let j = i + 1; j < lines.length; j++) {
      if (lines[j]!.trim() === '') continue;
      if (indent(lines[j]!) <= own) break;
      end = j;
    }
    ranges.push({ start: start + 1, end: end + 1 });
  }
  return ranges;
}

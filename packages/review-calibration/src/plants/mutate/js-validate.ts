// Does the file still parse with a mutant applied? Re-parsing the whole file per mutant is
// quadratic (minutes for a few thousand lines), so each edit is checked in the smallest unit
// that parses the same way on its own: the function-body statement holding it (wrapped in a
// function), else its top-level statement (top-level statements parse independently), else
// the whole file. A unit is only used when its original text parses cleanly in that form.

import type ts from 'typescript';
import { syntaxErrorCount } from '@adlc/core';
import type { Edit } from './types.js';

interface Unit {
  node: ts.Node;
  prefix: string;
  suffix: string;
}

/** An async generator accepts every body statement: `await`, `yield`, `return` and `this`. */
const BODY_WRAPPER = { prefix: 'async function* __unit() {\n', suffix: '\n}' };

export function parseChecker(
  tsApi: typeof ts,
  sf: ts.SourceFile,
  kind: ts.ScriptKind,
): (edit: Edit) => boolean {
  // Every mutant of a file that does not parse would not parse either.
  if (syntaxErrorCount(tsApi, sf) > 0) return () => false;
  const content = sf.text;
  const errorsOf = (text: string): number =>
    syntaxErrorCount(tsApi, tsApi.createSourceFile(sf.fileName, text, tsApi.ScriptTarget.Latest, false, kind));
  const clean = new Map<string, boolean>();
  return (edit) => {
    for (const unit of unitsAround(tsApi, sf, edit)) {
      const from = unit.node.getStart(sf);
      const text = content.slice(from, unit.node.end);
      const key = `${from}:${unit.node.end}:${unit.prefix.length}`;
      let ok = clean.get(key);
      if (ok === undefined) clean.set(key, (ok = errorsOf(unit.prefix + text + unit.suffix) === 0));
      if (!ok) continue;
      const mutated = text.slice(0, edit.start - from) + edit.replacement + text.slice(edit.end - from);
      return errorsOf(unit.prefix + mutated + unit.suffix) === 0;
    }
    return errorsOf(content.slice(0, edit.start) + edit.replacement + content.slice(edit.end)) === 0;
  };
}

/** Candidate units around the edit, smallest first. */
function unitsAround(tsApi: typeof ts, sf: ts.SourceFile, edit: Edit): Unit[] {
  let bodyStatement: ts.Node | undefined;
  let topLevel: ts.Node | undefined;
  let node: ts.Node = sf;
  for (;;) {
    let next: ts.Node | undefined;
    tsApi.forEachChild(node, (child) => {
      if (child.getStart(sf) <= edit.start && edit.end <= child.end) next = child;
      return next;
    });
    if (!next) break;
    if (node === sf) topLevel = next;
    else if (tsApi.isBlock(node) && tsApi.isFunctionLike(node.parent)) bodyStatement = next;
    node = next;
  }
  const units: Unit[] = [];
  if (bodyStatement) units.push({ node: bodyStatement, ...BODY_WRAPPER });
  if (topLevel) units.push({ node: topLevel, prefix: '', suffix: '' });
  return units;
}

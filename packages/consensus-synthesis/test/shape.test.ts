// The orchestrators stay readable: the command and the review parser are split into phases a
// newcomer can find by name, and no function of this package's source grows past about 60 lines.

import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const MAX_LINES = 60;

/** Every named function of a file (declarations, and arrow or function expressions bound to a name), with its length in lines. */
function functionsOf(file: string): Map<string, number> {
  const source = ts.createSourceFile(file, readFileSync(`${SRC}${file}`, 'utf8'), ts.ScriptTarget.Latest, true);
  const lines = (node: ts.Node) =>
    source.getLineAndCharacterOfPosition(node.getEnd()).line - source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const found = new Map<string, number>();
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionDeclaration(node) && node.name) found.set(node.name.text, lines(node));
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) {
      found.set(node.name.text, lines(node.initializer));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('code shape', () => {
  it.each(readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')))(`every function of %s is at most ${MAX_LINES} lines`, (file) => {
    const long = [...functionsOf(file)].filter(([, n]) => n > MAX_LINES).map(([name, n]) => `${name} (${n} lines)`);
    expect(long).toEqual([]);
  });

  it('runConsensusSynthesis is a sequence of named phases', () => {
    const run = functionsOf('run.ts');
    for (const phase of ['preflight', 'answerWithoutAsking', 'askReviewers', 'settle', 'chairConsensus', 'decide', 'write']) expect(run.has(phase), phase).toBe(true);
    expect(run.get('runConsensusSynthesis')).toBeLessThanOrEqual(20);
  });

  it('parseReview hands each kind of line to a reader of its own', () => {
    const scan = functionsOf('review/review-scan.ts');
    for (const reader of ['scanReview', 'scanLine', 'issueSubHeading', 'sectionHeading', 'fieldLine', 'compactItem', 'tableRow', 'plainItem']) expect(scan.has(reader), reader).toBe(true);
    expect(functionsOf('review/parse-review.ts').get('parseReview')).toBeLessThanOrEqual(10);
  });
});

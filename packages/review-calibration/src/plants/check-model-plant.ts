// A model's plant counts only after checks that need no model: a plain relative path to a target
// file (no test file, nothing through `..`), a search text found exactly once, 1 to 8 lines that
// keep their count, a real change (not whitespace, comments or layout), and a file that still parses
// (JS/TS: TypeScript's parser; other languages: the line engine's lexer, as for rule plants).

import { isTestPath, normalizeSyntax } from '@adlc/core';
import type * as z from 'zod';
import type { Plant } from '../types.js';
import type { ModelPlantsAnswerSchema } from './ask-model.js';
import { languageOf } from './language.js';
import { lineSyntaxOf, scanLines } from './mutate/line-scan.js';
import { takesNoPlant } from './targets.js';

export const MAX_PLANT_LINES = 8;

/** One plant as the model answered it (ask-model.ts's schema). */
export type ModelPlantAnswer = z.infer<typeof ModelPlantsAnswerSchema>['plants'][number];

export type Checked = { ok: true; plant: Plant } | { ok: false; reason: string };

/**
 * An unplanted JS/TS file reprinted without comments or layout (null: another language, or it does
 * not parse), asked once per file however many plants it gets.
 */
export type OriginalSyntax = Map<string, Promise<string | null>>;

/** Checks one proposed plant against the target files' contents (repository-relative paths). */
export async function checkModelPlant(
  answer: ModelPlantAnswer,
  index: number,
  targets: ReadonlyMap<string, string>,
  syntax: OriginalSyntax = new Map(),
): Promise<Checked> {
  const file = answer.file.trim().replaceAll('\\', '/').replace(/^\.\//, '');
  if (file.split('/').includes('..')) return { ok: false, reason: `${answer.file} goes through ..` };
  if (file.startsWith('/') || /^[a-z]:/i.test(file)) return { ok: false, reason: `${answer.file} is an absolute path, outside the repository's relative paths` };
  if (takesNoPlant(file)) {
    return { ok: false, reason: isTestPath(file) ? `${file} is a test file` : `${file} is a fixture, test helper, story or benchmark: no plant belongs there` };
  }
  const raw = targets.get(file);
  if (raw === undefined) return { ok: false, reason: `${file} is not one of the target files` };
  const content = raw.replaceAll('\r\n', '\n');
  const search = answer.search.replaceAll('\r\n', '\n');
  const replace = answer.replace.replaceAll('\r\n', '\n');

  const spans = [search, replace].map(lineCount);
  if (spans.some((n) => n > MAX_PLANT_LINES)) return { ok: false, reason: `the edit spans ${Math.max(...spans)} lines (1 to ${MAX_PLANT_LINES} allowed)` };
  const found = occurrences(content, search);
  if (search.trim() === '' || found === 0) return { ok: false, reason: 'the search text is not in the file' };
  if (found > 1) return { ok: false, reason: `the search text is found ${found} times in the file, not once` };

  // The edit on whole lines: a search may start or end inside a line.
  const at = content.indexOf(search);
  const start = content.lastIndexOf('\n', at - 1) + 1;
  const endBreak = content.indexOf('\n', at + search.length);
  const end = endBreak === -1 ? content.length : endBreak;
  const before = content.slice(start, end).split('\n');
  const after = (content.slice(start, at) + replace + content.slice(at + search.length, end)).split('\n');
  if (before.length !== after.length) {
    return { ok: false, reason: `the edit turns ${before.length} line(s) into ${after.length}; plants keep the number of lines, so that findings' lines are the file's` };
  }
  if (normalizeSpace(before) === normalizeSpace(after)) return { ok: false, reason: 'a no-op after whitespace normalisation' };

  const mutatedContent = content.slice(0, start) + after.join('\n') + content.slice(end);
  let asked = syntax.get(file);
  if (!asked) {
    asked = normalizeSyntax(file, content);
    syntax.set(file, asked);
  }
  // One parse of the planted file answers both: does it still parse, and is it more than layout?
  const was = await asked;
  const firstLine = content.slice(0, start).split('\n').length;
  if (was !== null) {
    const now = await normalizeSyntax(file, mutatedContent);
    if (now === null) return { ok: false, reason: 'the file no longer parses with the edit' };
    if (now === was) return { ok: false, reason: 'the edit changes only comments or layout' };
  } else {
    const lexed = lineSyntaxProblem(file, content, mutatedContent, firstLine, before.length);
    if (lexed) return { ok: false, reason: lexed };
  }

  // Unchanged lines at either end are not part of the plant: its first and last lines differ.
  let head = 0;
  while (before[head] === after[head]) head += 1;
  let tail = before.length - 1;
  while (before[tail] === after[tail]) tail -= 1;
  const line = firstLine + head;
  const original = before.slice(head, tail + 1);
  const mutated = after.slice(head, tail + 1);
  const column = firstDifference(original[0]!, mutated[0]!) + 1;
  return {
    ok: true,
    plant: {
      id: `${file}:${line}:${column}:model-${index + 1}`,
      file,
      line,
      ...(original.length > 1 ? { endLine: line + original.length - 1 } : {}),
      source: 'model',
      column,
      endColumn: original.length > 1 ? original[original.length - 1]!.length + 1 : original[0]!.length + 1,
      replacement: mutated.join('\n'),
      original: original.join('\n'),
      mutated: mutated.join('\n'),
      category: answer.category,
      operator: 'model',
      // One line, as a reviewer would state it (and as the judge and the reports show it).
      description: answer.description.replace(/\s+/g, ' ').trim(),
      language: languageOf(file),
      ...(answer.witness ? { witness: answer.witness } : {}),
    },
  };
}

/**
 * For languages without a parser here, what the line engine checks of its own plants: the edited
 * lines open and close as many brackets of each kind as before, and leave no string or comment
 * open that was not. A reason when they do not; null when they do or the language is unknown.
 */
function lineSyntaxProblem(file: string, content: string, mutated: string, firstLine: number, count: number): string | null {
  const syntax = lineSyntaxOf(file);
  if (!syntax) return null;
  const was = scanLines(content, syntax);
  const now = scanLines(mutated, syntax);
  for (let i = firstLine - 1; i < firstLine - 1 + count; i++) {
    if (bracketBalance(was[i]?.code ?? '') !== bracketBalance(now[i]?.code ?? '')) return 'the edit unbalances brackets, so the file no longer parses';
  }
  for (let i = firstLine; i <= firstLine - 1 + count && i < was.length; i++) {
    if (was[i]!.continues !== now[i]?.continues) return 'the edit leaves a string or comment open, so the file no longer parses';
  }
  return null;
}

/** Net opened brackets of each kind in a line's code view (strings and comments blanked). */
function bracketBalance(code: string): string {
  const net = { '(': 0, '[': 0, '{': 0 };
  const opener: Record<string, keyof typeof net> = { '(': '(', ')': '(', '[': '[', ']': '[', '{': '{', '}': '{' };
  for (const ch of code) {
    const kind = opener[ch];
    if (kind) net[kind] += ch === kind ? 1 : -1;
  }
  return `${net['(']},${net['[']},${net['{']}`;
}

function lineCount(text: string): number {
  return text.replace(/\n$/, '').split('\n').length;
}

function occurrences(content: string, search: string): number {
  if (search === '') return 0;
  let n = 0;
  for (let i = content.indexOf(search); i !== -1; i = content.indexOf(search, i + 1)) n += 1;
  return n;
}

function normalizeSpace(lines: readonly string[]): string {
  return lines.map((l) => l.trim().replace(/\s+/g, ' ')).filter((l) => l !== '').join('\n');
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i += 1;
  return i;
}

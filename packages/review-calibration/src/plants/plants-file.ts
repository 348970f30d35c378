// Plants given by hand (--plants-file): a JSON array of {file, line, original, mutated, category,
// description, witness?}, checked against the files on disk before anything is written.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isInsideRoot, opError } from '@adlc/core';
import * as z from 'zod';
import type { Plant } from '../types.js';
import { lineAt } from './apply.js';
import { MIN_LINE_DISTANCE } from './generate.js';
import { languageOf } from './language.js';

export const PlantsFileEntrySchema = z.object({
  file: z.string().min(1),
  line: z.number().int().min(1),
  original: z.string(),
  mutated: z.string(),
  category: z.string().min(1),
  description: z.string().min(1),
  witness: z.string().min(1).optional(),
  operator: z.string().min(1).optional(),
});
export const PlantsFileSchema = z.array(PlantsFileEntrySchema).min(1);
export type PlantsFileEntry = z.infer<typeof PlantsFileEntrySchema>;

export async function loadPlantsFile(file: string, opts: { root: string; cwd: string }): Promise<Plant[]> {
  let text: string;
  try {
    text = await readFile(path.resolve(opts.cwd, file), 'utf8');
  } catch (error) {
    throw opError(`cannot read --plants-file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw opError(`--plants-file ${file} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = PlantsFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? issue.path.join('.') : '(root)';
    throw opError(`--plants-file ${file}: ${where}: ${issue?.message ?? 'invalid'}`, {
      hint: 'expected a JSON array of {file, line, original, mutated, category, description, witness?}',
    });
  }
  const contents = new Map<string, string>();
  const plants: Plant[] = [];
  for (const [i, entry] of parsed.data.entries()) {
    const resolved = isInsideRoot(opts.root, entry.file);
    if (!resolved.ok || resolved.rel === '') throw opError(`plant ${i + 1}: ${entry.file} is not a file inside the repository`);
    const rel = resolved.rel;
    if (!contents.has(rel)) {
      try {
        contents.set(rel, await readFile(resolved.abs, 'utf8'));
      } catch {
        throw opError(`plant ${i + 1}: cannot read ${rel}`);
      }
    }
    plants.push(toPlant(i, { ...entry, file: rel }, contents.get(rel) ?? ''));
  }
  assertSpaced(plants);
  return plants;
}

function toPlant(i: number, entry: PlantsFileEntry, content: string): Plant {
  const where = `plant ${i + 1} (${entry.file}:${entry.line})`;
  if (/[\r\n]/.test(entry.original) || /[\r\n]/.test(entry.mutated)) {
    throw opError(`${where}: original and mutated must each be one line`);
  }
  const actual = lineAt(content, entry.line);
  if (actual === undefined) throw opError(`${where}: the file has fewer than ${entry.line} lines`);
  let { original, mutated } = entry;
  if (actual !== original) {
    // Hand-written plants often drop the indentation; keep the file's own.
    if (actual.trim() !== original.trim()) {
      throw opError(`${where}: line ${entry.line} reads ${JSON.stringify(actual)}, not ${JSON.stringify(original)}`);
    }
    original = actual;
    mutated = (/^\s*/.exec(actual)?.[0] ?? '') + mutated.trimStart();
  }
  if (mutated === original) throw opError(`${where}: mutated is the same as original`);
  let prefix = 0;
  while (prefix < original.length && original[prefix] === mutated[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < original.length - prefix &&
    suffix < mutated.length - prefix &&
    original[original.length - 1 - suffix] === mutated[mutated.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  const operator = entry.operator ?? 'manual';
  return {
    id: `${entry.file}:${entry.line}:${prefix + 1}:${operator}`,
    file: entry.file,
    line: entry.line,
    column: prefix + 1,
    endColumn: original.length - suffix + 1,
    replacement: mutated.slice(prefix, mutated.length - suffix),
    original,
    mutated,
    category: entry.category,
    operator,
    description: entry.description,
    language: languageOf(entry.file),
    ...(entry.witness === undefined ? {} : { witness: entry.witness }),
  };
}

/** Plants in one file must be 7 lines apart, so a finding's ±3 window can locate at most one. */
function assertSpaced(plants: readonly Plant[]): void {
  for (let i = 0; i < plants.length; i++) {
    for (let j = i + 1; j < plants.length; j++) {
      const a = plants[i]!;
      const b = plants[j]!;
      if (a.file === b.file && Math.abs(a.line - b.line) < MIN_LINE_DISTANCE) {
        throw opError(
          `plants ${a.file}:${a.line} and ${b.file}:${b.line} are ${Math.abs(a.line - b.line)} lines apart; plants in one file must be at least ${MIN_LINE_DISTANCE} lines apart`,
          { hint: 'their ±3-line windows would overlap, so one finding could claim both; move or drop one' },
        );
      }
    }
  }
}

// The model's pick among the ranked files (seed 003's rerank): when it is asked, what it is shown, the
// shape of its answer, and which of its picks are kept. A pick that is not one of the files shown (a
// test file, a path outside the repository, any other file) is dropped with its reason; when none is
// left, the deterministic top --max-files stands. Pure.

import path from 'node:path';
import { isTestPath } from '@adlc/core';
import * as z from 'zod';
import type { LocalizeMode } from '../cli/options.js';

/** How many of the ranked files the model is shown. */
export const RERANK_TOP = 10;
/** A clear winner: the top file's score at least this many times the second's. */
export const CLEAR_LEAD = 1.5;

export type RerankTrigger = 'no-clear-winner' | 'localize-model';

/**
 * Whether a model picks: always under `--localize model`; under `auto` when more files ranked than
 * --max-files allows and the top file is not clearly ahead of the second; never under `deterministic`.
 */
export function rerankTrigger(mode: LocalizeMode, scores: readonly number[], maxFiles: number): RerankTrigger | null {
  if (scores.length === 0 || mode === 'deterministic') return null;
  if (mode === 'model') return 'localize-model';
  return scores.length > maxFiles && !hasClearWinner(scores) ? 'no-clear-winner' : null;
}

export function hasClearWinner(scores: readonly number[]): boolean {
  return scores.length < 2 || scores[0]! >= CLEAR_LEAD * scores[1]!;
}

export const RerankAnswerSchema = z.object({
  files: z.array(z.object({ file: z.string().min(1), reason: z.string().min(1) })).min(1),
});
export type RerankAnswer = z.infer<typeof RerankAnswerSchema>;

export const RERANK_SYSTEM = 'You are a careful senior engineer locating a bug. You answer with one JSON object only.';

export interface RerankPromptInput {
  testCmd: string;
  /** The failing tests' messages (failure-section.ts), and the output's end. */
  failures: string;
  /** Each shown file's outline (renderOutline), best ranked first. */
  outlines: readonly string[];
  maxFiles: number;
}

export function buildRerankPrompt({ testCmd, failures, outlines, maxFiles }: RerankPromptInput): string {
  return [
    `This command fails because of a bug in the repository: ${testCmd}`,
    '',
    'What it reports:',
    '<<<FAILURES',
    failures.trimEnd(),
    'FAILURES>>>',
    '',
    `A ranking from coverage and stack traces found these ${outlines.length} source files, most suspect first. Each is outlined: what it exports and what the failing run executed in it.`,
    '',
    outlines.map((o, i) => `${i + 1}. ${o}`).join('\n\n'),
    '',
    `Which of these files should the fix change? Pick at most ${maxFiles}, most likely first, each with a one-sentence reason.`,
    'Answer with ONLY this JSON object:',
    '{"files": [{"file": "<path exactly as listed above>", "reason": "<why the fix belongs there>"}]}',
    'Only the files listed above can be picked; the tests are the specification and are never changed.',
  ].join('\n');
}

export interface Pick {
  file: string;
  reason: string;
}

export interface Rejected {
  file: string;
  why: string;
}

/** The answer's picks that are among `shown`, in its order, at most `maxFiles`; the others with their reason. */
export function judgePicks(answer: RerankAnswer, shown: readonly string[], maxFiles: number): { chosen: Pick[]; rejected: Rejected[] } {
  const among = new Set(shown);
  const chosen: Pick[] = [];
  const rejected: Rejected[] = [];
  for (const { file, reason } of answer.files) {
    const rel = file.replace(/^\.\//, '');
    if (chosen.some((c) => c.file === rel)) continue;
    const why = among.has(rel) ? (chosen.length >= maxFiles ? `over --max-files ${maxFiles}` : null) : whyNotShown(rel);
    if (why === null) chosen.push({ file: rel, reason });
    else rejected.push({ file, why });
  }
  return { chosen, rejected };
}

function whyNotShown(file: string): string {
  if (path.isAbsolute(file) || /^[A-Za-z]:[\\/]/.test(file) || path.posix.normalize(file.replace(/\\/g, '/')).startsWith('../')) return 'outside the repository';
  if (isTestPath(file)) return 'a test file (the test is the specification)';
  return `not among the ${RERANK_TOP} files shown`;
}


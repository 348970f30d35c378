// Stage 1 over a diff in parts: every reviewer reviews every part, at most `jobs` calls in flight
// per reviewer (each reviewer is its own provider, with its own rate limits), and each reviewer's
// answers are merged into that reviewer's one review, so the chairman's tiers and letters keep
// their meaning. Each call keeps today's rules (timeout, retries, truncation) on its own.

import { mapLimit, sumUsage } from '@adlc/core';
import { callModel, callModels, type CallOptions, type PartAnswer, type Settled } from './call-models.js';
import type { ReviewerSpec } from './reviewers.js';

/** One reviewer's call on one part, as --json and the report list it. */
export interface PartCall {
  part: number;
  reviewer: string;
  settled: Settled;
}

export interface PanelAnswers {
  /** One per reviewer, in the order of the reviewers: its parts merged. */
  settled: Settled[];
  calls: PartCall[];
}

export interface AskInPartsOptions extends CallOptions {
  jobs: number;
  /** The files of each part, in the order of `prompts`. */
  partFiles: ReadonlyArray<readonly string[]>;
  /** The parts the diff splits into (more than those sent under --chunks n). */
  partCount: number;
  onSettled?: (done: number, total: number) => void;
}

export async function askInParts(reviewers: readonly ReviewerSpec[], prompts: readonly string[], opts: AskInPartsOptions): Promise<PanelAnswers> {
  const total = reviewers.length * prompts.length;
  let done = 0;
  if (prompts.length === 1) {
    // One part: the calls leave together, as a review has always been asked.
    const settled = await callModels(reviewers, prompts[0]!, { ...opts, onSettled: (_s, n) => opts.onSettled?.(n, total) });
    return { settled, calls: settled.map((s) => ({ part: 1, reviewer: s.spec.name, settled: s })) };
  }
  const perReviewer = await Promise.all(
    reviewers.map(async (spec) => {
      const started = performance.now();
      const answers = await mapLimit(prompts, opts.jobs, async (prompt) => {
        const settled = await callModel(spec, prompt, opts);
        done += 1;
        opts.onSettled?.(done, total);
        return settled;
      });
      return mergeParts(spec, answers, opts, performance.now() - started);
    }),
  );
  const calls = perReviewer.flatMap(({ answers }, r) => answers.map((settled, i) => ({ part: i + 1, reviewer: reviewers[r]!.name, settled })));
  return { settled: perReviewer.map((p) => p.merged), calls };
}

/** A reviewer's answers to every part as one review: answered if any part was; its failure otherwise. */
export function mergeParts(
  spec: ReviewerSpec,
  answers: readonly Settled[],
  { partFiles, partCount }: Pick<AskInPartsOptions, 'partFiles' | 'partCount'>,
  durationMs: number,
): { merged: Settled; answers: readonly Settled[] } {
  const usage = sumUsage(...answers.map((a) => a.usage));
  const first = answers.find((a) => a.ok);
  if (first === undefined) {
    const failed = answers[0] as Extract<Settled, { ok: false }>;
    const error = answers.map((a, i) => `part ${i + 1}: ${a.ok ? 'ok' : a.error}`).join('; ');
    return { merged: { ...failed, error: `every part failed: ${error}`, durationMs, usage }, answers };
  }
  const parts: PartAnswer[] = answers.map((a, i) => ({ index: i + 1, count: partCount, files: partFiles[i] ?? [], text: a.ok ? a.text : null }));
  return { merged: { ok: true, spec, model: first.model, text: partsText(parts), durationMs, usage, parts }, answers };
}

/** The parts of a review one after another, each under a line naming its part and files. */
export function partsText(parts: readonly PartAnswer[], transform: (text: string) => string = (t) => t): string {
  return parts
    .map((p) => {
      const label = `[Part ${p.index} of ${p.count}: ${p.files.join(', ')}]`;
      return p.text === null ? `${label}\n(no answer for this part: the call failed)` : `${label}\n${transform(p.text).trim()}`;
    })
    .join('\n\n');
}

// Stage 1: the same prompt to every reviewer in parallel, each bounded by the timeout, each
// asked exactly once (core's retries on 429/5xx/connection errors aside).

import { callModel, type CallOptions, type Settled } from './call.js';
import type { ReviewerSpec } from './reviewers.js';

export async function collectReviews(
  prompt: string,
  reviewers: readonly ReviewerSpec[],
  opts: CallOptions & { onSettled?: (settled: Settled, done: number) => void },
): Promise<Settled[]> {
  let done = 0;
  return Promise.all(
    reviewers.map(async (spec) => {
      const settled = await callModel(spec, prompt, opts);
      done += 1;
      opts.onSettled?.(settled, done);
      return settled;
    }),
  );
}

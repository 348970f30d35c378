// Stage 2: the chairman compiles the consensus; on a failure, a timeout or an answer that does not
// follow the report format, the next chairman in the fallback order takes over.

import { callModel, type CallOptions, type Settled } from '../panel/call-models.js';
import type { ReviewerSpec } from '../panel/reviewers.js';
import { sumUsage, type Usage } from '@adlc/core';
import type { AttemptFailure } from '../report/output-schema.js';

export type ChairResult =
  | { ok: true; settled: Extract<Settled, { ok: true }>; failed: AttemptFailure[]; usage: Usage }
  | { ok: false; failed: AttemptFailure[]; usage: Usage };

export async function chair(
  prompt: string,
  chairmen: readonly ReviewerSpec[],
  opts: CallOptions & {
    /** Why an answer is unusable as a report, or null when it is fine. */
    validate: (text: string) => string | null;
    onAttempt?: (spec: ReviewerSpec) => void;
  },
): Promise<ChairResult> {
  const failed: AttemptFailure[] = [];
  // Tokens spent on every attempt, a rejected answer's included.
  let usage = sumUsage();
  for (const spec of chairmen) {
    opts.onAttempt?.(spec);
    const settled = await callModel(spec, prompt, opts);
    usage = sumUsage(usage, settled.usage);
    if (!settled.ok) {
      failed.push({ name: spec.name, provider: spec.provider, model: settled.model, status: settled.status, error: settled.error });
      continue;
    }
    const problem = opts.validate(settled.text);
    if (problem !== null) {
      failed.push({ name: spec.name, provider: spec.provider, model: settled.model, status: 'error', error: problem });
      continue;
    }
    return { ok: true, settled, failed, usage };
  }
  return { ok: false, failed, usage };
}

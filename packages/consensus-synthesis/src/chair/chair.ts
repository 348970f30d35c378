// Stage 2: the chairman compiles the consensus; on a failure, a timeout or an answer that does not
// follow the report format, the next chairman in the fallback order takes over.

import { callModel, type CallOptions, type Settled } from '../panel/call-models.js';
import type { ReviewerSpec } from '../panel/reviewers.js';
import { sumUsage, type FailureKind, type Usage } from '@adlc/core';
import type { AttemptFailure } from '../report/output-schema.js';

export type ChairResult =
  | { ok: true; settled: Extract<Settled, { ok: true }>; failed: AttemptFailure[]; usage: Usage }
  | { ok: false; failed: AttemptFailure[]; usage: Usage; kinds: FailureKind[] };

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
  const kinds: FailureKind[] = [];
  // Tokens spent on every attempt, a rejected answer's included.
  let usage = sumUsage();
  for (const spec of chairmen) {
    opts.onAttempt?.(spec);
    const settled = await callModel(spec, prompt, opts);
    usage = sumUsage(usage, settled.usage);
    if (!settled.ok) {
      failed.push({ name: spec.name, provider: spec.provider, model: settled.model, status: settled.status, error: settled.error });
      kinds.push(settled.kind);
      continue;
    }
    const problem = opts.validate(settled.text);
    if (problem !== null) {
      const error = `it answered, but its report could not be parsed (${problem}); its answer began: ${JSON.stringify(firstLine(settled.text))}`;
      failed.push({ name: spec.name, provider: spec.provider, model: settled.model, status: 'error', error });
      kinds.push('unparsable');
      continue;
    }
    return { ok: true, settled, failed, usage };
  }
  return { ok: false, failed, usage, kinds };
}

/** The first line with text of an answer, shortened: enough to tell prose or an apology from a report. */
function firstLine(text: string): string {
  const line = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

// Model calls for reviewers and chairmen, settled into data: the answer, or the real cause of the
// failure (timeout, HTTP status and the provider's message, missing key). The calls go through
// core's fan, so its rule holds here too: interrupts and internal errors are not a reviewer's
// failure; they end the run.

import { failureHint, failureKind, fan, maxTokensFor, redactSecrets, type FailureKind, type FanResult, type FanTarget, type Tier, type Usage } from '@adlc/core';
import type { ReviewerSpec } from './reviewers.js';
import { REVIEWER_OPENING } from '../prompts.js';

/** What to check after failed calls (core's table); here --timeout bounds each call, so a timeout says to raise it. */
export function callFailureHint(kinds: Iterable<FailureKind>): string {
  return failureHint(kinds, { timeout: 'the call ran out of time: raise --timeout, or run again' });
}

export interface CallOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  tier: Tier;
  timeoutMs: number;
}

export type Settled =
  | {
      ok: true;
      spec: ReviewerSpec;
      model: string;
      text: string;
      durationMs: number;
      usage: Usage;
      /** When the diff was reviewed in parts: this reviewer's answer to each (null where its call failed); `text` joins them. */
      parts?: PartAnswer[];
    }
  | {
      ok: false;
      spec: ReviewerSpec;
      model: string;
      status: 'timeout' | 'error' | 'truncated';
      error: string;
      /** The cause, for the hint (core's table). */
      kind: FailureKind;
      durationMs: number;
      usage: Usage;
      /** What a truncated answer said before it was cut off (reported, never used as a review). */
      partial?: string;
    };

export interface PartAnswer {
  /** 1-based. */
  index: number;
  count: number;
  files: readonly string[];
  text: string | null;
}

const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

/**
 * The same prompt to every spec at once (all in flight together), each asked exactly once (core's
 * retries on 429/5xx/connection errors aside), at the provider's default temperature. A spec
 * without its key settles as that spec's failure; results are in the order of `specs`.
 */
export async function callModels(
  specs: readonly ReviewerSpec[],
  prompt: string,
  opts: CallOptions & { onSettled?: (settled: Settled, done: number) => void },
): Promise<Settled[]> {
  const results = await fan(specs.length, prompt, {
    providers: specs.map(targetOf),
    concurrency: specs.length,
    temperature: () => undefined,
    configErrors: 'settle',
    tier: opts.tier,
    timeoutMs: opts.timeoutMs,
    env: opts.env,
    cwd: opts.cwd,
    ...(opts.onSettled ? { onSettled: (result, done) => opts.onSettled?.(toSettled(specs[result.slot]!, result, opts.env), done) } : {}),
  });
  return results.map((result) => toSettled(specs[result.slot]!, result, opts.env));
}

/** One call (a chairman's). */
export async function callModel(spec: ReviewerSpec, prompt: string, opts: CallOptions): Promise<Settled> {
  const [settled] = await callModels([spec], prompt, opts);
  return settled!;
}

function targetOf(spec: ReviewerSpec): FanTarget {
  return { provider: spec.provider, ...(spec.command ? { command: spec.command } : {}) };
}

/**
 * A fan slot as this tool reports it: an empty answer is a failure too, and so is an answer cut
 * off at its token limit (half a review must not pass for a whole one); no error text carries a key.
 */
export function toSettled(spec: ReviewerSpec, result: FanResult, env: NodeJS.ProcessEnv): Settled {
  const failed = (status: 'timeout' | 'error' | 'truncated', error: string, durationMs: number, kind: FailureKind): Extract<Settled, { ok: false }> => ({
    ok: false,
    spec,
    model: result.model,
    status,
    kind,
    error: redactSecrets(error, env),
    durationMs,
    usage: NO_USAGE,
  });
  if (result.ok) {
    const { completion } = result;
    if (completion.text.trim() === '') return failed('error', `${spec.provider} (${completion.model}) returned an empty answer`, completion.durationMs, 'other');
    // The prompt's template would parse as a CRITICAL finding: an echo (a `command:cat` trying the set-up) is no review.
    if (completion.text.includes(REVIEWER_OPENING)) {
      return failed('error', `${spec.provider} (${completion.model}) repeated the prompt instead of answering it`, completion.durationMs, 'other');
    }
    if (completion.truncated) {
      const limit = maxTokensFor({}, env);
      const error = `${spec.provider} (${completion.model}) stopped at its token limit (${limit}): the answer is cut off; raise ADLC_MAX_TOKENS`;
      return { ...failed('truncated', error, completion.durationMs, 'truncated'), usage: completion.usage, partial: completion.text };
    }
    return { ok: true, spec, model: completion.model, text: completion.text, durationMs: completion.durationMs, usage: completion.usage };
  }
  const { error } = result;
  // A reviewer named but not configured (no key) is that reviewer's failure, not the run's.
  if (error.status === 'not configured') return failed('error', `${spec.provider}: ${error.detail}`, result.durationMs, failureKind(error));
  const attempts = error.attempts > 1 ? ` (after ${error.attempts} attempts)` : '';
  return failed(error.status === 'timeout' ? 'timeout' : 'error', `${error.message}${attempts}`, result.durationMs, failureKind(error));
}

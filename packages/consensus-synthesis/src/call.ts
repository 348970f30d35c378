// One model call for a reviewer or a chairman, settled into data: the answer, or the real cause
// of the failure (timeout, HTTP status and the provider's message, missing key). Interrupts and
// internal errors are not a reviewer's failure; they end the run.

import { complete, modelFor, OpError, ProviderError, redactSecrets, type Tier, type Usage } from '@adlc/core';
import type { ReviewerSpec } from './reviewers.js';

export interface CallOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  tier: Tier;
  timeoutMs: number;
}

export type Settled =
  | { ok: true; spec: ReviewerSpec; model: string; text: string; durationMs: number; usage: Usage }
  | { ok: false; spec: ReviewerSpec; model: string; status: 'timeout' | 'error'; error: string; durationMs: number; usage: Usage };

const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

export async function callModel(spec: ReviewerSpec, prompt: string, opts: CallOptions): Promise<Settled> {
  const model = modelFor(spec.provider, { tier: opts.tier, ...(spec.command ? { command: spec.command } : {}) }, opts.env);
  const started = Date.now();
  const failed = (status: 'timeout' | 'error', error: string): Settled => ({
    ok: false,
    spec,
    model,
    status,
    error: redactSecrets(error, opts.env),
    durationMs: Date.now() - started,
    usage: NO_USAGE,
  });
  try {
    const completion = await complete(prompt, {
      provider: spec.provider,
      tier: opts.tier,
      timeoutMs: opts.timeoutMs,
      env: opts.env,
      cwd: opts.cwd,
      ...(spec.command ? { command: spec.command } : {}),
    });
    if (completion.text.trim() === '') return failed('error', `${spec.provider} (${completion.model}) returned an empty answer`);
    return { ok: true, spec, model: completion.model, text: completion.text, durationMs: completion.durationMs, usage: completion.usage };
  } catch (error) {
    if (ProviderError.isInstance(error)) {
      const attempts = error.attempts > 1 ? ` (after ${error.attempts} attempts)` : '';
      return failed(error.status === 'timeout' ? 'timeout' : 'error', `${error.message}${attempts}`);
    }
    // A reviewer named but not configured (no key) is that reviewer's failure, not the run's.
    if (OpError.isInstance(error)) return failed('error', `${spec.provider}: ${error.message}`);
    throw error;
  }
}

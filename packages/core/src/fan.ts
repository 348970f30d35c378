// N independent completions in parallel, each settled on its own, results in slot order.

import { ProviderError } from './errors.js';
import { complete, modelFor, type CompleteOptions, type Completion } from './complete.js';
import { requireProvider } from './providers/detect.js';
import type { ProviderId } from './providers/types.js';

export type FanResult =
  | { slot: number; ok: true; provider: ProviderId; model: string; completion: Completion }
  | { slot: number; ok: false; provider: ProviderId; model: string; error: ProviderError };

export interface FanOptions extends Omit<CompleteOptions, 'temperature' | 'provider'> {
  /** Providers to rotate across slots (slot i uses providers[i % length]); default: the detected one. */
  providers?: ProviderId[];
  /** Sampling temperature, or one per slot. Default 0.8 so candidates differ. */
  temperature?: number | ((slot: number) => number | undefined);
  /** At most this many calls in flight. Default 8. */
  concurrency?: number;
  onSettled?: (result: FanResult, settledCount: number) => void;
}

export const DEFAULT_FAN_TEMPERATURE = 0.8;

export async function fan(n: number, prompt: string, opts: FanOptions = {}): Promise<FanResult[]> {
  const env = opts.env ?? process.env;
  const providers = opts.providers?.length ? opts.providers : [requireProvider(env)];
  const concurrency = Math.max(1, opts.concurrency ?? 8);
  const results: FanResult[] = new Array(n);
  let next = 0;
  let settled = 0;

  const runSlot = async (slot: number): Promise<void> => {
    const provider = providers[slot % providers.length]!;
    const model = modelFor(provider, opts, env);
    const temperature =
      typeof opts.temperature === 'function' ? opts.temperature(slot) : (opts.temperature ?? DEFAULT_FAN_TEMPERATURE);
    let result: FanResult;
    try {
      const { temperature: _perSlot, providers: _rotation, concurrency: _cap, onSettled: _notify, ...shared } = opts;
      const completion = await complete(prompt, {
        ...shared,
        env,
        provider,
        ...(temperature === undefined ? {} : { temperature }),
      });
      result = { slot, ok: true, provider, model: completion.model, completion };
    } catch (error) {
      // Only a provider's failure belongs to its slot; an interrupt or a bad configuration ends the run.
      if (!ProviderError.isInstance(error)) throw error;
      result = { slot, ok: false, provider, model, error };
    }
    results[slot] = result;
    settled += 1;
    opts.onSettled?.(result, settled);
  };

  const worker = async (): Promise<void> => {
    while (next < n) {
      const slot = next;
      next += 1;
      await runSlot(slot);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, n) }, worker));
  return results;
}

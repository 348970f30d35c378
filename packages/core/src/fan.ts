// N independent completions in parallel, each settled on its own, results in slot order.

import { OpError, ProviderError } from './errors.js';
import { complete, modelFor, type CompleteOptions, type Completion } from './complete.js';
import { mapLimit } from './map-limit.js';
import { requireProvider } from './providers/detect.js';
import type { ProviderId } from './providers/types.js';

export type FanResult =
  | { slot: number; ok: true; provider: ProviderId; model: string; completion: Completion }
  | { slot: number; ok: false; provider: ProviderId; model: string; error: ProviderError; durationMs: number };

/** Who answers one slot: a provider, and for it a command or a model other than the shared ones. */
export interface FanTarget {
  provider: ProviderId;
  /** For the `command` provider: this slot's command (default: the shared `command`, then ADLC_COMMAND). */
  command?: string;
  /** This slot's model, over the shared `model` and the tier's. */
  model?: string;
}

export interface FanOptions extends Omit<CompleteOptions, 'temperature' | 'provider'> {
  /**
   * Who answers: slot i uses providers[i % length], so a list as long as `n` gives each slot its
   * own. An entry is a provider id or a FanTarget (a provider with its own command or model).
   * Default: the detected provider for every slot.
   */
  providers?: ReadonlyArray<ProviderId | FanTarget>;
  /** Sampling temperature, or one per slot (undefined: the provider's default). Default 0.8 so candidates differ. */
  temperature?: number | ((slot: number) => number | undefined);
  /** At most this many calls in flight. Default 8. */
  concurrency?: number;
  /**
   * What a slot's configuration error (a provider without its key, an unreadable fixture file)
   * does: 'throw' (default) ends the fan with it; 'settle' makes it that slot's failure, a
   * ProviderError with status 'not configured', as when one of several named reviewers has no key.
   */
  configErrors?: 'throw' | 'settle';
  onSettled?: (result: FanResult, settledCount: number) => void;
}

export const DEFAULT_FAN_TEMPERATURE = 0.8;

/**
 * Runs the n slots, at most `concurrency` at a time. A provider's failure settles its slot; any
 * other error (an interrupt, a configuration error unless settled) cancels the calls in flight
 * and rejects once they have stopped.
 */
export async function fan(n: number, prompt: string, opts: FanOptions = {}): Promise<FanResult[]> {
  const env = opts.env ?? process.env;
  const targets = opts.providers?.length ? opts.providers.map(toTarget) : [{ provider: requireProvider(env) }];
  const { temperature: _perSlot, providers: _targets, concurrency, configErrors: _settle, onSettled, signal, ...shared } = opts;
  let settled = 0;
  const slots = Array.from({ length: n }, (_, slot) => slot);
  return mapLimit(slots, Math.max(1, concurrency ?? 8), async (slot, _index, pool) => {
    const target = targets[slot % targets.length]!;
    const linked = linkSignals(signal, pool.signal);
    try {
      const callOpts: CompleteOptions = { ...shared, ...targetOptions(target), env, signal: linked.signal, ...temperatureFor(opts, slot) };
      const result = await settleSlot(slot, prompt, target.provider, callOpts, opts.configErrors ?? 'throw');
      settled += 1;
      onSettled?.(result, settled);
      return result;
    } finally {
      linked.release();
    }
  });
}

function toTarget(entry: ProviderId | FanTarget): FanTarget {
  return typeof entry === 'string' ? { provider: entry } : entry;
}

function targetOptions(target: FanTarget): Pick<CompleteOptions, 'provider' | 'command' | 'model'> {
  return {
    provider: target.provider,
    ...(target.command === undefined ? {} : { command: target.command }),
    ...(target.model === undefined ? {} : { model: target.model }),
  };
}

function temperatureFor(opts: FanOptions, slot: number): { temperature?: number } {
  const temperature = typeof opts.temperature === 'function' ? opts.temperature(slot) : (opts.temperature ?? DEFAULT_FAN_TEMPERATURE);
  return temperature === undefined ? {} : { temperature };
}

/** One slot's call, its failure turned into data when it belongs to the slot. */
async function settleSlot(
  slot: number,
  prompt: string,
  provider: ProviderId,
  callOpts: CompleteOptions,
  configErrors: 'throw' | 'settle',
): Promise<FanResult> {
  const started = Date.now();
  try {
    const completion = await complete(prompt, callOpts);
    return { slot, ok: true, provider, model: completion.model, completion };
  } catch (error) {
    const model = modelFor(provider, callOpts, callOpts.env ?? process.env);
    const failed = (providerError: ProviderError): FanResult => ({ slot, ok: false, provider, model, error: providerError, durationMs: Date.now() - started });
    if (ProviderError.isInstance(error)) return failed(error);
    if (configErrors === 'settle' && OpError.isInstance(error)) {
      return failed(new ProviderError({ provider, model, status: 'not configured', message: error.message, cause: error }));
    }
    // An interrupt or a bad configuration ends the run, not just this slot.
    throw error;
  }
}

/** A signal that aborts when either does; `release` drops the listener left on the caller's. */
function linkSignals(caller: AbortSignal | undefined, pool: AbortSignal): { signal: AbortSignal; release: () => void } {
  if (caller === undefined) return { signal: pool, release: () => undefined };
  const controller = new AbortController();
  const forward = (source: AbortSignal) => () => controller.abort(source.reason);
  const onCaller = forward(caller);
  const onPool = forward(pool);
  if (caller.aborted || pool.aborted) controller.abort((caller.aborted ? caller : pool).reason);
  caller.addEventListener('abort', onCaller, { once: true });
  pool.addEventListener('abort', onPool, { once: true });
  return {
    signal: controller.signal,
    release: () => {
      caller.removeEventListener('abort', onCaller);
      pool.removeEventListener('abort', onPool);
    },
  };
}

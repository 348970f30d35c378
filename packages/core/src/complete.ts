// One completion: resolves provider and model, retries 429/5xx/connection failures with backoff,
// and bounds the whole call (retries included) by one timeout.

import { InterruptedError, OpError, ProviderError } from './errors.js';
import { interruptSignal } from './interrupt.js';
import { assertConfigured, requireProvider, resolveModel } from './providers/detect.js';
import { providerFactories } from './providers/registry.js';
import { sleep } from './sleep.js';
import { toProviderError } from './providers/errors.js';
import type { Provider, ProviderId, Tier, Usage } from './providers/types.js';

export interface CompleteOptions {
  tier?: Tier;
  provider?: ProviderId;
  /** Overrides the tier's model. */
  model?: string;
  system?: string;
  temperature?: number;
  maxTokens?: number;
  /** Bounds the whole call, retries included. Default 180 s. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** For the `command` provider: the command to run for this call (default ADLC_COMMAND). */
  command?: string;
  /** Attempts in all, first included. Default 3. */
  maxAttempts?: number;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  onRetry?: (info: { attempt: number; delayMs: number; error: ProviderError }) => void;
}

export interface Completion {
  text: string;
  provider: ProviderId;
  model: string;
  usage: Usage;
  durationMs: number;
  finishReason: string;
  /** The answer stopped at its token limit: the text is cut off and must not be used as a whole answer. */
  truncated: boolean;
  attempts: number;
}

export const DEFAULT_TIMEOUT_MS = 180_000;
export const DEFAULT_MAX_TOKENS = 16_384;

const providerCache = new WeakMap<NodeJS.ProcessEnv, Map<string, Promise<Provider>>>();

/** Providers are cached per environment and directory, so the fixture provider's cursor persists. */
function getProvider(id: ProviderId, env: NodeJS.ProcessEnv, cwd: string): Promise<Provider> {
  let byKey = providerCache.get(env);
  if (!byKey) {
    byKey = new Map();
    providerCache.set(env, byKey);
  }
  const key = `${id}\0${cwd}`;
  let provider = byKey.get(key);
  if (!provider) {
    provider = providerFactories[id]({ env, cwd });
    provider.catch(() => byKey.delete(key));
    byKey.set(key, provider);
  }
  return provider;
}

/** The providers that talk HTTP through Node's fetch (the SDKs'), as opposed to a command or a fixture file. */
const HTTP_PROVIDERS: ReadonlySet<ProviderId> = new Set(['anthropic', 'openai', 'gemini']);

/**
 * Starts loading providers (their SDKs and clients) before the first call, so a tool can overlap
 * that with its own start-up work (reading git, files). Failures are left for the real call to report.
 * The returned promise settles once every one has loaded or failed, and Node's HTTP client (compiled on
 * its first use, which would otherwise be the first request) is loaded too: calls made after it leave
 * together instead of one SDK load apart.
 */
export function prewarmProviders(ids: readonly ProviderId[], opts: Pick<CompleteOptions, 'env' | 'cwd'> = {}): Promise<void> {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const loads = [...new Set(ids)].map((id) => getProvider(id, env, cwd).then(() => undefined, () => undefined));
  return Promise.all(loads).then(() => {
    if (ids.some((id) => HTTP_PROVIDERS.has(id))) void new Headers(); // any of fetch's classes loads the client
  });
}

/** The model a call will use, as complete() resolves it. */
export function modelFor(provider: ProviderId, opts: Pick<CompleteOptions, 'tier' | 'model' | 'command'>, env: NodeJS.ProcessEnv): string {
  if (opts.model) return opts.model;
  const tier = opts.tier ?? 'mid';
  if (provider === 'command' && !env[`ADLC_MODEL_${tier.toUpperCase()}`]) {
    return opts.command?.trim() || env.ADLC_COMMAND?.trim() || 'command';
  }
  return resolveModel(tier, provider, env);
}

function retryBaseMs(env: NodeJS.ProcessEnv): number {
  const value = Number(env.ADLC_RETRY_BASE_MS);
  return Number.isFinite(value) && value >= 0 ? value : 1000;
}

/**
 * The answer's token limit: the caller's, else ADLC_MAX_TOKENS, else `fallback` (a caller whose
 * answers are short, like a judge's verdict, passes its own). A bad ADLC_MAX_TOKENS is the user's
 * error and says how to fix it.
 */
export function maxTokensFor(opts: Pick<CompleteOptions, 'maxTokens'>, env: NodeJS.ProcessEnv, fallback: number = DEFAULT_MAX_TOKENS): number {
  if (opts.maxTokens !== undefined) return opts.maxTokens;
  const raw = env.ADLC_MAX_TOKENS?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new OpError(`ADLC_MAX_TOKENS must be a positive whole number of tokens, not "${raw}"`, { hint: `unset it for the default (${DEFAULT_MAX_TOKENS})` });
  }
  return value;
}

class TimeoutReason extends Error {}

export async function complete(prompt: string, opts: CompleteOptions = {}): Promise<Completion> {
  const env = opts.env ?? process.env;
  const cwd = opts.cwd ?? process.cwd();
  const providerId = opts.provider ?? requireProvider(env);
  // A per-call command is all the command provider needs; ADLC_COMMAND is only its default.
  if (!(providerId === 'command' && opts.command?.trim())) assertConfigured(providerId, env);
  const model = modelFor(providerId, opts, env);
  const maxTokens = maxTokensFor(opts, env);
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxAttempts = Math.max(1, opts.maxAttempts ?? 3);
  let started = Date.now();

  const controller = new AbortController();
  // The clock starts once the provider is loaded: loading an SDK is start-up work on this machine,
  // not the provider's time to answer, and on a busy machine it can take a good part of a second.
  let timer: NodeJS.Timeout | undefined;
  const interrupt = interruptSignal();
  const forward = (source: AbortSignal) => () => controller.abort(source.reason);
  const onInterrupt = forward(interrupt);
  const onCaller = opts.signal ? forward(opts.signal) : undefined;
  interrupt.addEventListener('abort', onInterrupt, { once: true });
  if (opts.signal && onCaller) opts.signal.addEventListener('abort', onCaller, { once: true });

  const stopped = (last?: ProviderError): Error => {
    const reason: unknown = controller.signal.reason;
    if (interrupt.aborted) return InterruptedError.isInstance(reason) ? reason : new InterruptedError('SIGINT');
    if (reason instanceof TimeoutReason) {
      const seconds = Math.round(timeoutMs / 100) / 10;
      const after = last ? ` (last error: ${last.detail})` : '';
      return new ProviderError({ provider: providerId, model, status: 'timeout', message: `no answer within ${seconds}s${after}` });
    }
    return new ProviderError({ provider: providerId, model, status: 'aborted', message: 'the call was cancelled' });
  };

  try {
    if (interrupt.aborted) throw stopped();
    let provider: Provider;
    try {
      provider = await getProvider(providerId, env, cwd);
    } catch (error) {
      if (OpError.isInstance(error)) throw error;
      throw toProviderError(providerId, model, error, env);
    }
    started = Date.now();
    timer = setTimeout(() => controller.abort(new TimeoutReason()), timeoutMs);
    let lastError: ProviderError | undefined;
    for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
      if (controller.signal.aborted) throw stopped(lastError);
      try {
        const result = await provider.generate({
          prompt,
          model,
          maxTokens,
          signal: controller.signal,
          ...(opts.system === undefined ? {} : { system: opts.system }),
          ...(opts.temperature === undefined ? {} : { temperature: opts.temperature }),
          ...(opts.command === undefined ? {} : { command: opts.command }),
        });
        return {
          text: result.text,
          provider: providerId,
          model: result.model || model,
          usage: result.usage,
          durationMs: Date.now() - started,
          finishReason: result.finishReason,
          truncated: result.truncated,
          attempts: attempt,
        };
      } catch (error) {
        if (controller.signal.aborted) throw stopped(lastError);
        const providerError = toProviderError(providerId, model, error, env);
        lastError = providerError.withAttempts(attempt);
        if (!providerError.retryable || attempt === maxAttempts) throw lastError;
        const backoff = retryBaseMs(env) * 2 ** (attempt - 1);
        const delayMs = Math.round(backoff * (0.75 + Math.random() * 0.5));
        if (Date.now() - started + delayMs >= timeoutMs) throw lastError;
        opts.onRetry?.({ attempt, delayMs, error: providerError });
        try {
          await sleep(delayMs, controller.signal);
        } catch {
          throw stopped(lastError);
        }
      }
    }
    throw lastError ?? stopped();
  } finally {
    clearTimeout(timer);
    interrupt.removeEventListener('abort', onInterrupt);
    if (opts.signal && onCaller) opts.signal.removeEventListener('abort', onCaller);
  }
}

// Which provider answers, and with which model. Pure functions of the environment.

import { OpError } from '../errors.js';
import { PROVIDER_IDS, TIERS, type ProviderId, type Tier } from './types.js';

/** API-key providers in detection order. */
const KEY_VARIABLES: ReadonlyArray<readonly [ProviderId, readonly string[]]> = [
  ['anthropic', ['ANTHROPIC_API_KEY']],
  ['openai', ['OPENAI_API_KEY']],
  ['gemini', ['GEMINI_API_KEY', 'GOOGLE_API_KEY']],
];

/** Current default models per provider and tier (documented in the README; override with ADLC_MODEL_*). */
export const DEFAULT_MODELS: Record<'anthropic' | 'openai' | 'gemini', Record<Tier, string>> = {
  anthropic: { cheap: 'claude-haiku-5-5', mid: 'claude-sonnet-5-5', frontier: 'claude-opus-5-5' },
  openai: { cheap: 'gpt-5.6-luna', mid: 'gpt-5.6-terra', frontier: 'gpt-5.6-sol' },
  gemini: { cheap: 'gemini-3.5-flash-lite', mid: 'gemini-3.5-flash', frontier: 'gemini-3.1-pro-preview' },
};

export const NO_PROVIDER_MESSAGE =
  'no LLM provider configured: set ANTHROPIC_API_KEY, OPENAI_API_KEY or GEMINI_API_KEY (or GOOGLE_API_KEY), ' +
  'or ADLC_PROVIDER=command with ADLC_COMMAND, or ADLC_PROVIDER=fixture with ADLC_FIXTURE';

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

/** The API key of a key-based provider, or undefined. */
export function apiKeyFor(provider: ProviderId, env: NodeJS.ProcessEnv): string | undefined {
  const entry = KEY_VARIABLES.find(([id]) => id === provider);
  if (!entry) return undefined;
  for (const name of entry[1]) {
    const value = env[name];
    if (nonEmpty(value)) return value!.trim();
  }
  return undefined;
}

/** Whether a provider can be used with this environment (key set, or command/fixture configured). */
export function isProviderAvailable(provider: ProviderId, env: NodeJS.ProcessEnv): boolean {
  switch (provider) {
    case 'command':
      return nonEmpty(env.ADLC_COMMAND);
    case 'fixture':
      return nonEmpty(env.ADLC_FIXTURE);
    default:
      return apiKeyFor(provider, env) !== undefined;
  }
}

/**
 * The provider to use: ADLC_PROVIDER when set (an unknown value is an error), else the first of
 * Anthropic, OpenAI, Gemini whose key is set. Null when none is available.
 */
export function detectProvider(env: NodeJS.ProcessEnv = process.env): ProviderId | null {
  const forced = env.ADLC_PROVIDER?.trim();
  if (forced) {
    if (!isProviderId(forced)) {
      throw new OpError(`ADLC_PROVIDER=${forced} is not a provider`, {
        hint: `use one of ${PROVIDER_IDS.join(', ')}`,
      });
    }
    return forced;
  }
  for (const [id] of KEY_VARIABLES) {
    if (apiKeyFor(id, env) !== undefined) return id;
  }
  return null;
}

/** Every key-based provider with a key set, in detection order (for multi-model runs). */
export function availableKeyProviders(env: NodeJS.ProcessEnv = process.env): ProviderId[] {
  return KEY_VARIABLES.filter(([id]) => apiKeyFor(id, env) !== undefined).map(([id]) => id);
}

/** The base-URL variables of the key providers, each with the key it still needs. */
const BASE_URL_VARIABLES: ReadonlyArray<readonly [string, string]> = [
  ['ANTHROPIC_BASE_URL', 'ANTHROPIC_API_KEY'],
  ['OPENAI_BASE_URL', 'OPENAI_API_KEY'],
  ['GEMINI_BASE_URL', 'GEMINI_API_KEY'],
  ['GOOGLE_GEMINI_BASE_URL', 'GEMINI_API_KEY'],
];

/** detectProvider, or an OpError naming the variables to set. */
export function requireProvider(env: NodeJS.ProcessEnv = process.env): ProviderId {
  const provider = detectProvider(env);
  if (provider === null) {
    // A local server (Ollama, vLLM) is reached through a base URL, and still goes through a key provider.
    const url = BASE_URL_VARIABLES.find(([name]) => nonEmpty(env[name]));
    const why = url ? `; ${url[0]} is set but ${url[1]} is not: set it too (any value serves for a server that checks none, e.g. ${url[1]}=local)` : '';
    throw new OpError(`${NO_PROVIDER_MESSAGE}${why}`);
  }
  assertConfigured(provider, env);
  return provider;
}

/** Throws an OpError when a named provider lacks what it needs. */
export function assertConfigured(provider: ProviderId, env: NodeJS.ProcessEnv): void {
  if (isProviderAvailable(provider, env)) return;
  const what: Record<ProviderId, string> = {
    anthropic: 'ANTHROPIC_API_KEY',
    openai: 'OPENAI_API_KEY',
    gemini: 'GEMINI_API_KEY (or GOOGLE_API_KEY)',
    command: 'ADLC_COMMAND (the command that reads a prompt on stdin, e.g. "claude -p")',
    fixture: 'ADLC_FIXTURE (a JSONL file of canned answers)',
  };
  throw new OpError(`provider ${provider} is not configured: set ${what[provider]}`);
}

/**
 * The model for a tier: ADLC_MODEL_<TIER> wins; otherwise the provider's default. The command and
 * fixture providers have no model of their own, so they report the override or the provider name.
 */
export function resolveModel(
  tier: Tier,
  provider: ProviderId | null = null,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const override = env[`ADLC_MODEL_${tier.toUpperCase()}`]?.trim();
  if (override) return override;
  const id = provider ?? detectProvider(env);
  if (id === 'anthropic' || id === 'openai' || id === 'gemini') return DEFAULT_MODELS[id][tier];
  return id ?? DEFAULT_MODELS.anthropic[tier];
}

// Who reviews and who chairs. Reviewers: every provider with a key (Claude, Gemini, OpenAI in the
// Codex seat) or the --reviewers list; chairmen: Claude → Gemini → OpenAI among those configured.

import { availableKeyProviders, detectProvider, isProviderAvailable, NO_PROVIDER_MESSAGE, opError, type ProviderId } from '@adlc/core';

export interface ReviewerSpec {
  /** Shown to people and in --json: Claude, Gemini, Codex, command:<cmd>, fixture. */
  name: string;
  provider: ProviderId;
  /** For a `command:` reviewer, the command run with the prompt on stdin. */
  command?: string;
}

/** The seed's seats, in its order. */
const SEATS: ReadonlyArray<{ provider: ProviderId; name: string }> = [
  { provider: 'anthropic', name: 'Claude' },
  { provider: 'gemini', name: 'Gemini' },
  { provider: 'openai', name: 'Codex' },
];

const ALIASES: Record<string, ProviderId> = {
  anthropic: 'anthropic',
  claude: 'anthropic',
  gemini: 'gemini',
  google: 'gemini',
  openai: 'openai',
  codex: 'openai',
  fixture: 'fixture',
};

const SPEC_START = new RegExp(String.raw`^\s*(?:command:|(?:${Object.keys(ALIASES).join('|')})\s*(?:,|$))`, 'i');

/**
 * Splits a --reviewers value. A comma separates two reviewers only when what follows it starts
 * another reviewer (a provider name or `command:`), so a command may itself contain commas:
 * `command:jq -r '.a,.b',gemini` is two reviewers.
 */
export function splitReviewerList(value: string): string[] {
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i += 1) {
    const ch = value[i]!;
    if (ch === ',' && SPEC_START.test(value.slice(i + 1))) {
      items.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function nameFor(provider: ProviderId): string {
  return SEATS.find((seat) => seat.provider === provider)?.name ?? provider;
}

export function parseReviewerSpec(item: string): ReviewerSpec {
  const commandMatch = /^command:(.*)$/is.exec(item.trim());
  if (commandMatch) {
    const command = commandMatch[1]!.trim();
    if (command === '') throw opError('`command:` needs a command after it', { hint: 'e.g. --reviewers "command:claude -p"' });
    return { name: `command:${command}`, provider: 'command', command };
  }
  const provider = ALIASES[item.trim().toLowerCase()];
  if (provider === undefined) {
    throw opError(`unknown reviewer "${item.trim()}"`, {
      hint: 'use anthropic (claude), gemini (google), openai (codex), fixture or command:<cmd>, separated by commas',
    });
  }
  return { name: nameFor(provider), provider };
}

/** Parses every --reviewers value given (the flag may repeat); duplicates are refused. */
export function parseReviewerList(values: readonly string[]): ReviewerSpec[] {
  const specs = values.flatMap(splitReviewerList).map(parseReviewerSpec);
  const seen = new Set<string>();
  for (const spec of specs) {
    if (seen.has(spec.name)) throw opError(`reviewer ${spec.name} is listed twice`, { hint: 'name each reviewer once' });
    seen.add(spec.name);
  }
  if (specs.length === 0) throw opError('--reviewers names no reviewer', { hint: 'e.g. --reviewers anthropic,gemini,openai' });
  return specs;
}

/**
 * Default reviewers: one per provider with a key, in the seed's order (Claude, Gemini, Codex).
 * With no key set, the one provider ADLC_PROVIDER names (command or fixture) reviews alone.
 */
export function defaultReviewers(env: NodeJS.ProcessEnv): ReviewerSpec[] {
  const keyed = new Set(availableKeyProviders(env));
  const seats = SEATS.filter((seat) => keyed.has(seat.provider)).map((seat) => ({ name: seat.name, provider: seat.provider }));
  if (seats.length > 0) return seats;
  const detected = detectProvider(env);
  if (detected !== null && isProviderAvailable(detected, env)) {
    return [detected === 'command' ? { name: `command:${env.ADLC_COMMAND!.trim()}`, provider: 'command', command: env.ADLC_COMMAND!.trim() } : { name: nameFor(detected), provider: detected }];
  }
  throw opError(NO_PROVIDER_MESSAGE, { hint: 'or name the reviewers with --reviewers (e.g. "command:claude -p")' });
}

/**
 * Chairmen in the order they are tried. --chairman names them (same syntax as --reviewers);
 * otherwise Claude → Gemini → OpenAI among the providers with a key; with none (a command-only or
 * fixture setup), the reviewers themselves, in the order they were given.
 */
export function chairmenFor(explicit: readonly string[] | undefined, reviewers: readonly ReviewerSpec[], env: NodeJS.ProcessEnv): ReviewerSpec[] {
  if (explicit && explicit.length > 0) return parseReviewerList(explicit);
  const keyed = SEATS.filter((seat) => isProviderAvailable(seat.provider, env)).map((seat) => ({ name: seat.name, provider: seat.provider }));
  if (keyed.length > 0) return keyed;
  return reviewers.filter((spec) => spec.provider === 'command' || isProviderAvailable(spec.provider, env));
}

// Keeps secrets out of everything we print, log or send: the values of key variables in the
// environment, and text that looks like a credential.

const KEY_NAME = /(_API_KEY|_TOKEN|_SECRET|_PASSWORD|^ADLC_.*KEY)$/i;

/** Names that say a value is a secret (case-insensitive). */
const SECRET_NAME = '(?:SECRET|PASSWORD|PASSWD|API_KEY|APIKEY|ACCESS_KEY|AUTH_TOKEN|PRIVATE_KEY)';

/** Patterns of common credentials: a match is replaced whole, except its `keep` and `q` groups. */
export const SECRET_PATTERNS: ReadonlyArray<{ name: string; pattern: RegExp }> = [
  { name: 'private-key', pattern: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g },
  { name: 'anthropic-key', pattern: /\bsk-ant-[A-Za-z0-9_-]{16,}/g },
  { name: 'openai-key', pattern: /\bsk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,}/g },
  { name: 'google-key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { name: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,})\b/g },
  { name: 'aws-access-key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g },
  { name: 'slack-token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}\b/g },
  { name: 'stripe-key', pattern: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}\b/g },
  { name: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/g },
  // `NAME = "value"`, `"name": "value"`: a quoted value assigned to a secret-looking name.
  // An already-redacted value is not a second secret: redacting twice must count once.
  {
    name: 'assigned-secret',
    pattern: new RegExp(`\\b(?<keep>[A-Za-z0-9_]*${SECRET_NAME}[A-Za-z0-9_]*["']?\\s*[:=]\\s*)(?<q>["'])(?!\\[REDACTED)[^"'\\s\`]{8,}\\k<q>`, 'gi'),
  },
  // `NAME=value` (env files, shell) and `name: value` at the start of a YAML line, unquoted: only
  // a value with a digit, so code such as `SECRET_PATTERNS: ReadonlyArray<...>` or
  // `API_KEY = process.env.API_KEY` is left alone.
  {
    name: 'assigned-secret',
    pattern: new RegExp(
      `(?<keep>(?:\\b[A-Za-z0-9_]*${SECRET_NAME}[A-Za-z0-9_]*\\s*=|^[+\\- \\t]*[A-Za-z0-9_]*${SECRET_NAME}[A-Za-z0-9_]*:)[ \\t]*)(?!\\[REDACTED)(?=[A-Za-z0-9_\\-+/=~!@#$%^&*]*\\d)[A-Za-z0-9_\\-+/=~!@#$%^&*]{8,}`,
      'gim',
    ),
  },
];

/** Secret values present in the environment (long enough to be worth hiding). */
export function secretValues(env: NodeJS.ProcessEnv = process.env): string[] {
  const values = new Set<string>();
  for (const [name, value] of Object.entries(env)) {
    if (value && value.trim().length >= 8 && KEY_NAME.test(name)) values.add(value.trim());
  }
  return [...values].sort((a, b) => b.length - a.length);
}

export interface Redaction {
  text: string;
  count: number;
  kinds: Record<string, number>;
}

/** Redacts env key values and credential-looking text, counting what was hidden. */
export function redactWithCount(text: string, env: NodeJS.ProcessEnv = process.env): Redaction {
  return redactValues(text, secretValues(env));
}

/**
 * redactSecrets with the environment's secret values read once, for a caller that redacts many
 * texts against one environment (a run log's every event): reading process.env is not cheap.
 */
export function secretRedactor(env: NodeJS.ProcessEnv = process.env): (text: string) => string {
  const values = secretValues(env);
  return (text) => redactValues(text, values).text;
}

function redactValues(text: string, values: readonly string[]): Redaction {
  let out = text;
  let count = 0;
  const kinds: Record<string, number> = {};
  const bump = (kind: string) => {
    count += 1;
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  };
  for (const value of values) {
    const pieces = out.split(value);
    for (let i = 1; i < pieces.length; i += 1) bump('env-key');
    out = pieces.join('[REDACTED]');
  }
  for (const { name, pattern } of SECRET_PATTERNS) {
    out = out.replace(pattern, (...args: unknown[]) => {
      bump(name);
      if (name === 'private-key') return '[REDACTED PRIVATE KEY]';
      const groups = args.at(-1) as Record<string, string | undefined> | string;
      if (typeof groups !== 'object') return '[REDACTED]';
      const quote = groups.q ?? '';
      return `${groups.keep ?? ''}${quote}[REDACTED]${quote}`;
    });
  }
  return { text: out, count, kinds };
}

/** redactWithCount without the count. */
export function redactSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
  return redactWithCount(text, env).text;
}

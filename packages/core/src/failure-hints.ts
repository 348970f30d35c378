// What a person should check when a model call fails, by the cause: one table, so a command that is not
// found is never told to check its key, and a key that is refused is never told to raise --timeout.

export const FAILURE_KINDS = ['command', 'key', 'model', 'rate-limit', 'server', 'timeout', 'connection', 'not-configured', 'unparsable', 'truncated', 'other'] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export const FAILURE_HINTS: Record<FailureKind, string> = {
  command: 'check the command (ADLC_COMMAND, or the one named for it): that it exists at that path or on the PATH, and that it reads the prompt on stdin and answers on stdout',
  key: "check the provider's key (its *_API_KEY variable): it was refused",
  model: 'check the model name (ADLC_MODEL_*): the provider does not know it',
  'rate-limit': 'the provider is rate-limiting or out of quota: wait, or check the plan of the key',
  server: "the provider failed on its side: check the provider's status, then run again",
  // Only some tools let a person bound a model call (consensus-synthesis's --timeout; consensus-fix's
  // --timeout bounds the test runs): such a tool words its own (failureHint's `own`).
  timeout: 'the model did not answer in time: run again, or pick a faster model or provider',
  connection: 'the provider could not be reached: check the network, a proxy, and any *_BASE_URL',
  'not-configured': "set the provider's key (or ADLC_COMMAND for the command provider), or pick configured providers",
  unparsable: 'the model answered, but not in the format asked for: run again, or pick another model',
  truncated: 'the answer was cut off at its token limit: raise ADLC_MAX_TOKENS',
  other: 'check the key, the model name (ADLC_MODEL_*) and the provider status, then run again',
};

/**
 * The kind of a failed call, from a ProviderError's provider and status: a `command:` provider's
 * non-zero exit or signal is the command's; an HTTP 401/403 the key's; a 404 the model name's.
 */
export function failureKind(error: { provider: string; status: number | string }): FailureKind {
  const { provider, status } = error;
  const command = provider === 'command' || provider.startsWith('command:');
  if (typeof status === 'number') {
    if (status === 401 || status === 403) return 'key';
    if (status === 404) return 'model';
    if (status === 429) return 'rate-limit';
    if (status >= 500) return 'server';
    return 'other';
  }
  if (command && (status.startsWith('exit ') || status.startsWith('signal ') || status === 'not configured')) return 'command';
  if (status === 'timeout' || (command && status === 'aborted')) return 'timeout';
  if (status === 'connection') return 'connection';
  if (status === 'not configured') return 'not-configured';
  return 'other';
}

/** The hint for one or more failures: each distinct kind's, in the order met; `own` words a kind the tool's way. */
export function failureHint(kinds: Iterable<FailureKind>, own: Partial<Record<FailureKind, string>> = {}): string {
  const distinct = [...new Set(kinds)];
  return (distinct.length === 0 ? ['other' as const] : distinct).map((kind) => own[kind] ?? FAILURE_HINTS[kind]).join('; ');
}

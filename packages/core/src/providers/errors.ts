// Maps whatever an SDK, a fetch or a child process threw into a ProviderError that names the
// provider, model and status, with a one-line message that never carries a key.

import { ProviderError } from '../errors.js';
import { redactSecrets } from '../redact.js';

const RETRYABLE_STATUS = new Set([408, 409, 425, 429, 500, 502, 503, 504, 529]);

export function isRetryableStatus(status: number | string): boolean {
  if (typeof status === 'number') return RETRYABLE_STATUS.has(status) || status >= 500;
  return status === 'connection';
}

function oneLine(text: string, max = 400): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** Pulls the provider's own error message out of an SDK error whose message embeds a JSON body. */
function providerMessage(error: Error): string {
  const raw = error.message ?? String(error);
  const match = /"message"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(raw);
  if (match?.[1]) {
    try {
      return JSON.parse(`"${match[1]}"`) as string;
    } catch {
      return match[1];
    }
  }
  return raw;
}

export function toProviderError(provider: string, model: string, error: unknown, env: NodeJS.ProcessEnv): ProviderError {
  if (ProviderError.isInstance(error)) return error;
  const err = error instanceof Error ? error : new Error(String(error));
  const record = err as unknown as Record<string, unknown>;
  const name = err.name ?? '';
  let status: number | string;
  if (typeof record.status === 'number') status = record.status;
  else if (typeof record.code === 'number' && record.code >= 400) status = record.code;
  else if (/abort/i.test(name) || (err as { code?: unknown }).code === 'ABORT_ERR') status = 'aborted';
  else if (/timeout/i.test(name)) status = 'timeout';
  else status = 'connection';
  // SDK messages often open with the status ("401 Invalid key"); the prefix already says it.
  const message = providerMessage(err).replace(/^\s*\d{3}\b\s*(status code[^,:]*[,:]?\s*)?/i, '');
  const detail = oneLine(redactSecrets(message, env)) || name || 'unknown error';
  return new ProviderError({ provider, model, status, message: detail, retryable: isRetryableStatus(status), cause: err });
}

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { complete } from '../src/complete.js';
import { ProviderError } from '../src/errors.js';
import { FAKE_KEYS, startFakeProviderServer, type FakeProviderServer } from '@adlc/testkit';
import type { ProviderId } from '../src/providers/types.js';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const KEY_PROVIDERS = [
  ['anthropic', 'anthropic'],
  ['openai', 'openai'],
  ['gemini', 'gemini'],
] as const satisfies ReadonlyArray<readonly [ProviderId, string]>;

function envFor(provider: ProviderId, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...server.env(), ADLC_PROVIDER: provider, ADLC_RETRY_BASE_MS: '10', ...extra };
}

describe.each(KEY_PROVIDERS)('%s adapter through the real SDK', (provider, protocol) => {
  it('sends model, system and prompt on the real wire format and reads text and usage back', async () => {
    server.enqueue(protocol, { text: 'the answer', usage: { inputTokens: 11, outputTokens: 7 } });
    const result = await complete('What is 2+2?', {
      env: envFor(provider, { ADLC_MODEL_CHEAP: 'model-x' }),
      tier: 'cheap',
      system: 'be brief',
      temperature: 0.3,
      maxTokens: 321,
    });
    expect(result).toMatchObject({ text: 'the answer', provider, attempts: 1 });
    // Reported by the API, so not marked as an estimate.
    expect(result.usage).toStrictEqual({ inputTokens: 11, outputTokens: 7 });
    expect(result.model).toBe('model-x');
    const [request] = server.requestsFor(protocol);
    expect(request).toMatchObject({ model: 'model-x', prompt: 'What is 2+2?', system: 'be brief', maxTokens: 321, temperature: 0.3 });
  });

  it('reports an answer cut off at its token limit as truncated, in each protocol\'s own words', async () => {
    server.enqueue(protocol, { text: '{"changes": [{"file": "a.js", "con', truncated: true }, 'whole');
    const cut = await complete('hi', { env: envFor(provider) });
    expect(cut).toMatchObject({ text: '{"changes": [{"file": "a.js", "con', truncated: true, attempts: 1 });
    expect(cut.finishReason).toBe({ anthropic: 'max_tokens', openai: 'length', gemini: 'MAX_TOKENS' }[protocol]);
    const whole = await complete('hi', { env: envFor(provider) });
    expect(whole).toMatchObject({ text: 'whole', truncated: false });
  });

  it('takes the token limit from ADLC_MAX_TOKENS when the caller sets none, and refuses a bad one', async () => {
    server.enqueue(protocol, 'ok');
    await complete('hi', { env: envFor(provider, { ADLC_MAX_TOKENS: '777' }) });
    expect(server.requestsFor(protocol)[0]?.maxTokens).toBe(777);
    const error = await complete('hi', { env: envFor(provider, { ADLC_MAX_TOKENS: 'lots' }) }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/ADLC_MAX_TOKENS must be a positive whole number/);
    expect(server.requestsFor(protocol)).toHaveLength(1);
  });

  it('retries a 429 with backoff, then succeeds', async () => {
    server.enqueue(protocol, { status: 429, message: 'slow down' }, { status: 503, message: 'overloaded' }, 'finally');
    const retries: number[] = [];
    const result = await complete('hi', { env: envFor(provider), onRetry: (r) => retries.push(r.attempt) });
    expect(result.text).toBe('finally');
    expect(result.attempts).toBe(3);
    expect(retries).toEqual([1, 2]);
    expect(server.requestsFor(protocol)).toHaveLength(3);
  });

  it('does not retry a 400 and names provider, model and status', async () => {
    server.enqueue(protocol, { status: 400, message: 'model not found: nope' });
    const error = await complete('hi', { env: envFor(provider), model: 'nope' }).catch((e: unknown) => e);
    expect(ProviderError.isInstance(error)).toBe(true);
    const err = error as ProviderError;
    expect(err.status).toBe(400);
    expect(err.provider).toBe(provider);
    expect(err.message).toContain('nope');
    expect(err.message).toContain('HTTP 400');
    expect(err.message).not.toMatch(/HTTP 400: 400/);
    expect(server.requestsFor(protocol)).toHaveLength(1);
  });

  it('times out on a hanging server, retries included in the bound', async () => {
    server.handle(() => ({ hang: true }), protocol);
    const error = await complete('hi', { env: envFor(provider), timeoutMs: 400 }).catch((e: unknown) => e);
    expect(ProviderError.isInstance(error)).toBe(true);
    expect((error as ProviderError).status).toBe('timeout');
    expect((error as ProviderError).message).toMatch(/no answer within 0.4s/);
  });

  it('never prints the API key, even when the server echoes it back', async () => {
    const key = Object.values(FAKE_KEYS).find((k) => JSON.stringify(envFor(provider)).includes(k))!;
    // The server echoes whatever credential it received, as some proxies do.
    server.handle((req) => {
      const sent = [req.headers['x-api-key'], req.headers.authorization, req.headers['x-goog-api-key']].filter(Boolean).join(' ');
      return { status: 401, message: `invalid credential: ${sent}` };
    }, protocol);
    const error = (await complete('hi', { env: envFor(provider) }).catch((e: unknown) => e)) as ProviderError;
    expect(error.status).toBe(401);
    for (const value of Object.values(FAKE_KEYS)) expect(error.message).not.toContain(value);
    expect(error.message).toContain('[REDACTED]');
    expect(key.length).toBeGreaterThan(8);
  });
});

describe('connection failures', () => {
  it('retries connection errors and reports the status as connection', async () => {
    const env = { ANTHROPIC_API_KEY: FAKE_KEYS.ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL: 'http://127.0.0.1:9', ADLC_RETRY_BASE_MS: '5' };
    const error = (await complete('hi', { env, maxAttempts: 2 }).catch((e: unknown) => e)) as ProviderError;
    expect(error.status).toBe('connection');
    expect(error.attempts).toBe(2);
  });
});

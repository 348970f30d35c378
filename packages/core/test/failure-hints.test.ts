// The hint a failed call gets matches its cause: the real SDK clients against the loopback server
// (401 → the key, 404 → the model name), and the command provider pointed at a missing command.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProviderServer, type FakeProviderServer } from '@adlc/testkit';
import { complete } from '../src/complete.js';
import { errorDocument } from '../src/outcome.js';
import { ProviderError } from '../src/errors.js';
import { FAILURE_HINTS, failureHint, failureKind, type FailureKind } from '../src/failure-hints.js';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

/** The hint the CLIs print for the error a call throws. */
async function hintOf(env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const error = await complete('hello', { env: { ADLC_RETRY_BASE_MS: '1', ...env }, tier: 'cheap' }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the call should fail').toBeDefined();
  return errorDocument(error, env).error.hint;
}

describe.each([
  ['anthropic', 'anthropic'],
  ['openai', 'openai'],
  ['gemini', 'gemini'],
] as const)('%s through the real SDK', (provider, protocol) => {
  const env = () => ({ ...server.env(), ADLC_PROVIDER: provider });
  it('401: check the key, not the model name', async () => {
    server.enqueue(protocol, { status: 401, message: 'invalid x-api-key' });
    const hint = await hintOf(env());
    expect(hint).toBe(FAILURE_HINTS.key);
    expect(hint).not.toMatch(/model/);
  });
  it('404: check the model name, not the key', async () => {
    server.enqueue(protocol, { status: 404, message: 'model: nope' });
    const hint = await hintOf(env());
    expect(hint).toBe(FAILURE_HINTS.model);
    expect(hint).not.toMatch(/key/);
  });
});

describe('the command provider', () => {
  it('a command that is not found (exit 127): check the command, not the key or the model', async () => {
    const hint = await hintOf({ ADLC_PROVIDER: 'command', ADLC_COMMAND: 'adlc-no-such-command-27 --print', PATH: process.env.PATH ?? '' });
    expect(hint).toBe(FAILURE_HINTS.command);
    expect(hint).toContain('ADLC_COMMAND');
    expect(hint).toContain('stdin');
    expect(hint).not.toMatch(/key|model name/);
  });
});

describe('failureKind and failureHint', () => {
  it.each([
    [{ provider: 'anthropic', status: 401 }, 'key'],
    [{ provider: 'openai', status: 403 }, 'key'],
    [{ provider: 'gemini', status: 404 }, 'model'],
    [{ provider: 'openai', status: 429 }, 'rate-limit'],
    [{ provider: 'anthropic', status: 529 }, 'server'],
    [{ provider: 'anthropic', status: 'timeout' }, 'timeout'],
    [{ provider: 'openai', status: 'connection' }, 'connection'],
    [{ provider: 'anthropic', status: 'not configured' }, 'not-configured'],
    [{ provider: 'command:claude -p', status: 'exit 127' }, 'command'],
    [{ provider: 'command:claude -p', status: 'signal SIGSEGV' }, 'command'],
    [{ provider: 'command', status: 'not configured' }, 'command'],
    [{ provider: 'command:slow', status: 'aborted' }, 'timeout'],
    [{ provider: 'openai', status: 400 }, 'other'],
  ] as const)('%o → %s', (error, kind) => {
    expect(failureKind(error)).toBe(kind);
  });

  it("a tool words a kind its own way; core's timeout hint names no flag (consensus-fix's --timeout bounds test runs, not model calls)", () => {
    expect(failureHint(['timeout', 'key', 'timeout'], { timeout: 'raise --timeout' })).toBe(`raise --timeout; ${FAILURE_HINTS.key}`);
    expect(errorDocument(new ProviderError({ provider: 'anthropic', model: 'm', status: 'timeout', message: 'no answer within 180s' })).error.hint).toBe(FAILURE_HINTS.timeout);
    expect(FAILURE_HINTS.timeout).not.toContain('--timeout');
  });

  it('names each distinct cause once, in the order met', () => {
    const kinds: FailureKind[] = ['key', 'command', 'key'];
    expect(failureHint(kinds)).toBe(`${FAILURE_HINTS.key}; ${FAILURE_HINTS.command}`);
    expect(failureHint([])).toBe(FAILURE_HINTS.other);
  });
});

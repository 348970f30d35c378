import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpError } from '../src/errors.js';
import { fan, type FanResult } from '../src/fan.js';
import { startFakeProviderServer, type FakeProviderServer } from '@adlc/testkit';

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeProviderServer();
});
afterAll(() => server.close());

/** Answers every request after `delayMs`, recording the most requests in flight at once. */
function trackInFlight(delayMs: number): { peak: number } {
  server.reset();
  const state = { now: 0, peak: 0 };
  server.handle(async () => {
    state.now += 1;
    state.peak = Math.max(state.peak, state.now);
    await new Promise((r) => setTimeout(r, delayMs));
    state.now -= 1;
    return 'ok';
  });
  return state;
}

describe('fan', () => {
  it('settles each slot on its own, in slot order, with one failing slot', async () => {
    server.reset();
    // Slot 1's request fails without retry (400); the others answer.
    server.enqueue('anthropic', 'a0', { status: 400, message: 'bad request' }, 'a2');
    const settled: number[] = [];
    const results = await fan(3, 'prompt', {
      env: { ...server.env(), ADLC_PROVIDER: 'anthropic' },
      concurrency: 1,
      onSettled: (r) => settled.push(r.slot),
    });
    expect(results.map((r) => r.ok)).toEqual([true, false, true]);
    expect(results[0]!.ok && results[0]!.completion.text).toBe('a0');
    expect(results[2]!.ok && results[2]!.completion.text).toBe('a2');
    expect(!results[1]!.ok && results[1]!.error.status).toBe(400);
    expect(settled).toEqual([0, 1, 2]);
  });

  it('runs all calls at once when under the cap', async () => {
    // Long enough that, on a loaded machine, the first answer does not come back before the last call starts.
    const inFlight = trackInFlight(300);
    const results = await fan(5, 'p', { env: { ...server.env(), ADLC_PROVIDER: 'openai' } });
    expect(results.every((r) => r.ok)).toBe(true);
    expect(inFlight.peak).toBe(5);
  });

  it('respects the concurrency cap', async () => {
    const inFlight = trackInFlight(30);
    await fan(6, 'p', { env: { ...server.env(), ADLC_PROVIDER: 'gemini' }, concurrency: 2 });
    expect(inFlight.peak).toBe(2);
  });

  it('rotates providers across slots and samples above 0 by default', async () => {
    server.reset();
    server.handle(() => 'ok');
    const results = await fan(4, 'p', {
      env: server.env(),
      providers: ['anthropic', 'openai', 'gemini'],
      model: 'm',
    });
    expect(results.map((r) => r.provider)).toEqual(['anthropic', 'openai', 'gemini', 'anthropic']);
    expect(server.requests.map((r) => r.protocol).sort()).toEqual(['anthropic', 'anthropic', 'gemini', 'openai']);
    expect(server.requestsFor('anthropic').every((r) => (r.temperature ?? 0) > 0)).toBe(true);
  });

  it('takes a temperature per slot', async () => {
    server.reset();
    server.handle(() => 'ok');
    await fan(3, 'p', { env: { ...server.env(), ADLC_PROVIDER: 'anthropic' }, temperature: (slot) => (slot === 0 ? 0 : 1), concurrency: 1 });
    expect(server.requests.map((r) => r.temperature)).toEqual([0, 1, 1]);
  });

  it('gives each slot its own provider, model or command', async () => {
    server.reset();
    server.handle((request) => `${request.protocol} ${request.model}`);
    const results = await fan(4, 'p', {
      env: server.env(),
      cwd: process.cwd(),
      providers: [
        { provider: 'anthropic', model: 'claude-x' },
        'openai',
        { provider: 'command', command: 'printf "%s" first-command' },
        { provider: 'command', command: 'printf "%s" second-command' },
      ],
      model: 'shared-model',
    });
    expect(results.map((r) => (r.ok ? r.completion.text : r.error.message))).toEqual([
      'anthropic claude-x',
      'openai shared-model',
      'first-command',
      'second-command',
    ]);
    expect(results.map((r) => r.provider)).toEqual(['anthropic', 'openai', 'command', 'command']);
    expect(server.requests.map((r) => `${r.protocol} ${r.model}`).sort()).toEqual(['anthropic claude-x', 'openai shared-model']);
  });

  it("settles a slot's missing key as that slot's failure when asked to", async () => {
    server.reset();
    server.handle(() => 'ok');
    const { OPENAI_API_KEY: _none, ...env } = server.env();
    const results = await fan(2, 'p', { env, providers: ['anthropic', 'openai'], configErrors: 'settle' });
    expect(results[0]!.ok).toBe(true);
    const failed = results[1] as Extract<FanResult, { ok: false }>;
    expect(failed.ok).toBe(false);
    expect(failed.error.status).toBe('not configured');
    expect(failed.error.message).toContain('OPENAI_API_KEY');
    expect(failed.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('ends on a configuration error by default, cancelling the calls in flight before it rejects', async () => {
    server.reset();
    server.handle(() => ({ hang: true }), 'anthropic');
    const { OPENAI_API_KEY: _none, ...env } = server.env();
    const settled: FanResult[] = [];
    const started = Date.now();
    const outcome = fan(2, 'p', {
      env,
      providers: ['anthropic', 'openai'],
      timeoutMs: 20_000,
      onSettled: (r) => settled.push(r),
    });
    await expect(outcome).rejects.toSatisfy((error) => OpError.isInstance(error));
    // The hanging call was stopped, not left running until its timeout.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(settled.map((r) => (r.ok ? 'ok' : r.error.status))).toEqual(['aborted']);
  });
});

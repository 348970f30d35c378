import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fan } from '../src/fan.js';
import { startFakeProviderServer, type FakeProviderServer } from '../src/testkit/index.js';

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
    const inFlight = trackInFlight(50);
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
});

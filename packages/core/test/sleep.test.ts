import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { sleep } from '../src/sleep.js';

describe('sleep', () => {
  it('resolves after the delay and leaves no listener on the signal', async () => {
    const controller = new AbortController();
    const started = Date.now();
    await sleep(40, controller.signal);
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('works without a signal', async () => {
    await expect(sleep(1)).resolves.toBeUndefined();
  });

  it('rejects with the reason as soon as the signal aborts', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('stop')), 20);
    await expect(sleep(10_000, controller.signal)).rejects.toThrow('stop');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('rejects at once when the signal has already aborted', async () => {
    const started = Date.now();
    await expect(sleep(10_000, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

import { describe, expect, it } from 'vitest';
import { mapLimit } from '../src/map-limit.js';
import { sleep } from '../src/sleep.js';

/** Records calls in flight, the most at once, and which lanes were busy together. */
function tracker() {
  const state = { now: 0, peak: 0, started: [] as number[], busyLanes: new Set<number>(), laneClash: false };
  const run = async <R>(index: number, lane: number, work: () => Promise<R>): Promise<R> => {
    state.started.push(index);
    if (state.busyLanes.has(lane)) state.laneClash = true;
    state.busyLanes.add(lane);
    state.now += 1;
    state.peak = Math.max(state.peak, state.now);
    try {
      return await work();
    } finally {
      state.now -= 1;
      state.busyLanes.delete(lane);
    }
  };
  return { state, run };
}

describe('mapLimit', () => {
  it.each([
    [1, 5, 1],
    [2, 6, 2],
    [3, 7, 3],
    [8, 3, 3],
    [Infinity, 4, 4],
    [0, 3, 1],
    [Number.NaN, 3, 1],
  ])('limit %s over %s items: at most %s in flight, results in input order', async (limit, count, peak) => {
    const { state, run } = tracker();
    const items = Array.from({ length: count }, (_, i) => i);
    // Later items finish first, so order comes from the index, not from completion.
    const results = await mapLimit(items, limit, (item, index, { lane }) =>
      run(index, lane, async () => {
        await sleep(5 * (count - item));
        return `r${item}`;
      }),
    );
    expect(results).toEqual(items.map((i) => `r${i}`));
    expect(state.peak).toBe(peak);
    expect(state.laneClash).toBe(false);
    // Items start in input order.
    expect(state.started).toEqual(items);
  });

  it('gives lanes numbered below the limit', async () => {
    const lanes = new Set<number>();
    await mapLimit([1, 2, 3, 4, 5, 6], 3, async (_item, _index, { lane }) => {
      lanes.add(lane);
      await sleep(2);
    });
    expect([...lanes].sort()).toEqual([0, 1, 2]);
  });

  it('resolves [] for no items without calling fn', async () => {
    let calls = 0;
    expect(await mapLimit([], 4, async () => (calls += 1))).toEqual([]);
    expect(calls).toBe(0);
  });

  it('on a rejection starts nothing more, aborts the calls in flight and rejects once they settle', async () => {
    const started: number[] = [];
    const settled: number[] = [];
    const abortedInFlight: number[] = [];
    const outcome = mapLimit([0, 1, 2, 3, 4, 5], 3, async (item, _index, { signal }) => {
      started.push(item);
      try {
        if (item === 1) {
          await sleep(10);
          throw new Error('item 1 failed');
        }
        // The others would take long; they stop when told to.
        await sleep(item === 0 ? 50 : 10_000, signal).catch(() => abortedInFlight.push(item));
        await sleep(20); // cleanup that must finish before mapLimit settles
        return item;
      } finally {
        settled.push(item);
      }
    });
    const startedAt = Date.now();
    await expect(outcome).rejects.toThrow('item 1 failed');
    expect(Date.now() - startedAt).toBeLessThan(2000);
    expect(started).toEqual([0, 1, 2]);
    expect(abortedInFlight.sort()).toEqual([0, 2]);
    expect(settled.sort()).toEqual([0, 1, 2]);
  });

  it('rejects with the first error, not the ones it caused', async () => {
    const outcome = mapLimit([0, 1], 2, async (item, _index, { signal }) => {
      if (item === 0) throw new Error('first');
      await sleep(10_000, signal).catch(() => {
        throw new Error('aborted because of the first');
      });
    });
    await expect(outcome).rejects.toThrow(/^first$/);
  });

  it('stops on the caller signal with its reason, after the calls in flight settle', async () => {
    const controller = new AbortController();
    const started: number[] = [];
    const settled: number[] = [];
    const outcome = mapLimit(
      [0, 1, 2, 3],
      2,
      async (item) => {
        started.push(item);
        await sleep(40);
        settled.push(item);
        return item;
      },
      { signal: controller.signal },
    );
    setTimeout(() => controller.abort(new Error('cancelled')), 10);
    await expect(outcome).rejects.toThrow('cancelled');
    expect(started).toEqual([0, 1]);
    expect(settled).toEqual([0, 1]);
  });

  it('runs nothing when the caller signal has already aborted', async () => {
    let calls = 0;
    await expect(mapLimit([1, 2], 2, async () => (calls += 1), { signal: AbortSignal.abort(new Error('early')) })).rejects.toThrow('early');
    expect(calls).toBe(0);
  });
});

// A bounded worker pool: one function over many items, at most `limit` at a time, results in
// input order. Shared by fan and by the tools' judge and gate runs so they stop alike on failure.

export interface MapLimitOptions {
  /** Aborting it starts no further item; mapLimit rejects with its reason once the running ones settle. */
  signal?: AbortSignal;
}

export interface MapLimitSlot {
  /**
   * The lane (0 ≤ lane < limit) running this item. A lane runs its items one after another, so
   * state kept per lane (a private copy of a working tree) is never used by two items at once.
   */
  lane: number;
  /** Aborted when another item rejects or the caller's signal aborts: pass it on to cut in-flight work short. */
  signal: AbortSignal;
}

/**
 * Maps `fn` over `items` with at most `limit` calls in flight (a limit below 1 counts as 1).
 * Resolves with the results in the order of `items`. When a call rejects (or `opts.signal`
 * aborts), no further item starts, the signal handed to the calls in flight aborts, and mapLimit
 * rejects with that first error (or the abort reason) only after every call in flight has
 * settled, so nothing is still running (writing files, holding a workspace) when the caller
 * sees the failure. Later errors are dropped.
 */
export async function mapLimit<T, R>(
  items: ReadonlyArray<T>,
  limit: number,
  fn: (item: T, index: number, slot: MapLimitSlot) => Promise<R>,
  opts: MapLimitOptions = {},
): Promise<R[]> {
  const caller = opts.signal;
  if (caller?.aborted) throw caller.reason;
  const stop = new AbortController();
  const onCallerAbort = (): void => stop.abort(caller?.reason);
  caller?.addEventListener('abort', onCallerAbort, { once: true });

  const results = new Array<R>(items.length);
  let next = 0;
  const runLane = async (lane: number): Promise<void> => {
    while (next < items.length && !stop.signal.aborted) {
      const index = next;
      next += 1;
      try {
        results[index] = await fn(items[index] as T, index, { lane, signal: stop.signal });
      } catch (error) {
        // The first reason to stop wins: errors after it are usually its consequences (aborted calls).
        if (!stop.signal.aborted) stop.abort(error);
      }
    }
  };
  const lanes = limit >= 1 ? Math.min(Math.floor(limit), items.length) : Math.min(1, items.length);
  try {
    await Promise.all(Array.from({ length: lanes }, (_, lane) => runLane(lane)));
  } finally {
    caller?.removeEventListener('abort', onCallerAbort);
  }
  if (stop.signal.aborted) throw stop.signal.reason;
  return results;
}

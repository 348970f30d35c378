// A timer to await that an abort signal cuts short: retry back-off and the fixture provider's
// scripted delays must both end the moment a call is cancelled or times out.

/** Resolves after `ms`; rejects with the signal's reason as soon as it aborts (at once if it already has). */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

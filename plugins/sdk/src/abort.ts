/** The rejection of a cancelled call or wait: a DOMException named `AbortError`, like fetch's. */
export function abortError(message = 'The operation was aborted'): DOMException {
  return new DOMException(message, 'AbortError');
}

/** What a wait on `signal` rejects with: the reason the host gave when it is an error, else a plain AbortError. */
/**
 * The cause given to an UnavailableError for a timeout, with the code Node uses, so that the host can tell a service
 * that does not answer (a batch stops asking it) from one that answered with an error.
 */
export function timeoutCause(): Error {
  return Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' });
}

export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : abortError();
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

/** Resolves after `ms`, or rejects as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal as AbortSignal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Settles like `promise`, or rejects as soon as `signal` aborts, whether or not `promise` listens to it. */
export function raceWithSignal<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
  });
  // The loser must not surface as an unhandled rejection.
  aborted.catch(() => undefined);
  promise.catch(() => undefined);
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

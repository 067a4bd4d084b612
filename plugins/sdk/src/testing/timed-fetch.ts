/**
 * A fetch that notes when each request leaves the host. Pacing tests compare these times rather than when a local
 * fake saw the requests arrive: on a loaded machine one request can reach the fake late and the next on time, which
 * shortens the gap the fake sees without the host having sent early.
 */
export interface TimedFetch {
  fetch: typeof fetch;
  /** `performance.now()` at each call, in call order. */
  sentAt: number[];
}

export function timedFetch(inner?: typeof fetch): TimedFetch {
  const sentAt: number[] = [];
  return {
    sentAt,
    fetch: (input, init) => {
      sentAt.push(performance.now());
      // Looked up at each call, not captured: tests may stub the global fetch after the host is made.
      return (inner ?? globalThis.fetch)(input, init);
    },
  };
}

/** The time between each request and the one before it. */
export function gapsBetween(times: readonly number[]): number[] {
  return times.slice(1).map((time, index) => time - times[index]!);
}

/**
 * Between the limiter's grant and the fetch call lie a few synchronous steps (headers, signals); a loaded machine may
 * pause the process there for some milliseconds. Far below any spacing a test checks.
 */
export const SEND_SLACK_MS = 50;

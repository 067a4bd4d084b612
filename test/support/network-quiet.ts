import type { Page, Request } from 'playwright-core';

/**
 * The page's requests in flight, counted from the events Playwright reports, and a wait for none. Playwright's own
 * `waitForLoadState('networkidle')` waits for 500 ms of silence after the last request, on every page: a walk of a few
 * hundred pages spent minutes on that timer alone. This ends as soon as nothing is in flight and two frames were drawn
 * without a new request starting.
 */
export interface NetworkQuiet {
  /** Resolves once no request of the page is in flight and none started over two frames; throws after `timeoutMs`. */
  settled(timeoutMs?: number): Promise<void>;
}

export function watchNetwork(page: Page): NetworkQuiet {
  const inFlight = new Set<Request>();
  let waiters: (() => void)[] = [];
  const done = (request: Request) => {
    inFlight.delete(request);
    if (inFlight.size > 0) return;
    const waiting = waiters;
    waiters = [];
    for (const wake of waiting) wake();
  };
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', done);
  page.on('requestfailed', done);

  const none = () =>
    inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(() => resolve()));
  const twoFrames = () =>
    page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(undefined)))),
    );

  return {
    async settled(timeoutMs = 15_000) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          const urls = [...inFlight].map((request) => request.url()).join(', ');
          reject(new Error(`requests still in flight after ${timeoutMs} ms: ${urls}`));
        }, timeoutMs);
      });
      try {
        for (;;) {
          await Promise.race([none(), late]);
          // What the last answer rendered may start another request (an image, the next part of a list).
          await Promise.race([twoFrames(), late]);
          if (inFlight.size === 0) return;
        }
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

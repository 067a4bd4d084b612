/**
 * Runs `analyse` over `items` with at most `concurrency` in flight and hands the results to `store` in groups of
 * `groupSize` (in the order they finish), one store at a time, while the next items are analysed.
 *
 * Why not "analyse a batch, wait for all of it, store it": the analysis thread and the reader processes then idled
 * while a batch's slowest files finished and again while it was written (several round trips on PostgreSQL), and the
 * event loop idled while they worked. Here they overlap. Memory stays bounded: while two groups wait for or are in
 * their store, no new item is started (at most three groups and the analyses in flight are held). The first failure
 * (of an analysis, a store, or of `items` itself) stops the rest and is thrown once the store in flight has settled.
 * `items` may be asynchronous (a first scan's walk, read as it is consumed).
 */
export async function analyseAndStore<T, R>(
  items: Iterable<T> | AsyncIterable<T>,
  options: { concurrency: number; groupSize: number },
  analyse: (item: T) => Promise<R>,
  store: (group: { item: T; result: R }[]) => Promise<void>,
): Promise<void> {
  const iterator: Iterator<T> | AsyncIterator<T> =
    Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : items[Symbol.iterator]();
  let group: { item: T; result: R }[] = [];
  let storing: Promise<void> = Promise.resolve();
  /** The stores queued and not yet ended, oldest first. */
  const unstored: Promise<void>[] = [];
  let failed = false;
  /** The first failure in time (a worker's own failure may come after another's). */
  let firstFailure: { error: unknown } | null = null;
  const fail = (error: unknown) => {
    failed = true;
    firstFailure ??= { error };
  };
  /** Queues `full` after the store before it; failures stop every worker. */
  const queueStore = (full: { item: T; result: R }[]): Promise<void> => {
    const previous = storing;
    storing = (async () => {
      await previous;
      await store(full);
    })();
    const queued = storing;
    unstored.push(queued);
    queued.then(
      () => unstored.splice(unstored.indexOf(queued), 1),
      (error: unknown) => fail(error),
    );
    return queued;
  };
  const worker = async (): Promise<void> => {
    while (!failed) {
      // Backpressure: the database is behind; the oldest store's failure is the other worker's to throw.
      while (unstored.length >= 2 && !failed) await unstored[0]!.catch(() => undefined);
      if (failed) return;
      let next: IteratorResult<T>;
      try {
        next = await iterator.next();
      } catch (error) {
        fail(error);
        throw error;
      }
      if (failed) return;
      if (next.done) return;
      let result: R;
      try {
        result = await analyse(next.value);
      } catch (error) {
        fail(error);
        throw error;
      }
      group.push({ item: next.value, result });
      if (group.length >= options.groupSize) {
        const full = group;
        group = [];
        await queueStore(full);
      }
    }
  };
  const workers = Array.from({ length: Math.max(1, options.concurrency) }, worker);
  const settled = await Promise.allSettled(workers);
  if (firstFailure !== null || settled.some((outcome) => outcome.status === 'rejected')) {
    // A store may still be running (queued by a worker that did not fail): let it finish before the caller goes on.
    await storing.catch(() => undefined);
    throw (firstFailure ?? { error: new Error('analysis pipeline failed') }).error;
  }
  if (group.length > 0) await queueStore(group);
  else await storing;
}

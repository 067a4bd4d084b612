/** SQLite gave up waiting for a lock another connection holds (SQLITE_BUSY and its extended codes). */
export function isBusy(error: unknown): boolean {
  const code = error instanceof Error ? (error as Error & { code?: unknown }).code : undefined;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * Runs `fn`, trying again while the database is locked, for up to `budgetMs` in all.
 *
 * The connection's own busy_timeout is kept short because better-sqlite3 waits for it synchronously, freezing the
 * event loop. If the lock belongs to the app's MikroORM connection in this same process, in a transaction that awaits
 * something, it could not commit during that freeze: the wait would last the whole timeout and then fail anyway.
 * Waiting here between attempts lets it finish. Every `fn` is one statement or one transaction, which SQLITE_BUSY
 * leaves undone, so trying it again is safe.
 */
export async function retryWhileBusy<Result>(fn: () => Result, budgetMs: number): Promise<Result> {
  const deadline = Date.now() + budgetMs;
  for (let attempt = 0; ; attempt++) {
    try {
      return fn();
    } catch (error) {
      if (!isBusy(error) || Date.now() >= deadline) throw error;
    }
    const pause = Math.min(5 * 2 ** attempt, 100, Math.max(0, deadline - Date.now()));
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}

import { afterEach } from 'vitest';
import { createThrowawayDatabase } from './postgres.js';
import { scratchDir, startServer, type RunningServer, type StartOptions } from './server-process.js';

/**
 * What the end-to-end files that start several servers share: a clean-up queue run after every test (pass or
 * fail), scratch folders, throwaway PostgreSQL databases, servers that are stopped after the test and whose output
 * is printed when it fails, the API with a bearer token, and polling.
 */

export type Database = { kind: 'sqlite' } | { kind: 'postgresql'; url: string };

/** A job's statuses once it has ended (openapi.yaml JobStatus). */
export const TERMINAL_JOB_STATUSES = ['succeeded', 'completed_with_errors', 'failed', 'cancelled'];

export interface HarnessOptions {
  /** The bootstrap API token every server of the file starts with, and `api` sends. */
  token: string;
  /** Prefix of the scratch folders in the system's temporary folder. */
  scratchPrefix: string;
  /** Variables every server of the file gets (a test's own `env` wins). */
  env?: Record<string, string | undefined>;
}

export interface E2eHarness {
  /** Runs after the current test, last deferred first. */
  defer: (cleanup: () => Promise<unknown>) => void;
  /** A fresh folder outside the repository, removed after the test. */
  tempFolder: () => Promise<string>;
  /** SQLite (the server's own file), or a fresh PostgreSQL database dropped after the test. */
  databaseFor: (kind: Database['kind']) => Promise<Database>;
  /** Starts a server that is stopped (SIGTERM, then SIGKILL) after the test, and its scratch folder removed. */
  launch: (label: string, database: Database, options?: StartOptions) => Promise<RunningServer>;
  /** A JSON call of `/api/v1` with the token; any status other than 2xx throws with the answer. */
  api: <T>(server: RunningServer, method: string, route: string, body?: unknown) => Promise<T>;
  /** Polls the job until it ends; a timeout names the job's last state. */
  waitForJobEnd: <J extends { status: string }>(server: RunningServer, jobId: string, timeoutMs: number) => Promise<J>;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Calls `probe` until it gives something other than undefined; throws naming `what` after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** Call at the top level of a test file: registers the file's `afterEach` clean-up. */
export function useE2eHarness(options: HarnessOptions): E2eHarness {
  const cleanups: (() => Promise<unknown>)[] = [];
  /** Servers started by the current test, whose output is printed when it fails. */
  let servers: { label: string; server: RunningServer }[] = [];

  const defer = (cleanup: () => Promise<unknown>) => {
    cleanups.push(cleanup);
  };

  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      for (const { label, server } of servers) {
        const tail = (text: string) => text.split('\n').slice(-40).join('\n');
        console.error(
          `--- ${label} stdout (tail) ---\n${tail(server.stdout())}\n--- ${label} stderr ---\n${tail(server.stderr())}`,
        );
      }
    }
    servers = [];
    const errors: unknown[] = [];
    while (cleanups.length > 0) {
      try {
        await cleanups.pop()!();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw new AggregateError(errors, 'clean-up failed');
  });

  const api = async <T>(server: RunningServer, method: string, route: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}/api/v1${route}`, {
      method,
      headers: {
        authorization: `Bearer ${options.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} → ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  };

  return {
    defer,
    tempFolder: async () => {
      const scratch = await scratchDir(options.scratchPrefix);
      defer(() => scratch.remove());
      return scratch.dir;
    },
    databaseFor: async (kind) => {
      if (kind === 'sqlite') return { kind };
      const database = await createThrowawayDatabase();
      defer(() => database.drop());
      return { kind, url: database.url };
    },
    launch: async (label, database, startOptions = {}) => {
      const server = await startServer({
        ...startOptions,
        env: {
          SHELFMARK_BOOTSTRAP_TOKEN: options.token,
          ...options.env,
          ...(database.kind === 'postgresql' ? { DATABASE_URL: database.url } : {}),
          ...startOptions.env,
        },
      });
      servers.push({ label, server });
      defer(() => server.dispose());
      return server;
    },
    api,
    waitForJobEnd: async <J extends { status: string }>(server: RunningServer, jobId: string, timeoutMs: number) => {
      let last: J | undefined;
      try {
        return await waitUntil(
          `job ${jobId} to finish`,
          async () => {
            last = await api<J>(server, 'GET', `/jobs/${jobId}`);
            return TERMINAL_JOB_STATUSES.includes(last.status) ? last : undefined;
          },
          timeoutMs,
          250,
        );
      } catch (error) {
        throw new Error(`${(error as Error).message}; last seen: ${JSON.stringify(last)}`, { cause: error });
      }
    },
  };
}

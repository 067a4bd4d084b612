import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agenda, type AgendaOptions } from 'agenda';
import { afterEach, describe } from 'vitest';
import { openConnection, type SqliteDatabase } from '../../../src/jobs/sqlite-backend/connection.js';
import { createSqliteBackend } from '../../../src/jobs/sqlite-backend/index.js';

/**
 * These tests use only SQLite files of their own; the postgresql project would run them a second time unchanged.
 */
export const describeSqlite = describe.skipIf(process.env.SHELFMARK_TEST_DB === 'postgresql');

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];

afterEach(async () => {
  // Last in, first out: agendas stop before the connections and directories they use go away.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export function onCleanup(cleanup: Cleanup): void {
  cleanups.push(cleanup);
}

/** A database file in a fresh temporary directory, removed after the test. */
export function tempDbPath(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shelfmark-agenda-'));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'shelfmark.db');
}

/** A real Agenda on its own connection to `path`, polling fast; stopped (and disconnected) after the test. */
export function newAgenda(path: string, options: Partial<Omit<AgendaOptions, 'backend'>> = {}): Agenda {
  const backend = createSqliteBackend({ path });
  const agenda = new Agenda({ backend, processEvery: 50, ...options });
  onCleanup(async () => {
    await agenda.stop();
    // stop() does nothing for an Agenda that never started, and the backend connected on construction.
    await backend.disconnect();
  });
  return agenda;
}

/** A plain connection to look at (or tamper with) the rows behind Agenda's back. */
export function rawDb(path: string): SqliteDatabase {
  const db = openConnection({ path, busyTimeoutMs: 10_000 });
  onCleanup(() => {
    db.close();
  });
  return db;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** Resolves when the test calls `release()`: a job handler that stays busy for as long as the test needs. */
export function gate(): { wait: Promise<void>; release: () => void } {
  let release = (): void => undefined;
  const wait = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { wait, release };
}

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests (src/**) and checks of static files (test/static/**) run once; integration tests (test/**) run once per database, against a real
 * SQLite file and a real PostgreSQL (127.0.0.1:5432 unless PGHOST/PGPORT/PGUSER say otherwise).
 */
export default defineConfig({
  test: {
    /*
     * The three projects share one pool. An integration file mostly waits on its database (a SQLite file, PostgreSQL),
     * its HTTP calls and its reader processes, so four files run at once even on 2 cores (vitest's default, one less
     * than the cores, runs one at a time there): SQLite and PostgreSQL files side by side. Each file has its own
     * database and folders. VITEST_MAX_WORKERS overrides.
     */
    maxWorkers: Math.max(4, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'test/static/**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: ['test/static/**'],
          env: { SHELFMARK_TEST_DB: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgresql',
          include: ['test/**/*.test.ts'],
          exclude: ['test/static/**'],
          env: { SHELFMARK_TEST_DB: 'postgresql' },
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

/**
 * Unit tests (src/**) and checks of static files (test/static/**) run once; integration tests (test/**) run once per database, against a real
 * SQLite file and a real PostgreSQL (127.0.0.1:5432 unless PGHOST/PGPORT/PGUSER say otherwise).
 */
export default defineConfig({
  test: {
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

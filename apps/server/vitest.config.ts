import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit tests (src/**), checks of static files (test/static/**) and of the format readers on real archives
 * (test/formats/**, no database) run once; integration tests (test/**) run once per database, against a real SQLite
 * file and a real PostgreSQL (127.0.0.1:5432 unless PGHOST/PGPORT/PGUSER say otherwise), but for those whose subject
 * is not the database (SQLITE_ONLY).
 */

/**
 * Integration files whose subject is files and HTTP, not what the database does: an archive's resources served and
 * fenced, pages libvips cannot decode, a client gone mid-answer, a proxy's Origin and Host. They read and write only
 * what every other file stores on both databases, so a second run on PostgreSQL found nothing and cost CI minutes.
 */
const SQLITE_ONLY = [
  'test/epub-resources.test.ts',
  'test/undecodable-pages.test.ts',
  'test/client-gone.test.ts',
  'test/proxy-origin.test.ts',
];
const ONCE = ['test/static/**', 'test/formats/**'];
export default defineConfig({
  test: {
    /*
     * The three projects share one pool. An integration file mostly waits on its database (a SQLite file, PostgreSQL),
     * its HTTP calls and its reader processes, so four files run at once even on 2 cores (vitest's default, one less
     * than the cores, runs one at a time there): SQLite and PostgreSQL files side by side. Each file has its own
     * database and folders. VITEST_MAX_WORKERS overrides.
     */
    maxWorkers: Math.max(4, availableParallelism()),
    // A test that takes 3 s alone has taken 30 s on a 2-core machine loaded ten times over; the limit only decides how
    // late a hang is reported.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'test/static/**/*.test.ts', 'test/formats/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'sqlite',
          include: ['test/**/*.test.ts'],
          exclude: ONCE,
          env: { SHELFMARK_TEST_DB: 'sqlite' },
        },
      },
      {
        extends: true,
        test: {
          name: 'postgresql',
          include: ['test/**/*.test.ts'],
          exclude: [...ONCE, ...SQLITE_ONLY],
          env: { SHELFMARK_TEST_DB: 'postgresql' },
        },
      },
    ],
  },
});

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LongestFirst } from './support/longest-first.js';

/**
 * End-to-end tests: each file spawns the built server (`npx turbo run build` first) as a real process,
 * with fresh folders, on a free port, and talks to it over HTTP. PostgreSQL is expected on
 * 127.0.0.1:5432 as `postgres` unless PGHOST/PGPORT/PGUSER say otherwise.
 */
export default defineConfig({
  test: {
    include: ['*.test.ts'],
    // Four files at once on 2 cores: a passing browser test can take a minute; the limit only decides how late a hang is
    // reported.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A poll waits on the admin's next request and render, which a loaded 2-core machine running four files at once
    // can delay past vitest's 1 s default; it still ends as soon as the condition holds.
    expect: { poll: { timeout: 5_000 } },
    // Child processes are the unit of isolation; a fork per file keeps their clean-up per worker.
    pool: 'forks',
    // Fixtures drawn once per run and copied by each file (the admin's sample library).
    globalSetup: ['support/global-setup.ts'],
    /*
     * A file mostly waits on its servers, PostgreSQL and Chromium, so several files run at once even on 2 cores
     * (vitest's default, one less than the cores, runs them one at a time there). Every file has its own servers,
     * folders, databases and browser, and the tests wait on events, not on time. VITEST_MAX_WORKERS overrides.
     */
    maxWorkers: Math.max(4, availableParallelism()),
    // The longest files start first, so that none of them is left running alone at the end (support/longest-first.ts).
    sequence: { sequencer: LongestFirst },
  },
});

import { expect, it } from 'vitest';
import { describeSqlite, newAgenda, sleep, tempDbPath, waitFor } from './support/helpers.js';

/** Counts handlers running at the same time. */
function overlapMeter(): { run: () => Promise<void>; finished: () => number; maxRunning: () => number } {
  let running = 0;
  let max = 0;
  let finished = 0;
  return {
    run: async () => {
      running++;
      max = Math.max(max, running);
      await sleep(60);
      running--;
      finished++;
    },
    finished: () => finished,
    maxRunning: () => max,
  };
}

describeSqlite('SQLite Agenda backend: concurrency limits', () => {
  it('never runs two jobs of a definition with concurrency 1 at once', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    const meter = overlapMeter();
    agenda.define('scan-library', meter.run, { concurrency: 1 });
    await agenda.start();

    await Promise.all([1, 2, 3, 4, 5].map((libraryId) => agenda.now('scan-library', { libraryId })));
    await waitFor(() => meter.finished() === 5, 'all five jobs');

    expect(meter.maxRunning()).toBe(1);
  });

  it('runs at most maxConcurrency jobs at once across definitions', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path, { maxConcurrency: 2 });
    const meter = overlapMeter();
    agenda.define('thumbnail', meter.run, { concurrency: 5 });
    agenda.define('metadata', meter.run, { concurrency: 5 });
    await agenda.start();

    for (let i = 0; i < 4; i++) {
      await agenda.now('thumbnail', { i });
      await agenda.now('metadata', { i });
    }
    await waitFor(() => meter.finished() === 8, 'all eight jobs');

    expect(meter.maxRunning()).toBe(2);
  });
});

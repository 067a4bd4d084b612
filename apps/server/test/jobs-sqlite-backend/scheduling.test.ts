import type { Job } from 'agenda';
import { expect, it } from 'vitest';
import { describeSqlite, newAgenda, rawDb, sleep, tempDbPath, waitFor } from './support/helpers.js';

describeSqlite('SQLite Agenda backend: scheduling', () => {
  it('runs a job created with now() exactly once and records its completion', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    const seen: unknown[] = [];
    agenda.define('once', async (job: Job<{ bookId: number }>) => {
      seen.push(job.attrs.data);
      await Promise.resolve();
    });
    await agenda.start();

    const job = await agenda.now('once', { bookId: 7 });
    await waitFor(() => seen.length === 1, 'the job to run');
    await sleep(300); // several polls: a finished one-off job must not come back

    expect(seen).toEqual([{ bookId: 7 }]);
    const stored = await agenda.db.getJobById(String(job.attrs._id));
    expect(stored).toMatchObject({ name: 'once', type: 'normal', nextRunAt: null, data: { bookId: 7 } });
    expect(stored?.lockedAt).toBeUndefined();
    expect(stored?.lastRunAt).toBeInstanceOf(Date);
    expect(stored?.lastFinishedAt).toBeInstanceOf(Date);
    const { jobs } = await agenda.queryJobs({ id: String(job.attrs._id) });
    expect(jobs[0]?.state).toBe('completed');
  });

  it("runs a job scheduled 'in 1 second' no earlier than that", async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    let ranAt = 0;
    agenda.define('later', async () => {
      ranAt = Date.now();
      await Promise.resolve();
    });
    await agenda.start();

    const before = Date.now();
    const job = await agenda.schedule('in 1 second', 'later');
    const nextRunAt = job.attrs.nextRunAt?.getTime() ?? 0;
    expect(nextRunAt - before).toBeGreaterThanOrEqual(900);
    expect(nextRunAt - before).toBeLessThanOrEqual(1_100);
    const { jobs } = await agenda.queryJobs({ name: 'later' });
    expect(jobs[0]?.state).toBe('scheduled');

    await waitFor(() => ranAt > 0, 'the scheduled job', 3_000);
    expect(ranAt).toBeGreaterThanOrEqual(nextRunAt);
  });

  it("repeats every('1 second') and stores the next run after each one", async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    const runs: number[] = [];
    agenda.define('tick', async () => {
      runs.push(Date.now());
      await Promise.resolve();
    });
    await agenda.start();

    await agenda.every('1 second', 'tick');
    await waitFor(() => runs.length >= 2, 'two runs', 3_000);
    await waitFor(async () => (await agenda.queryJobs({ name: 'tick' })).jobs[0]?.lockedAt === undefined, 'unlock');

    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(900);
    const { jobs, total } = await agenda.queryJobs({ name: 'tick' });
    expect(total).toBe(1);
    const stored = jobs[0]!;
    expect(stored).toMatchObject({ type: 'single', repeatInterval: '1 second', state: 'repeating' });
    // The interval counts from the start of the last run.
    expect(stored.nextRunAt!.getTime() - stored.lastRunAt!.getTime()).toBe(1_000);
  });

  it("keeps one row for a 'single' job however often every() is called, from however many instances", async () => {
    const path = tempDbPath();
    const first = newAgenda(path);
    const second = newAgenda(path);
    first.define('nightly', async () => {});
    second.define('nightly', async () => {});

    await first.every('1 day', 'nightly', { library: 1 });
    await Promise.all([
      first.every('1 day', 'nightly', { library: 2 }),
      second.every('1 day', 'nightly', { library: 3 }),
    ]);
    await first.every('2 days', 'nightly', { library: 4 });

    const { jobs, total } = await first.queryJobs({ name: 'nightly' });
    expect(total).toBe(1);
    expect(jobs[0]).toMatchObject({ type: 'single', repeatInterval: '2 days', data: { library: 4 } });
  });

  it('does not move a stored future run of a single job back to now when every() is called again', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    agenda.define('digest', async () => {});
    const job = await agenda.every('1 hour', 'digest');
    const later = new Date(Date.now() + 3_600_000);
    rawDb(path)
      .prepare('UPDATE agenda_jobs SET next_run_at = @at WHERE id = @id')
      .run({ at: later.getTime(), id: String(job.attrs._id) });

    const again = await agenda.every('1 hour', 'digest');
    expect(again.attrs._id).toBe(job.attrs._id);
    expect(again.attrs.nextRunAt).toEqual(later);
  });

  it('lets unique() update the matching job instead of adding one, comparing JSON types', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    const save = (data: Record<string, unknown>, unique: Record<string, unknown>, insertOnly = false) =>
      agenda.create('thumbnail', data).unique(unique, { insertOnly }).schedule('in 1 hour').save();

    const first = await save({ bookId: 7, size: 'small' }, { 'data.bookId': 7 });
    const second = await save({ bookId: 7, size: 'large' }, { 'data.bookId': 7 });
    const kept = await save({ bookId: 7, size: 'huge' }, { 'data.bookId': 7 }, true);
    await save({ bookId: 8 }, { 'data.bookId': 8 });
    await save({ bookId: '7' }, { 'data.bookId': '7' }); // a string is not the number 7
    await save({ nested: { id: 1 }, n: 1 }, { data: { nested: { id: 1 } } });
    await save({ nested: { id: 1 }, n: 2 }, { data: { nested: { id: 1 } } });

    expect(second.attrs._id).toBe(first.attrs._id);
    expect(kept.attrs._id).toBe(first.attrs._id);
    const { jobs, total } = await agenda.queryJobs({ name: 'thumbnail', sort: { name: 'asc' } });
    expect(total).toBe(4);
    expect(jobs.map((job) => job.data)).toEqual([
      { bookId: 7, size: 'large' },
      { bookId: 8 },
      { bookId: '7' },
      { nested: { id: 1 }, n: 2 },
    ]);
    await expect(save({}, { $where: 'true' })).rejects.toThrow(/Invalid unique constraint field/);
    await expect(save({}, { 'data.n': { $gt: 1 } })).rejects.toThrow(/operators are not supported/);
  });

  it('debounces saves of a unique job into one run after the quiet period', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    const runs: unknown[] = [];
    agenda.define('reindex', async (job) => {
      runs.push(job.attrs.data);
      await Promise.resolve();
    });
    await agenda.start();

    for (const n of [1, 2, 3]) {
      await agenda.nowDebounced('reindex', { libraryId: 1, n }, { 'data.libraryId': 1 }, 200);
      await sleep(50);
    }
    await waitFor(() => runs.length === 1, 'the debounced run');
    await sleep(300);
    expect(runs).toEqual([{ libraryId: 1, n: 3 }]);
  });

  it('saves the progress passed to touch() while the job runs', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    const progress: (number | undefined)[] = [];
    agenda.define('import', async (job) => {
      await job.touch(40);
      progress.push((await agenda.db.getJobById(String(job.attrs._id)))?.progress);
      await job.touch(90);
    });
    await agenda.start();

    const job = await agenda.now('import');
    await waitFor(async () => (await agenda.db.getJobById(String(job.attrs._id)))?.lastFinishedAt !== undefined, 'end');
    expect(progress).toEqual([40]);
    expect((await agenda.db.getJobById(String(job.attrs._id)))?.progress).toBe(90);
  });
});

import type { Agenda } from 'agenda';
import { expect, it } from 'vitest';
import { describeSqlite, newAgenda, sleep, tempDbPath, waitFor } from './support/helpers.js';

/** Six jobs an hour or more away (and a minute apart), so nothing runs unless a test starts processing. */
async function seed(agenda: Agenda): Promise<void> {
  const at = (minutes: number) => new Date(Date.now() + 3_600_000 + minutes * 60_000);
  for (const libraryId of [1, 2, 3]) {
    await agenda.schedule(at(libraryId), 'scan-library', { libraryId, deep: libraryId === 3 });
  }
  await agenda.schedule(at(4), 'thumbnail', { bookId: 10, size: { w: 200, h: 300 } });
  await agenda.schedule(at(5), 'thumbnail', { bookId: 11, size: { w: 400, h: 600 } });
  await agenda.schedule(at(6), 'Send-Report', { to: 'admin%_' });
}

describeSqlite('SQLite Agenda backend: managing jobs', () => {
  it('cancels jobs by name, by partial data and by id, and never all jobs for an empty selection', async () => {
    const agenda = newAgenda(tempDbPath());
    await seed(agenda);

    expect(await agenda.cancel({})).toBe(0);
    expect(await agenda.cancel({ names: [] })).toBe(0);
    expect(await agenda.cancel({ data: { libraryId: 2 } })).toBe(1);
    expect(await agenda.cancel({ name: 'thumbnail', data: { size: { w: 400 } } })).toBe(1);
    expect(await agenda.cancel({ data: { libraryId: '1' } })).toBe(0); // JSON types must match
    const [report] = (await agenda.queryJobs({ name: 'Send-Report' })).jobs;
    expect(await agenda.cancel({ id: String(report!._id) })).toBe(1);
    expect(await agenda.cancel({ name: 'scan-library' })).toBe(2);

    const left = await agenda.queryJobs();
    expect(left.jobs.map((job) => job.data)).toEqual([{ bookId: 10, size: { w: 200, h: 300 } }]);
  });

  it('does not run disabled jobs until they are enabled again', async () => {
    const agenda = newAgenda(tempDbPath());
    const ran: unknown[] = [];
    agenda.define('cleanup', async (job) => {
      ran.push(job.attrs.data);
      await Promise.resolve();
    });
    await agenda.now('cleanup', { kind: 'covers' });
    await agenda.create('cleanup', { kind: 'disabled-at-birth' }).disable().save();
    expect(await agenda.disable({ data: { kind: 'covers' } })).toBe(1);
    await agenda.start();

    await sleep(300);
    expect(ran).toEqual([]);
    expect((await agenda.queryJobs({ state: 'paused' })).total).toBe(2);
    expect((await agenda.queryJobs({ includeDisabled: false })).total).toBe(0);

    expect(await agenda.enable({ name: 'cleanup' })).toBe(2);
    await waitFor(() => ran.length === 2, 'the enabled jobs');
    expect(ran).toContainEqual({ kind: 'covers' });
  });

  it('filters, sorts and pages queryJobs', async () => {
    const agenda = newAgenda(tempDbPath());
    await seed(agenda);

    const byNextRun = await agenda.queryJobs({ sort: { nextRunAt: 'asc' }, skip: 1, limit: 2 });
    expect(byNextRun.total).toBe(6);
    expect(byNextRun.jobs.map((job) => job.data)).toEqual([
      { libraryId: 2, deep: false },
      { libraryId: 3, deep: true },
    ]);
    const page = await agenda.queryJobs({ names: ['thumbnail', 'Send-Report'], sort: { name: 'desc' }, limit: 2 });
    expect(page.total).toBe(3);
    expect(page.jobs.map((job) => job.name)).toEqual(['thumbnail', 'thumbnail']);
    expect((await agenda.queryJobs({ search: 'SEND' })).total).toBe(1);
    expect((await agenda.queryJobs({ search: '%' })).total).toBe(0); // LIKE wildcards are literal
    expect((await agenda.queryJobs({ data: { to: 'admin%_' } })).total).toBe(1);
    expect((await agenda.queryJobs({ data: { deep: true } })).total).toBe(1);
    expect((await agenda.queryJobs({ data: { size: { h: 600 } } })).jobs[0]?.data).toMatchObject({ bookId: 11 });

    const scheduled = await agenda.queryJobs({ state: 'scheduled', sort: { nextRunAt: 'desc' }, skip: 4, limit: 5 });
    expect(scheduled.total).toBe(6);
    expect(scheduled.jobs.map((job) => job.data)).toEqual([
      { libraryId: 2, deep: false },
      { libraryId: 1, deep: false },
    ]);
    expect((await agenda.queryJobs({ state: 'completed' })).total).toBe(0);
  });

  it('reports an overview per job name and the distinct names', async () => {
    const agenda = newAgenda(tempDbPath());
    await seed(agenda);
    await agenda.disable({ name: 'thumbnail', data: { bookId: 10 } });
    await agenda.every('1 day', 'nightly');

    const overview = await agenda.getJobsOverview();
    expect(overview.map((entry) => entry.name)).toEqual(['Send-Report', 'nightly', 'scan-library', 'thumbnail']);
    expect(overview.find((entry) => entry.name === 'thumbnail')).toMatchObject({ total: 2, scheduled: 2, paused: 1 });
    expect(overview.find((entry) => entry.name === 'nightly')).toMatchObject({ total: 1, repeating: 1 });
    expect(await agenda.db.getDistinctJobNames()).toEqual(['Send-Report', 'nightly', 'scan-library', 'thumbnail']);
    await sleep(5);
    expect(await agenda.db.getQueueSize()).toBe(1); // only nightly is due
  });

  it('purges jobs without a definition, and cancelAll empties the table', async () => {
    const agenda = newAgenda(tempDbPath());
    await seed(agenda);
    agenda.define('thumbnail', async () => {});

    expect(await agenda.purge()).toBe(4);
    expect((await agenda.queryJobs()).jobs.every((job) => job.name === 'thumbnail')).toBe(true);
    expect(await agenda.cancelAll()).toBe(2);
    expect((await agenda.queryJobs()).total).toBe(0);
  });
});

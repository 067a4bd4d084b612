import { constant } from 'agenda';
import { expect, it } from 'vitest';
import { describeSqlite, newAgenda, tempDbPath, waitFor } from './support/helpers.js';

describeSqlite('SQLite Agenda backend: failures and retries', () => {
  it('records failReason, failCount and failedAt of a failing job', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    const failures: string[] = [];
    agenda.on('fail:broken', (error: Error) => failures.push(error.message));
    agenda.define('broken', async () => {
      await Promise.resolve();
      throw new Error('archive is corrupt');
    });
    await agenda.start();

    const job = await agenda.now('broken');
    await waitFor(async () => (await agenda.db.getJobById(String(job.attrs._id)))?.failCount === 1, 'the failure');

    const stored = await agenda.db.getJobById(String(job.attrs._id));
    expect(failures).toEqual(['archive is corrupt']);
    expect(stored).toMatchObject({ failReason: 'archive is corrupt', failCount: 1, nextRunAt: null });
    expect(stored?.failedAt).toBeInstanceOf(Date);
    expect(stored?.lockedAt).toBeUndefined();
    expect((await agenda.queryJobs({ state: 'failed' })).total).toBe(1);
  });

  it('retries with the backoff of the definition until the retries are exhausted', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    const attempts: number[] = [];
    let exhausted = false;
    agenda.on('retry exhausted:flaky', () => {
      exhausted = true;
    });
    agenda.define(
      'flaky',
      async () => {
        attempts.push(Date.now());
        await Promise.resolve();
        throw new Error(`attempt ${attempts.length}`);
      },
      { backoff: constant({ delay: 100, maxRetries: 2 }) },
    );
    await agenda.start();

    const job = await agenda.now('flaky');
    await waitFor(() => exhausted, 'the retries to run out');
    await waitFor(async () => (await agenda.db.getJobById(String(job.attrs._id)))?.lockedAt === undefined, 'unlock');

    // The first run and two retries, each at least the backoff delay after the previous one.
    expect(attempts).toHaveLength(3);
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(100);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(100);
    expect(await agenda.db.getJobById(String(job.attrs._id))).toMatchObject({ failCount: 3, failReason: 'attempt 3' });
  });

  it('clears the failure count when a retry succeeds', async () => {
    const path = tempDbPath();
    const agenda = newAgenda(path);
    let calls = 0;
    agenda.define(
      'second-time-lucky',
      async () => {
        calls++;
        await Promise.resolve();
        if (calls === 1) throw new Error('not yet');
      },
      { backoff: constant({ delay: 50, maxRetries: 3 }) },
    );
    await agenda.start();

    const job = await agenda.now('second-time-lucky');
    await waitFor(
      async () => (await agenda.queryJobs({ id: String(job.attrs._id) })).jobs[0]?.state === 'completed',
      'a success',
    );

    expect(calls).toBe(2);
    expect(await agenda.db.getJobById(String(job.attrs._id))).toMatchObject({ failCount: 0, nextRunAt: null });
  });
});

import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { RACE_JOB, defineRaceJob, openRunLog } from './support/race.js';
import { describeSqlite, gate, newAgenda, onCleanup, rawDb, sleep, tempDbPath, waitFor } from './support/helpers.js';

describeSqlite('SQLite Agenda backend: locks', () => {
  it('leaves a fresh lock alone and takes over one older than the lock lifetime', async () => {
    const path = tempDbPath();
    const creator = newAgenda(path);
    const fresh = await creator.now('convert', { which: 'fresh' });
    const stale = await creator.now('convert', { which: 'stale' });
    // As a process that died mid-run leaves them: locked, and nextRunAt already cleared by Job.run().
    const lock = rawDb(path).prepare('UPDATE agenda_jobs SET locked_at = @at, next_run_at = NULL WHERE id = @id');
    lock.run({ at: Date.now(), id: String(fresh.attrs._id) });
    lock.run({ at: Date.now() - 60_000, id: String(stale.attrs._id) });

    const survivor = newAgenda(path, { name: 'survivor', defaultLockLifetime: 5_000 });
    const ran: unknown[] = [];
    survivor.define('convert', async (job) => {
      ran.push(job.attrs.data);
      await Promise.resolve();
    });
    await survivor.start();

    await waitFor(() => ran.length === 1, 'the stale job to run');
    await sleep(300);
    expect(ran).toEqual([{ which: 'stale' }]);
    expect(await survivor.db.getJobById(String(stale.attrs._id))).toMatchObject({ lastModifiedBy: 'survivor' });
    expect((await survivor.db.getJobById(String(fresh.attrs._id)))?.lockedAt).toBeInstanceOf(Date);
  });

  it('lets a second instance run a job whose instance stopped while running it', async () => {
    const path = tempDbPath();
    const lifetime = 400;
    const crashed = newAgenda(path, { name: 'crashed', defaultLockLifetime: lifetime });
    const stuck = gate();
    onCleanup(stuck.release);
    let started = false;
    crashed.define('rebuild', async () => {
      started = true;
      await stuck.wait;
    });
    await crashed.start();
    const job = await crashed.now('rebuild');
    await waitFor(() => started, 'the first instance to start the job');
    // stop() keeps the locks of running jobs (they may still finish); this one never will.
    await crashed.stop();
    const lockedAt = readJob(path, String(job.attrs._id)).locked_at;
    expect(lockedAt).not.toBeNull();

    const rescuer = newAgenda(path, { name: 'rescuer', defaultLockLifetime: lifetime });
    let rescuedAt = 0;
    rescuer.define('rebuild', async () => {
      rescuedAt = Date.now();
      await Promise.resolve();
    });
    await rescuer.start();

    await waitFor(() => rescuedAt > 0, 'the second instance to take the job over');
    expect(rescuedAt - lockedAt!).toBeGreaterThanOrEqual(lifetime);
    await waitFor(async () => (await rescuer.db.getJobById(String(job.attrs._id)))?.lockedAt === undefined, 'unlock');
    expect(await rescuer.db.getJobById(String(job.attrs._id))).toMatchObject({ lastModifiedBy: 'rescuer' });
  });

  it('runs each of 50 jobs exactly once while two connections and another process race for them', async () => {
    const path = tempDbPath();
    const runs = openRunLog(path);
    onCleanup(() => runs.close());
    const agendas = ['a', 'b'].map((worker) => {
      const agenda = newAgenda(path, { name: worker });
      defineRaceJob(agenda, runs, worker);
      return agenda;
    });
    await Promise.all(agendas.map((agenda) => agenda.start()));
    const child = await startRaceWorker(path, 'child');

    const producer = newAgenda(path);
    const jobs = await Promise.all(Array.from({ length: 50 }, (_, i) => producer.now(RACE_JOB, { i })));
    await waitFor(() => runs.summary().perJob.size === 50, 'all 50 jobs to run', 10_000);
    await sleep(200); // time for any double run to show up
    child.send('stop');
    await once(child, 'exit');

    const { perJob, workers } = runs.summary();
    expect([...perJob].filter(([, count]) => count !== 1)).toEqual([]); // no job ran twice
    expect([...perJob.keys()].sort()).toEqual(jobs.map((job) => String(job.attrs._id)).sort());
    expect(workers).toEqual(new Set(['a', 'b', 'child']));
  });
});

function readJob(path: string, id: string): { locked_at: number | null } {
  const row = rawDb(path).prepare<{ locked_at: number | null }>('SELECT * FROM agenda_jobs WHERE id = @id').get({ id });
  if (!row) throw new Error(`job ${id} not found`);
  return row;
}

/** Forks race-worker.ts under Node's own type stripping, with a hook for the `.js` import specifiers. */
async function startRaceWorker(path: string, worker: string): Promise<ChildProcess> {
  const script = fileURLToPath(new URL('./support/race-worker.ts', import.meta.url));
  const hook = fileURLToPath(new URL('./support/ts-resolve-hook.ts', import.meta.url));
  const child = fork(script, [path, worker], { execArgv: ['--import', hook], stdio: 'inherit' });
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
  });
  const [message] = (await Promise.race([once(child, 'message'), once(child, 'exit')])) as unknown[];
  if (message !== 'ready') throw new Error(`race worker did not start (exit code ${String(message)})`);
  return child;
}

import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { withContext } from '../src/database/request-context.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
let call: ApiClient;
const token = BOOTSTRAP_TOKEN;

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

const schedule = (id: string) =>
  withContext(server.container.orm, () => server.container.services.scanSchedules.schedule(id));
const patch = (id: string, body: Record<string, unknown>) => call(`/libraries/${id}`, { method: 'PATCH', token, body });
const scanJobs = async (libraryId: string) =>
  (await call('/jobs', { token, query: { type: 'scan', library_id: libraryId, limit: '100' } })).body.items as any[];

describe('library creation', () => {
  it('starts an incremental scan at once and the books appear', async () => {
    await writeComic(path.join(server.librariesRoot, 'created'), 'Akira/Akira 01.cbz');
    await writeComic(path.join(server.librariesRoot, 'created'), 'Akira/Akira 02.cbz');
    const created = await call('/libraries', {
      method: 'POST',
      token,
      body: { name: 'Created', root_path: 'created' },
    });
    expect(created.status).toBe(201);
    expect(created.body.scan_schedule).toBe('every_6h');
    expect(created.body.scan_job).toMatchObject({ type: 'scan', library_id: created.body.id });
    expect(['queued', 'running']).toContain(created.body.scan_job.status);

    const job = await waitForJob(call, token, created.body.scan_job.id, 60_000);
    expect(job.status).toBe('succeeded');
    expect(job.params).toEqual({ mode: 'incremental' });
    const books = await call('/books', { token, query: { library_id: created.body.id } });
    expect(books.body.items.map((book: any) => book.title).sort()).toHaveLength(2);
    expect((await call(`/libraries/${created.body.id}`, { token })).body.book_count).toBe(2);
    expect((await schedule(created.body.id))?.interval).toBe('6 hours');
  }, 90_000);
});

describe('scan_schedule', () => {
  it('refuses what is neither a word nor a cron expression, naming the field and changing nothing', async () => {
    await writeComic(path.join(server.librariesRoot, 'bad-cron'), 'A/A 01.cbz');
    const before = (await call('/libraries', { token })).body.total;
    const refused = await call('/libraries', {
      method: 'POST',
      token,
      body: { name: 'Bad', root_path: 'bad-cron', scan_schedule: 'every tuesday' },
    });
    expectProblem(refused, 400);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({
        path: '/body/scan_schedule',
        message: expect.stringMatching(/^not a cron expression: /),
        code: 'schedule',
      }),
    ]);
    expect((await call('/libraries', { token })).body.total).toBe(before);

    const library = await call('/libraries', { method: 'POST', token, body: { name: 'Cron', root_path: 'bad-cron' } });
    await waitForJob(call, token, library.body.scan_job.id, 60_000);
    const outOfRange = await patch(library.body.id, { scan_schedule: '61 * * * *' });
    expectProblem(outOfRange, 400);
    expect(outOfRange.body.errors[0].path).toBe('/body/scan_schedule');
    expect(outOfRange.body.errors[0].message).toMatch(/not a cron expression: .*61/);
    expect((await call(`/libraries/${library.body.id}`, { token })).body.scan_schedule).toBe('every_6h');
    expect((await schedule(library.body.id))?.interval).toBe('6 hours');
  }, 90_000);

  it('reschedules the recurring scan on change and removes it with the library', async () => {
    await writeComic(path.join(server.librariesRoot, 'rescheduled'), 'B/B 01.cbz');
    const library = await call('/libraries', {
      method: 'POST',
      token,
      body: { name: 'Rescheduled', root_path: 'rescheduled', scan_schedule: 'daily' },
    });
    const id = library.body.id;
    await waitForJob(call, token, library.body.scan_job.id, 60_000);
    expect((await schedule(id))?.interval).toBe('1 day');

    expect((await patch(id, { scan_schedule: 'hourly' })).body.scan_schedule).toBe('hourly');
    const hourly = await schedule(id);
    expect(hourly?.interval).toBe('1 hour');
    expect(hourly?.nextRunAt?.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect((await patch(id, { scan_schedule: ' 0  3 * * * ' })).body.scan_schedule).toBe('0 3 * * *');
    const cron = await schedule(id);
    expect(cron?.interval).toBe('0 3 * * *');
    expect(cron?.nextRunAt?.getUTCMinutes()).toBe(0);
    await patch(id, { scan_schedule: 'weekly' });
    expect((await schedule(id))?.interval).toBe('1 week');
    await patch(id, { scan_schedule: 'manual' });
    expect(await schedule(id)).toBeNull();
    await patch(id, { scan_schedule: 'every_6h' });
    expect((await schedule(id))?.interval).toBe('6 hours');

    expect((await call(`/libraries/${id}`, { method: 'DELETE', token })).status).toBe(204);
    expect(await schedule(id)).toBeNull();
  }, 90_000);

  it('fires: a schedule of every second starts scheduled incremental scans that find new files', async () => {
    const root = path.join(server.librariesRoot, 'fired');
    await writeComic(root, 'C/C 01.cbz');
    const library = await call('/libraries', {
      method: 'POST',
      token,
      body: { name: 'Fired', root_path: 'fired', scan_schedule: 'manual' },
    });
    const id = library.body.id;
    await waitForJob(call, token, library.body.scan_job.id, 60_000);
    await writeComic(root, 'C/C 02.cbz');

    expect((await patch(id, { scan_schedule: '* * * * * *' })).status).toBe(200);
    let scheduled: any;
    for (let attempt = 0; attempt < 600 && !scheduled; attempt++) {
      for (const job of await scanJobs(id)) {
        const details = (await call(`/jobs/${job.id}`, { token })).body;
        if (details.params.scheduled === true) scheduled = details;
      }
      if (!scheduled) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(scheduled, 'no scheduled scan started').toBeDefined();
    expect(scheduled.params).toEqual({ mode: 'incremental', scheduled: true });
    await patch(id, { scan_schedule: 'manual' });
    expect((await waitForJob(call, token, scheduled.id, 60_000)).status).toBe('succeeded');
    for (const job of await scanJobs(id)) await waitForJob(call, token, job.id, 60_000);
    expect((await call(`/libraries/${id}`, { token })).body.book_count).toBe(2);
  }, 120_000);
});

describe('a scheduled scan while a scan is active', () => {
  it('does nothing: one active scan per library', async () => {
    // A server that runs no jobs: the creation scan stays queued.
    const idle = await startTestServer({ worker: false, thumbnails: false });
    try {
      const idleCall = apiClient(idle.url);
      await writeComic(path.join(idle.librariesRoot, 'busy'), 'D/D 01.cbz');
      const created = await idleCall('/libraries', {
        method: 'POST',
        token,
        body: { name: 'Busy', root_path: 'busy' },
      });
      expect(created.body.scan_job.status).toBe('queued');
      await withContext(idle.container.orm, () =>
        idle.container.services.scanSchedules.onTrigger({ libraryId: created.body.id }),
      );
      const jobs = await idleCall('/jobs', { token, query: { type: 'scan', library_id: created.body.id } });
      expect(jobs.body.items.map((job: any) => job.id)).toEqual([created.body.scan_job.id]);
      expect(idle.responseFailures).toEqual([]);
    } finally {
      await idle.close();
    }
  }, 60_000);
});

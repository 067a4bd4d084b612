import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Book } from '../src/entities/book.entity.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { createTestDatabase } from './support/test-database.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;

async function libraryOf(
  server: TestServer,
  call: ApiClient,
  folder: string,
  files: number,
  pages = 1,
): Promise<string> {
  for (let i = 1; i <= files; i++) {
    await writeComic(
      path.join(server.librariesRoot, folder),
      `Series ${i % 20}/Series ${i % 20} v${String(i).padStart(3, '0')}.cbz`,
      { pages },
    );
  }
  return (await call('/libraries', { method: 'POST', token, body: { name: folder, root_path: folder } })).body.id;
}

describe('cancellation', () => {
  let server: TestServer;
  let call: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ thumbnails: false });
    call = apiClient(server.url);
  });
  afterAll(() => server.close());
  afterEach(() => {
    expect(server.responseFailures).toEqual([]);
  });

  it('stops a running scan at its next check, keeps what was stored, and a later scan finishes the work', async () => {
    // Pages make each file slower to index, so the scan outlasts the cancel check on a fast machine.
    const libraryId = await libraryOf(server, call, 'big', 1500, 40);
    const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
    for (;;) {
      const job = (await call(`/jobs/${started.body.id}`, { token })).body;
      if (job.status === 'running') break;
      expect(job.status).toBe('queued');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const cancel = await call(`/jobs/${started.body.id}/cancel`, { method: 'POST', token });
    expect(cancel.status).toBe(202);
    expect(cancel.body.cancel_requested).toBe(true);
    const ended = await waitForJob(call, token, started.body.id);
    expect(ended.status).toBe('cancelled');
    const stored = await server.container.orm.em.fork().count(Book, { library: libraryId });
    expect(stored).toBeLessThan(1500);
    const again = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
    expect(again.status).toBe(202);
    const finished = await waitForJob(call, token, again.body.id);
    expect(finished.status).toBe('succeeded');
    expect(finished.report.added).toBe(1500 - stored);
    expect(await server.container.orm.em.fork().count(Book, { library: libraryId })).toBe(1500);
    // Writing 1,500 archives of 40 pages is most of the time: under a loaded CI it outlasts the default 30 s.
  }, 120_000);
});

describe('a server that does not run jobs', () => {
  let server: TestServer;
  let call: ApiClient;
  beforeAll(async () => {
    server = await startTestServer({ worker: false });
    call = apiClient(server.url);
  });
  afterAll(() => server.close());

  it('leaves jobs queued, and cancels a queued job at once', async () => {
    const libraryId = await libraryOf(server, call, 'small', 3);
    // Creating the library queued its first scan: asking for a scan answers with that job.
    const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
    expect(started.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await call(`/jobs/${started.body.id}`, { token })).body.status).toBe('queued');
    const cancelled = await call(`/jobs/${started.body.id}/cancel`, { method: 'POST', token });
    expect(cancelled.status).toBe(202);
    expect(cancelled.body.status).toBe('cancelled');
    expect(cancelled.body.finished_at).not.toBeNull();
    // The library can be scanned again: the cancelled job no longer blocks it.
    expect((await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} })).status).toBe(202);
  });

  it('reports the job backend in /health', async () => {
    const health = (await call('/health')).body;
    expect(health.jobs).toEqual({ backend: health.database.kind, ok: true });
  });
});

// MongoDB cannot be installed on the CI machine: this runs only where MONGODB_URL points at a server.
describe.runIf(Boolean(process.env.MONGODB_URL))(
  'jobs stored in MongoDB (needs MONGODB_URL; skipped without it)',
  () => {
    it('runs a scan through the MongoDB backend', async () => {
      const server = await startTestServer({ env: { MONGODB_URL: process.env.MONGODB_URL! }, thumbnails: false });
      try {
        const call = apiClient(server.url);
        expect((await call('/health')).body.jobs.backend).toBe('mongodb');
        const libraryId = await libraryOf(server, call, 'mongo', 5);
        const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
        expect((await waitForJob(call, token, started.body.id)).status).toBe('succeeded');
      } finally {
        await server.close();
      }
    });
  },
);

describe('a graceful restart', () => {
  it('hands a running scan back to the queue and the next process resumes it at once', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'shelfmark-restart-'));
    const database = await createTestDatabase();
    try {
      // A long lock (10 minutes): resuming well within it proves the job was handed back, not left to expire. The
      // wait below allows two minutes, so that a loaded machine (files run side by side) is not taken for a failure.
      const env = { JOB_LOCK_SECONDS: '600' };
      const first = await startTestServer({ scratch, database, env, thumbnails: false });
      const call = apiClient(first.url);
      const libraryId = await libraryOf(first, call, 'restart', 1500);
      const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
      // Stop as soon as the first batch of books is stored, well before the scan can finish.
      while ((await first.container.orm.em.fork().count(Book, { library: libraryId })) === 0) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await first.close();

      const second = await startTestServer({ scratch, database, env, thumbnails: false });
      try {
        const secondCall = apiClient(second.url);
        const job = await waitForJob(secondCall, token, started.body.id, 120_000);
        expect(job.status).toBe('succeeded');
        expect(job.report.unchanged).toBeGreaterThan(0);
        expect(job.report.added).toBeLessThan(1500);
        expect(await second.container.orm.em.fork().count(Book, { library: libraryId })).toBe(1500);
        expect(second.logs.join('')).toContain('"msg":"job resumed"');
      } finally {
        await second.close();
      }
    } finally {
      await database.drop();
      await rm(scratch, { recursive: true, force: true });
    }
  }, 180_000);
});

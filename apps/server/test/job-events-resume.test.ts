import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Job } from '../src/entities/job.entity.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { writeComic } from './support/library-builder.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Following a job across reconnections: event ids, Last-Event-ID, the end never missed, a job deleted while
 * followed. No worker runs here, so a job stays queued until the test cancels or deletes it.
 */

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false, worker: false });
  call = apiClient(server.url);
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

interface SseEvent {
  id?: string;
  event: string;
  data: any;
}

/** An event stream read one event at a time; `next` answers 'quiet' when nothing came within the wait. */
async function follow(jobId: string, lastEventId?: string) {
  const response = await fetch(`${server.url}/api/v1/jobs/${jobId}/events`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: AbortSignal.timeout(20_000),
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let pending: ReturnType<typeof reader.read> | null = null;
  async function next(waitMs = 5_000): Promise<SseEvent | 'closed' | 'quiet'> {
    for (;;) {
      const end = buffer.indexOf('\n\n');
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (block.startsWith(':')) continue;
        const fields = Object.fromEntries(block.split('\n').map((line) => line.split(/: (.*)/s).slice(0, 2)));
        return { ...(fields.id ? { id: fields.id } : {}), event: fields.event, data: JSON.parse(fields.data) };
      }
      pending ??= reader.read();
      const timer = new Promise<'quiet'>((resolve) => setTimeout(() => resolve('quiet'), waitMs));
      const result = await Promise.race([pending, timer]);
      if (result === 'quiet') return 'quiet';
      pending = null;
      if (result.done) return 'closed';
      buffer += result.value;
    }
  }
  return { response, next, close: () => reader.cancel() };
}

async function queuedScan(folder: string): Promise<string> {
  await writeComic(path.join(server.librariesRoot, folder), 'Saga/Saga 001.cbz', { pages: 2 });
  const library = await call('/libraries', { method: 'POST', token, body: { name: folder, root_path: folder } });
  const job = await call(`/libraries/${library.body.id}/scan`, { method: 'POST', token, body: {} });
  expect(job.body.status).toBe('queued');
  return job.body.id;
}

describe('GET /jobs/{job_id}/events across reconnections', () => {
  it('resumes from Last-Event-ID without the state already held, and never misses the end', async () => {
    const jobId = await queuedScan('resume');
    const first = await follow(jobId);
    const queued = await first.next();
    expect(queued).toMatchObject({ id: '0.0.0.0.0.0', event: 'progress', data: { id: jobId, status: 'queued' } });
    await first.close();

    // Reconnected with the id it holds: nothing new to send until the job changes.
    const second = await follow(jobId, '0.0.0.0.0.0');
    expect(second.response.status).toBe(200);
    expect(await second.next(800)).toBe('quiet');
    expect((await call(`/jobs/${jobId}/cancel`, { method: 'POST', token })).status).toBe(202);
    // The cancel may be told in two events (its progress, then the end) or in the end alone, as the notifications of
    // a busy database come apart or together: what matters is that the end comes, and nothing after it.
    let end = await second.next();
    while (typeof end === 'object' && end.event === 'progress') end = await second.next();
    expect(end).toMatchObject({ event: 'end', data: { id: jobId, status: 'cancelled' } });
    expect((end as SseEvent).id).toBe('2.0.0.0.0.1');
    expect(await second.next()).toBe('closed');

    // A client that lost the connection before the end gets it at once, whatever id it held.
    for (const held of ['0.0.0.0.0.0', undefined, 'not-an-id-we-sent']) {
      const late = await follow(jobId, held);
      expect(await late.next()).toMatchObject({ id: '2.0.0.0.0.1', event: 'end', data: { status: 'cancelled' } });
      expect(await late.next()).toBe('closed');
    }
    // One that got the end has everything: 204, on which EventSource stops reconnecting.
    const done = await fetch(`${server.url}/api/v1/jobs/${jobId}/events`, {
      headers: { authorization: `Bearer ${token}`, 'last-event-id': '2.0.0.0.0.1' },
    });
    expect(done.status).toBe(204);
    expect(await done.text()).toBe('');
  });

  it('gives a new id when the total becomes known without an item processed (a first scan done listing)', async () => {
    const jobId = await queuedScan('total');
    const first = await follow(jobId);
    expect(await first.next()).toMatchObject({ id: '0.0.0.0.0.0', data: { progress: { total: null } } });
    await server.container.orm.em.fork().nativeUpdate(Job, { id: jobId }, { total: 7 });
    expect(await first.next()).toMatchObject({ id: '0.0.0.1.0.0', data: { progress: { total: 7 } } });
    await first.close();
    // A client that held the id from before the total is sent the total on reconnecting.
    const resumed = await follow(jobId, '0.0.0.0.0.0');
    expect(await resumed.next()).toMatchObject({ id: '0.0.0.1.0.0', data: { progress: { total: 7 } } });
    await resumed.close();
    expect((await call(`/jobs/${jobId}/cancel`, { method: 'POST', token })).status).toBe(202);
  });

  it('ends the stream with an error event when the job is deleted while followed', async () => {
    const jobId = await queuedScan('deleted');
    const stream = await follow(jobId);
    expect(await stream.next()).toMatchObject({ event: 'progress', data: { id: jobId } });
    await server.container.orm.em.fork().nativeDelete(Job, { id: jobId });
    const gone = await stream.next();
    expect(gone).toMatchObject({ event: 'error', data: { status: 404, type: 'urn:shelfmark:problem:not-found' } });
    expect((gone as SseEvent).id).toBeUndefined();
    expect(await stream.next()).toBe('closed');
    expect((await call(`/jobs/${jobId}/events`, { token })).status).toBe(404);
  });
});

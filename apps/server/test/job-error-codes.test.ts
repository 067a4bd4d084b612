import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JobItemError } from '../src/entities/job-item-error.entity.js';
import { Job } from '../src/entities/job.entity.js';
import type { AppRouter } from '../src/trpc/router.js';
import { apiClient, sessionCookie, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { ADMIN_PASSWORD, BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * Job errors and item errors carry a code (with its values) beside the words, through REST and the admin's tRPC
 * alike; rows written before codes existed, and codes this server does not know, are given with no code, so that
 * clients show the words.
 */
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let trpc: ReturnType<typeof createTRPCClient<AppRouter>>;
let jobId: string;

const em = () => server.container.orm.em.fork();

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  const folder = path.join(server.librariesRoot, 'coded');
  await writeComic(folder, 'Good/Good v01.cbz');
  await mkdir(path.join(folder, 'Bad'), { recursive: true });
  await writeFile(path.join(folder, 'Bad/Bad v01.cbz'), 'not a zip at all');
  const library = await call('/libraries', { method: 'POST', token, body: { name: 'Coded', root_path: 'coded' } });
  expect(library.status, library.text).toBe(201);
  const started = await call(`/libraries/${library.body.id}/scan`, { method: 'POST', token, body: {} });
  jobId = started.body.id;
  await waitForJob(call, token, jobId);
  const login = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  const cookie = sessionCookie(login.headers);
  trpc = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/trpc`, headers: () => ({ cookie }) })],
  });
}, 60_000);
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('job error codes', () => {
  it('gives the admin the code and values of a file error, as REST does', async () => {
    const rest = (await call(`/jobs/${jobId}`, { token })).body;
    const admin = await trpc.jobs.get.query({ job_id: jobId });
    const bad = admin.item_errors.find((error) => error.item === 'Bad/Bad v01.cbz');
    expect(bad).toMatchObject({ code: 'file_corrupt', params: { detail: expect.any(String) } });
    expect(bad?.message).toBe(`corrupt: ${String(bad?.params?.detail)}`);
    expect(rest.item_errors).toEqual(admin.item_errors);
  });

  it('gives no code for errors written before codes, nor for a code this server does not know', async () => {
    const fork = em();
    const job = await fork.findOneOrFail(Job, { id: jobId });
    await fork.nativeUpdate(
      Job,
      { id: jobId },
      { status: 'failed', error: 'Words from an older server.', errorCode: null, errorParams: null },
    );
    await fork.insert(JobItemError, {
      id: randomUUID(),
      job,
      item: 'Old/Old v01.cbz',
      message: 'corrupt: an older server wrote this',
      createdAt: new Date(Date.now() + 1000),
    });
    await fork.insert(JobItemError, {
      id: randomUUID(),
      job,
      item: 'New/New v01.cbz',
      message: 'words of a newer server',
      code: 'file_from_the_future',
      params: { detail: 'x' },
      createdAt: new Date(Date.now() + 2000),
    });

    for (const details of [
      (await call(`/jobs/${jobId}`, { token })).body,
      await trpc.jobs.get.query({ job_id: jobId }),
    ]) {
      expect(details).toMatchObject({ error: 'Words from an older server.', error_code: null, error_params: null });
      const byItem = Object.fromEntries(details.item_errors.map((error: any) => [error.item, error]));
      expect(byItem['Old/Old v01.cbz']).toMatchObject({
        message: 'corrupt: an older server wrote this',
        code: null,
        params: null,
      });
      expect(byItem['New/New v01.cbz']).toMatchObject({ message: 'words of a newer server', code: null, params: null });
    }

    await em().nativeUpdate(Job, { id: jobId }, { errorCode: 'from_the_future', errorParams: { library: 'x' } });
    const listed = await trpc.jobs.list.query({ library_id: undefined });
    expect(listed.items.find((item) => item.id === jobId)).toMatchObject({ error_code: null, error_params: null });
  });
});

import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandler } from '../src/jobs/job-runtime.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;

/** What Agenda hands our runtime: the job's data and its claim, which `touch` keeps alive. */
interface QueueEntry {
  attrs: { data: { jobId: string } };
  touch(): Promise<void>;
  touches: number;
}

const entryFor = (jobId: string): QueueEntry => {
  const entry: QueueEntry = {
    attrs: { data: { jobId } },
    touches: 0,
    touch: () => {
      entry.touches += 1;
      return Promise.resolve();
    },
  };
  return entry;
};

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Under load a job's claim can look expired to the queue while the job still runs here (its heartbeat was late), and
 * the queue hands the same job out again. It must not run twice in one process: the run in progress keeps the new
 * claim alive and the second hand-out ends with it.
 */
describe('a job the queue hands out again while it runs', () => {
  let server: TestServer;
  let call: ApiClient;
  beforeAll(async () => {
    // No worker: nothing but this test runs the job.
    server = await startTestServer({ worker: false });
    call = apiClient(server.url);
  });
  afterAll(() => server.close());

  it('runs once; the running one adopts the new claim and both hand-outs end when it does', async () => {
    await mkdir(path.join(server.librariesRoot, 'empty'), { recursive: true });
    const created = await call('/libraries', { method: 'POST', token, body: { name: 'Empty', root_path: 'empty' } });
    const jobId: string = created.body.scan_job.id;
    const runtime = server.container.jobRuntime as unknown as {
      run(type: 'scan', entry: QueueEntry, handler: JobHandler): Promise<void>;
    };

    let runs = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handler: JobHandler = async () => {
      runs += 1;
      await gate;
      return { files_seen: 0 };
    };

    const firstEntry = entryFor(jobId);
    const first = runtime.run('scan', firstEntry, handler);
    await until('the job to run', async () => (await call(`/jobs/${jobId}`, { token })).body.status === 'running');
    const secondEntry = entryFor(jobId);
    let secondEnded = false;
    const second = runtime.run('scan', secondEntry, handler).then(() => (secondEnded = true));

    // The running job's heartbeat now keeps the second claim alive.
    await until('the second claim to be kept alive', () => secondEntry.touches > 0);
    expect(secondEnded).toBe(false);
    expect(runs).toBe(1);

    release();
    await Promise.all([first, second]);
    expect(runs).toBe(1);
    const job = (await call(`/jobs/${jobId}`, { token })).body;
    expect(job.status).toBe('succeeded');
    expect(job.report).toEqual({ files_seen: 0 });
  });
});

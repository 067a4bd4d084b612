import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolver } from './support/schema-arbitrary.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { writeComic } from './support/library-builder.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

/**
 * The job event stream against the event schema of openapi.yaml (`JobEvent`): what is on the wire, block by block,
 * is what the contract says: named events, each with the job as JSON, or keep-alive comments.
 */

const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let libraryId: string;

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  for (const n of [1, 2, 3]) await writeComic(path.join(server.librariesRoot, 'shelf'), `Saga/Saga 00${n}.cbz`);
  libraryId = (await call('/libraries', { method: 'POST', token, body: { name: 'Shelf', root_path: 'shelf' } })).body
    .id;
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

function compareIds(a: number[], b: number[]): number {
  for (let n = 0; n < a.length; n++) if (a[n] !== b[n]) return a[n]! - b[n]!;
  return 0;
}

async function stream(jobId: string): Promise<{ type: string | null; blocks: string[] }> {
  const response = await fetch(`${server.url}/api/v1/jobs/${jobId}/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(20_000),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text.endsWith('\n\n')).toBe(true);
  return { type: response.headers.get('content-type'), blocks: text.split('\n\n').filter((block) => block !== '') };
}

describe('GET /jobs/{job_id}/events', () => {
  it('sends what the JobEvent schema describes, the job being the one GET /jobs lists', async () => {
    const resolve = resolver(server.app.spec.document);
    const operation = server.app.spec.document.paths['/jobs/{job_id}/events']?.get as any;
    const media = operation.responses['200'].content['text/event-stream'];
    const eventSchema = resolve(media.schema.contentSchema);
    const [jobSchema, problemSchema] = eventSchema.properties.data.oneOf.map(resolve);
    expect(problemSchema.required).toContain('status');
    const names: string[] = eventSchema.properties.event.enum;
    const idPattern = new RegExp(eventSchema.properties.id.pattern);

    const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: { mode: 'full' } });
    const live = await stream(started.body.id);
    const finished = await stream(started.body.id);
    expect(live.type).toMatch(/^text\/event-stream/);

    for (const { blocks } of [live, finished]) {
      const events = blocks.filter((block) => !block.startsWith(':'));
      const ids: number[][] = [];
      for (const block of events) {
        const lines = block.split('\n');
        expect(lines, block).toHaveLength(3);
        const [id, event, data] = lines.map((line) => /^(\w+): (.*)$/.exec(line)) as RegExpExecArray[];
        expect([id![1], event![1], data![1]]).toEqual(['id', 'event', 'data']);
        expect(id![2]).toMatch(idPattern);
        ids.push(id![2]!.split('.').map(Number));
        expect(names).toContain(event![2]);
        const job = JSON.parse(data![2]!);
        expect(Object.keys(job).sort()).toEqual(Object.keys(jobSchema.properties).sort());
        expect(job.id).toBe(started.body.id);
      }
      // Ids never go back: each is at least the one before, part by part.
      for (let n = 1; n < ids.length; n++)
        expect(compareIds(ids[n]!, ids[n - 1]!), String(ids)).toBeGreaterThanOrEqual(0);
      expect(events.filter((block) => /^event: end$/m.test(block))).toHaveLength(1);
      expect(events.at(-1)).toMatch(/\nevent: end\n/);
    }
    // A finished job: the `end` alone, and the same job GET /jobs lists (which response validation holds to `Job`).
    expect(finished.blocks).toHaveLength(1);
    const listed = (await call('/jobs', { token })).body.items.find(
      (job: { id: string }) => job.id === started.body.id,
    );
    expect(JSON.parse(finished.blocks[0]!.split('\n')[2]!.slice('data: '.length))).toEqual(listed);
  });
});

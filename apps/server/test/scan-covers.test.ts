import { copyFile, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BookFile } from '../src/entities/book-file.entity.js';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/komga');
const token = BOOTSTRAP_TOKEN;

// Covers are made by the reader processes while the scan indexes, the rest after it: whichever way a cover is made,
// a scan ends with every book's thumbnail recorded, and a scan that stops keeps those written.
describe('covers of a scan', () => {
  let server: TestServer;
  let call: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    call = apiClient(server.url);
  });
  afterAll(() => server.close());
  afterEach(() => {
    expect(server.responseFailures).toEqual([]);
  });

  async function library(folder: string, comics: number, pages: number): Promise<string> {
    const root = path.join(server.librariesRoot, folder);
    for (let i = 1; i <= comics; i++) {
      const series = `Series ${i % 25}`;
      await writeComic(root, `${series}/${series} v${String(i).padStart(4, '0')}.cbz`, { pages });
    }
    const created = await call('/libraries', { method: 'POST', token, body: { name: folder, root_path: folder } });
    expect(created.status).toBe(201);
    return created.body.id;
  }

  async function scan(libraryId: string): Promise<any> {
    const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
    return waitForJob(call, token, started.body.id, 120_000);
  }

  /** Event ids compared part by part, as numbers: negative when `a` is before `b`. */
  const compareIds = (a: number[], b: number[]) => {
    const differs = a.findIndex((part, i) => part !== b[i]);
    return differs === -1 ? 0 : a[differs]! - b[differs]!;
  };
  const files = (libraryId: string) => server.container.orm.em.fork().find(BookFile, { library: libraryId });
  const thumbnailsOnDisk = async () =>
    (await readdir(path.join(server.dataDir, 'thumbnails')).catch(() => [])).filter((name) => name.endsWith('.jpg'));

  it('leaves every book of a first scan with its thumbnail, made during indexing and after it', async () => {
    // More books than the queue holds, so that some covers come from the pass after indexing.
    const libraryId = await library('first', 700, 2);
    await mkdir(path.join(server.librariesRoot, 'first/Formats'), { recursive: true });
    await copyFile(path.join(fixtures, 'komga.pdf'), path.join(server.librariesRoot, 'first/Formats/Formats v01.pdf'));
    await copyFile(
      path.join(fixtures, 'epub3.epub'),
      path.join(server.librariesRoot, 'first/Formats/Formats v02.epub'),
    );
    await copyFile(path.join(fixtures, 'rar5.rar'), path.join(server.librariesRoot, 'first/Formats/Formats v03.cbr'));

    // Followed live: its stream tells each stage of the scan, and ids that never go back although each stage's
    // count starts again from 0.
    const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
    const stream = await fetch(`${server.url}/api/v1/jobs/${started.body.id}/events`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const events = [...(await stream.text()).matchAll(/^id: (\S+)\nevent: (\w+)\ndata: (.*)$/gm)].map((m) => ({
      id: m[1]!.split('.').map(Number),
      event: m[2],
      progress: JSON.parse(m[3]!).progress,
    }));
    const job = (await call(`/jobs/${started.body.id}`, { token })).body;
    const STAGES = [null, 'listing', 'reading', 'covers'];
    for (const [i, event] of events.entries()) {
      expect(STAGES).toContain(event.progress.stage);
      // A first scan reads files while it lists folders: the total is unknown until the last one is listed.
      if (event.progress.stage === 'reading') expect([null, 703]).toContain(event.progress.total);
      if (event.progress.stage === 'covers') expect(event.progress.total).toBeLessThanOrEqual(703);
      if (event.progress.stage !== null) expect(event.progress.current_item ?? '').not.toMatch(/^(listing|thumbnails)/);
      if (i > 0) expect(compareIds(event.id, events[i - 1]!.id), JSON.stringify(events)).toBeGreaterThanOrEqual(0);
    }
    const seen = events.map((event) => event.progress.stage).filter((stage) => stage !== null);
    expect(seen.filter((stage) => stage === 'reading' || stage === 'covers').length).toBeGreaterThan(0);
    expect([...seen].sort((a, b) => STAGES.indexOf(a) - STAGES.indexOf(b))).toEqual(seen);
    expect(events.at(-1)).toMatchObject({ event: 'end', progress: { stage: null, current_item: null } });

    expect(job.status).toBe('succeeded');
    const stored = await files(libraryId);
    expect(stored).toHaveLength(703);
    const names = stored.map((file) => file.thumbnailPath);
    expect(names.filter((name) => !/^[0-9a-f-]+\.jpg$/.test(name ?? ''))).toEqual([]);
    expect(new Set(await thumbnailsOnDisk())).toEqual(new Set(names));
    expect(job.report.thumbnails).toBe(703);
    // The readers started on the first batch stored, while the server indexed the others.
    expect(job.report.thumbnails_during_index).toBeGreaterThan(0);
    expect(job.report.thumbnails_during_index).toBeLessThanOrEqual(703);
    expect(job.report.thumbnails_ms).toBe(job.report.duration_ms - job.report.index_ms);
  }, 180_000);

  it('records the thumbnails written before a scan is cancelled, and the next scan makes only the others', async () => {
    const libraryId = await library('cancelled', 1200, 6);
    const before = new Set(await thumbnailsOnDisk());
    const started = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
    // Cancelled once covers are being written (fewer than the hundred recorded per statement, usually), and more of
    // them than could still be in flight at the readers: those may be dropped unrecorded (below), so with only as
    // many on disk as the readers run, a busy machine could cancel before any answer came back and nothing would be
    // recorded.
    const inFlight = 2 * server.container.readers.capacity;
    while ((await thumbnailsOnDisk()).length - before.size <= inFlight) {
      const job = (await call(`/jobs/${started.body.id}`, { token })).body;
      expect(['queued', 'running']).toContain(job.status);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await call(`/jobs/${started.body.id}/cancel`, { method: 'POST', token });
    const ended = await waitForJob(call, token, started.body.id, 120_000);
    expect(ended.status).toBe('cancelled');

    const recorded = (await files(libraryId)).flatMap((file) => (file.thumbnailPath ? [file.thumbnailPath] : []));
    const written = (await thumbnailsOnDisk()).filter((name) => !before.has(name));
    expect(recorded.length).toBeGreaterThan(0);
    expect(written).toEqual(expect.arrayContaining(recorded));
    // Only the covers running when the cancel came may be written without being recorded: their answers are dropped.
    expect(written.length - recorded.length).toBeLessThanOrEqual(server.container.readers.capacity);

    const again = await scan(libraryId);
    expect(again.status).toBe('succeeded');
    const stored = await files(libraryId);
    expect(stored).toHaveLength(1200);
    expect(stored.filter((file) => !file.thumbnailPath?.endsWith('.jpg'))).toEqual([]);
    expect(again.report.thumbnails).toBe(1200 - recorded.length);
  }, 240_000);
});

import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanRepository } from '../src/repositories/scan.repository.js';
import { apiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { testDatabaseKind } from './support/test-database.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

// A scan makes the PDFs' covers after all the others (ScanService.finishCovers): made together, they share both
// reader processes, and the others never go to a reader holding MuPDF (reader-pool.ts). The order is the
// repository's: the books offered during indexing leave the PDFs out, the pass after it takes them last.
const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/komga');
const token = BOOTSTRAP_TOKEN;

describe('the order of a scan’s covers', () => {
  let server: TestServer;
  let libraryId: string;
  beforeAll(async () => {
    // Covers on demand: the scan stores its books and leaves every thumbnail to make.
    server = await startTestServer({ thumbnails: false });
    const call = apiClient(server.url);
    const root = path.join(server.librariesRoot, 'mixed');
    for (const volume of [1, 2, 3]) await writeComic(root, `Comic/Comic v0${volume}.cbz`, { pages: 1 });
    await mkdir(path.join(root, 'Papers'), { recursive: true });
    for (const volume of [1, 2])
      await copyFile(path.join(fixtures, 'komga.pdf'), path.join(root, `Papers/Papers v0${volume}.pdf`));
    const created = await call('/libraries', { method: 'POST', token, body: { name: 'Mixed', root_path: 'mixed' } });
    libraryId = created.body.id;
    const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: {} });
    expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
  });
  afterAll(() => server.close());

  const scans = () => new ScanRepository(server.container.orm.em.fork(), testDatabaseKind());
  const paths = async (pdfs: boolean, pageSize: number) => {
    const found: string[] = [];
    for await (const page of scans().booksNeedingThumbnails(libraryId, { pdfs }, pageSize)) {
      found.push(...page.map((book) => book.path));
    }
    return found.sort();
  };

  it('gives the PDFs apart from the other books, page by page', async () => {
    expect(await paths(false, 2)).toEqual(['Comic/Comic v01.cbz', 'Comic/Comic v02.cbz', 'Comic/Comic v03.cbz']);
    expect(await paths(true, 1)).toEqual(['Papers/Papers v01.pdf', 'Papers/Papers v02.pdf']);
  });

  it('gives the PDFs of a stored batch apart too (the covers made while indexing take the others)', async () => {
    const batch = ['Comic/Comic v01.cbz', 'Papers/Papers v01.pdf', 'Papers/Papers v02.pdf'];
    const at = async (pdfs: boolean) =>
      (await scans().booksNeedingThumbnailsAt(libraryId, batch, 10, { pdfs })).map((book) => book.path).sort();
    expect(await at(false)).toEqual(['Comic/Comic v01.cbz']);
    expect(await at(true)).toEqual(['Papers/Papers v01.pdf', 'Papers/Papers v02.pdf']);
  });
});

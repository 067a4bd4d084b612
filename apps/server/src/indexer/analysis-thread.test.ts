import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createLogger } from '../logger.js';
import { AnalysisThread } from './analysis-thread.js';
import { BookReader } from './book-reader.js';
import { BookFileError, type BookFormat } from './formats/index.js';
import { partialMd5 } from './partial-hash.js';
import { ReaderPool } from './reader-process/reader-pool.js';

// The real analysis thread (the built analysis-worker.js: `npm test` builds first) against the Komga fixtures.
const fixture = (name: string) => fileURLToPath(new URL(`../../test/fixtures/komga/${name}`, import.meta.url));

let readers: ReaderPool;
let thread: AnalysisThread;
let scratch: string;

beforeAll(async () => {
  readers = new ReaderPool(
    { processes: 1, tasksPerProcess: 2, idleMs: 60_000, recycleRssBytes: 1024 ** 3, taskTimeoutMs: 60_000 },
    createLogger('silent'),
  );
  thread = new AnalysisThread(undefined, 200);
  scratch = await mkdtemp(path.join(tmpdir(), 'shelfmark-analysis-'));
});

afterAll(async () => {
  await thread.close();
  await readers.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('the analysis thread', () => {
  it.each<[string, BookFormat]>([
    ['zip.zip', 'cbz'],
    ['epub3.epub', 'epub'],
    ['zip-as-epub.epub', 'epub'],
    ['The Incomplete Theft - Ralph Burke.epub', 'epub'],
    ['rar4.rar', 'cbr'],
    ['komga.pdf', 'pdf'],
    ['zip-encrypted.zip', 'cbz'],
    ['zip-lzma.zip', 'cbz'],
  ])('inspects and hashes %s exactly as the event loop does', async (name, format) => {
    // All at once: they travel to the thread in one message and come back together.
    const [threaded, again, inLoop] = await Promise.all([
      new BookReader(readers, thread).inspectAndHash(fixture(name), format),
      new BookReader(readers, thread).inspectAndHash(fixture(name), format),
      new BookReader(readers).inspectAndHash(fixture(name), format),
    ]);
    expect(threaded).toEqual(inLoop);
    expect(again).toEqual(inLoop);
    expect(threaded.partialHash).toBe(await partialMd5(fixture(name)));
  });

  it('keeps a book error a BookFileError of its kind, and a missing file not_found with no hash', async () => {
    const empty = path.join(scratch, 'empty.cbz');
    await writeFile(empty, '');
    const reader = new BookReader(readers, thread);
    const { error, partialHash } = await reader.inspectAndHash(empty, 'cbz');
    expect(error).toBeInstanceOf(BookFileError);
    expect((error as BookFileError).kind).toBe('empty');
    expect(partialHash).toBe(await partialMd5(empty));
    const missing = await reader.inspectAndHash(path.join(scratch, 'gone.cbz'), 'cbz');
    expect((missing.error as BookFileError).kind).toBe('not_found');
    expect(missing.partialHash).toBeNull();
  });

  it('reads again on the event loop the files of a thread that died, instead of calling them unreadable', async () => {
    // A thread that ends as soon as it starts, as one killed by a hostile file would, failing what it held.
    const dying = path.join(scratch, 'dying-worker.mjs');
    await writeFile(dying, 'process.exit(3);\n');
    const doomed = new AnalysisThread(dying, 200);
    try {
      const [threaded, inLoop] = await Promise.all([
        new BookReader(readers, doomed).inspectAndHash(fixture('zip.zip'), 'cbz'),
        new BookReader(readers).inspectAndHash(fixture('zip.zip'), 'cbz'),
      ]);
      expect(threaded.error).toBeUndefined();
      expect(threaded).toEqual(inLoop);
    } finally {
      await doomed.close();
    }
  });

  it('refuses to start when its built entry is missing, rather than failing every ZIP book later', () => {
    expect(() => new AnalysisThread(path.join(scratch, 'not-built.js'))).toThrow(/is missing: build the server/);
  });

  it('ends at once when asked while idle (a scan done reading), keeps running while it holds a file', async () => {
    const patient = new AnalysisThread(undefined, 60_000);
    try {
      const reader = new BookReader(readers, patient);
      expect((await reader.inspectAndHash(fixture('zip.zip'), 'cbz')).inspection?.format).toBe('cbz');
      expect(patient.running).toBe(true);
      await reader.endIdleAnalysis();
      expect(patient.running).toBe(false);

      const busy = reader.inspectAndHash(fixture('zip.zip'), 'cbz');
      await patient.endIfIdle();
      expect(patient.running).toBe(true);
      expect((await busy).inspection?.format).toBe('cbz');
      await patient.endIfIdle();
      expect(patient.running).toBe(false);
    } finally {
      await patient.close();
    }
  });

  it('answers again after its idle time ended it (200 ms here)', async () => {
    const reader = new BookReader(readers, thread);
    expect((await reader.inspectAndHash(fixture('zip.zip'), 'cbz')).inspection?.format).toBe('cbz');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await reader.inspectAndHash(fixture('zip.zip'), 'cbz')).inspection?.format).toBe('cbz');
  });
});

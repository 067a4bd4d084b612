import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { BookFileError } from '../formats/index.js';
import { ReaderPool, ReaderPoolClosedError, type ReaderPoolOptions } from './reader-pool.js';

// Supervision is tested with a scripted child (test/fixtures/reader): crashes, hangs and answers on demand. What the
// real child reads is tested in reader-child.test.ts and through the scan and page endpoints.
const SCRIPTED = fileURLToPath(new URL('../../../test/fixtures/reader/scripted-child.mjs', import.meta.url));

let pools: ReaderPool[] = [];
let scratch: string;
let logs: string[];

function pool(options: Partial<ReaderPoolOptions> = {}): ReaderPool {
  logs = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const created = new ReaderPool(
    {
      processes: 1,
      tasksPerProcess: 2,
      idleMs: 60_000,
      recycleRssBytes: 1024 ** 3,
      taskTimeoutMs: 10_000,
      entry: SCRIPTED,
      ...options,
    },
    createLogger('debug', sink),
  );
  pools.push(created);
  return created;
}

/** A request of the scripted child: its path says what the child does. */
const script = (behaviour: string) => ({ op: 'inspect' as const, path: behaviour, format: 'pdf' as const });
/** The same for a book read without MuPDF. */
const comic = (behaviour: string) => ({ op: 'inspect' as const, path: behaviour, format: 'cbz' as const });
/** A cover of a book read without MuPDF: an image decoded. */
const cover = (behaviour: string) => ({
  op: 'thumbnail' as const,
  path: behaviour,
  format: 'cbz' as const,
  output: '-',
});
/** A PDF's cover. */
const pdfCover = (behaviour: string) => ({
  op: 'thumbnail' as const,
  path: behaviour,
  format: 'pdf' as const,
  output: '-',
});
/** Which process answered a `slow-count` request. */
const pidOf = (answer: unknown) => (answer as { pid: number }).pid;

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

beforeEach(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'shelfmark-readers-'));
});

afterEach(async () => {
  await Promise.all(pools.map((p) => p.close()));
  pools = [];
  await rm(scratch, { recursive: true, force: true });
});

describe('reader pool', () => {
  it('answers requests in a child process, reusing it', async () => {
    const readers = pool();
    await expect(readers.run(script('ok:first'))).resolves.toBe('first');
    await expect(readers.run(script('ok:second'))).resolves.toBe('second');
    expect(readers.started).toBe(1);
    expect(readers.pids()).toHaveLength(1);
    expect(readers.pids()[0]).not.toBe(process.pid);
  });

  it('spreads work over up to `processes` children, `tasksPerProcess` at a time each', async () => {
    const readers = pool({ processes: 2, tasksPerProcess: 2 });
    const answers = (await Promise.all(
      Array.from({ length: 6 }, () => readers.run(script('slow-count:200'))),
    )) as unknown as { pid: number; mostHeld: number }[];
    expect(readers.started).toBe(2);
    expect(new Set(answers.map((answer) => answer.pid)).size).toBe(2);
    expect(Math.max(...answers.map((answer) => answer.mostHeld))).toBe(2);
  });

  it('gives PDF work to one process only, while other books use both, so the other never loads MuPDF', async () => {
    const readers = pool({ processes: 2, tasksPerProcess: 2 });
    const pdfReader = pidOf(await readers.run(script('slow-count:1')));
    // Three PDFs and two comics at once: the PDFs wait for the PDF reader (two at a time), the comics go to the other.
    const pdfs = Array.from({ length: 3 }, () => readers.run(script('slow-count:150')));
    const comics = Array.from({ length: 2 }, () => readers.run(comic('slow-count:150')));
    const pdfPids = (await Promise.all(pdfs)).map(pidOf);
    const comicPids = (await Promise.all(comics)).map(pidOf);
    expect(readers.started).toBe(2);
    expect(new Set(pdfPids)).toEqual(new Set([pdfReader]));
    expect(comicPids.every((pid) => pid !== pdfReader)).toBe(true);
  });

  it('an idle PDF reader takes other books’ inspections rather than leave a core idle', async () => {
    const readers = pool({ processes: 2, tasksPerProcess: 2 });
    const pdfReader = pidOf(await readers.run(script('slow-count:1')));
    const comics = await Promise.all(Array.from({ length: 2 }, () => readers.run(comic('slow-count:150'))));
    // The first comic starts a reader of its own; the second goes to the idle PDF reader, not beside the first.
    expect(new Set(comics.map(pidOf))).toEqual(new Set([pdfReader, ...readers.pids()]));
    expect(new Set(comics.map(pidOf)).size).toBe(2);
  });

  it('never decodes another book’s image in the PDF reader: idle, it makes way for a fresh reader', async () => {
    const readers = pool({ processes: 2, tasksPerProcess: 2, pdfLingerMs: 100 });
    const pdfReader = pidOf(await readers.run(pdfCover('slow-count:1')));
    const covers = await Promise.all(Array.from({ length: 4 }, () => readers.run(cover('slow-count:300'))));
    const pids = new Set(covers.map(pidOf));
    expect(pids.has(pdfReader)).toBe(false);
    // The second reader took them two at a time until the PDF reader had waited 100 ms and left for a third.
    expect(pids.size).toBe(2);
    expect(readers.started).toBe(3);
    expect(readers.pids()).not.toContain(pdfReader);
  });

  it('an idle PDF reader stays while no image waits (a reader’s next page), and leaves after idleMs', async () => {
    const readers = pool({ processes: 2, tasksPerProcess: 2, pdfLingerMs: 50, idleMs: 400 });
    const first = pidOf(await readers.run(pdfCover('slow-count:1')));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(pidOf(await readers.run(pdfCover('slow-count:1')))).toBe(first);
    await waitFor(() => readers.processCount === 0, 'the idle reader to leave');
  });

  it('loads MuPDF into a fresh reader, not into one that decoded images', async () => {
    const readers = pool({ processes: 2, tasksPerProcess: 2 });
    const comicReader = pidOf(await readers.run(cover('slow-count:1')));
    const inspector = pool({ processes: 2, tasksPerProcess: 2 });
    const inspected = pidOf(await inspector.run(comic('slow-count:1')));
    // Replaced after images; kept after inspections only.
    expect(pidOf(await readers.run(pdfCover('slow-count:1')))).not.toBe(comicReader);
    expect(readers.started).toBe(2);
    expect(pidOf(await inspector.run(pdfCover('slow-count:1')))).toBe(inspected);
  });

  it('keeps PDFs with one reader while images wait, so that a second PDF reader runs dry and leaves', async () => {
    const readers = pool({ processes: 2, tasksPerProcess: 1, pdfLingerMs: 50 });
    // A backlog of PDFs and nothing else: both readers take PDFs.
    const backlog = await Promise.all(Array.from({ length: 4 }, () => readers.run(pdfCover('slow-count:100'))));
    expect(new Set(backlog.map(pidOf)).size).toBe(2);
    // Covers, then PDFs: the PDFs go to one of them, the other leaves, and a fresh reader takes the covers.
    const covers = Array.from({ length: 2 }, () => readers.run(cover('slow-count:100')));
    const pdfs = Array.from({ length: 4 }, () => readers.run(pdfCover('slow-count:100')));
    const pdfPids = new Set((await Promise.all(pdfs)).map(pidOf));
    const coverPids = new Set((await Promise.all(covers)).map(pidOf));
    expect(pdfPids.size).toBe(1);
    for (const pid of coverPids) expect(new Set(backlog.map(pidOf)).has(pid)).toBe(false);
  });

  it('with one reader, PDFs and images share it: nowhere else to go, nothing replaced', async () => {
    const readers = pool({ processes: 1, tasksPerProcess: 2, pdfLingerMs: 20 });
    const answers = await Promise.all([
      readers.run(cover('slow-count:100')),
      readers.run(pdfCover('slow-count:100')),
      readers.run(cover('slow-count:100')),
      readers.run(pdfCover('slow-count:100')),
    ]);
    expect(new Set(answers.map(pidOf)).size).toBe(1);
    expect(readers.started).toBe(1);
  });

  it('never runs more readers than allowed, a replaced one included, while PDFs and images alternate', async () => {
    const readers = pool({ processes: 2, tasksPerProcess: 2, pdfLingerMs: 30 });
    let most = 0;
    const watch = setInterval(() => (most = Math.max(most, readers.processCount)), 5);
    try {
      for (let round = 0; round < 3; round++) {
        await Promise.all(Array.from({ length: 4 }, () => readers.run(cover('slow-count:60'))));
        await Promise.all(Array.from({ length: 4 }, () => readers.run(pdfCover('slow-count:60'))));
      }
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeLessThanOrEqual(2);
    expect(readers.started).toBeGreaterThan(2);
  });

  it('a PDF waiting for a reader is not held back forever by the books behind it', async () => {
    const readers = pool({ processes: 1, tasksPerProcess: 2 });
    const comics = Array.from({ length: 6 }, () => readers.run(comic('slow-count:100')));
    const pdf = readers.run(script('ok:pdf'));
    // More comics arrive behind the PDF: they wait until it has had its turn.
    const later = Array.from({ length: 4 }, () => readers.run(comic('slow-count:100')));
    const order: string[] = [];
    await Promise.all([
      pdf.then(() => order.push('pdf')),
      ...later.map((p) => p.then(() => order.push('later'))),
      ...comics,
    ]);
    expect(order[0]).toBe('pdf');
  });

  it('a backlog of PDFs with nothing else waiting is shared by both processes', async () => {
    const readers = pool({ processes: 2, tasksPerProcess: 2 });
    const pdfReader = pidOf(await readers.run(script('slow-count:1')));
    // Two running in the PDF reader and two waiting: a library of PDFs is not left to one core.
    const answers = await Promise.all(Array.from({ length: 4 }, () => readers.run(script('slow-count:150'))));
    const pids = new Set(answers.map(pidOf));
    expect(pids.size).toBe(2);
    expect(pids.has(pdfReader)).toBe(true);
  });

  it('keeps a book error as a BookFileError of the same kind, and a machine error with its code', async () => {
    const readers = pool();
    const bookError = await readers.run(script('book-error')).catch((error: unknown) => error);
    expect(bookError).toBeInstanceOf(BookFileError);
    expect((bookError as BookFileError).kind).toBe('corrupt');
    const fsError = await readers.run(script('fs-error')).catch((error: unknown) => error);
    expect(fsError).not.toBeInstanceOf(BookFileError);
    expect(fsError).toMatchObject({ code: 'EACCES', syscall: 'open', message: 'denied' });
  });

  it('retries a request once in a fresh process when its process dies', async () => {
    const readers = pool();
    const marker = path.join(scratch, 'crashed-once');
    await expect(readers.run(script(`crash-once:${marker}`))).resolves.toBe('survived');
    expect(readers.started).toBe(2);
    expect(logs.join('')).toContain('a reader process stopped while reading');
  });

  it('blames a request whose process dies twice, and goes on serving others', async () => {
    const readers = pool();
    const crash = await readers.run(script('crash')).catch((error: unknown) => error);
    expect(crash).toBeInstanceOf(BookFileError);
    expect((crash as BookFileError).kind).toBe('corrupt');
    expect((crash as BookFileError).message).toMatch(/reader process stopped/);
    expect(readers.started).toBe(2);
    await expect(readers.run(script('ok:after'))).resolves.toBe('after');
  });

  it('a request that runs too long ends its process as `timeout`; one beside it is run again, not blamed', async () => {
    // The clock of the request run again includes a new process's start, which takes 0.4–0.7 s on a loaded machine.
    const readers = pool({ taskTimeoutMs: 1500 });
    const hung = readers.run(script('hang')).catch((error: unknown) => error);
    // In the same process as the hung request, and stuck there too until that process is ended.
    const beside = readers.run(script(`hang-once:${path.join(scratch, 'first-run')}`));
    const timedOut = await hung;
    expect(timedOut).toBeInstanceOf(BookFileError);
    expect((timedOut as BookFileError).kind).toBe('timeout');
    expect((timedOut as BookFileError).message).toBe('reading took longer than 2 s');
    await expect(beside).resolves.toBe('second run');
    expect(readers.started).toBe(2);
  });

  it('an idle process exits after idleMs, and a new one starts on demand', async () => {
    const readers = pool({ idleMs: 200 });
    await readers.run(script('ok:one'));
    expect(readers.processCount).toBe(1);
    await waitFor(() => readers.processCount === 0, 'the idle reader to exit');
    await expect(readers.run(script('ok:two'))).resolves.toBe('two');
    expect(readers.started).toBe(2);
  });

  it('replaces a process whose memory passed the limit once its requests are answered', async () => {
    const readers = pool({ recycleRssBytes: 512 * 1024 ** 2 });
    await expect(readers.run(script('huge'))).resolves.toBe('big');
    await waitFor(() => readers.processCount === 0, 'the large reader to exit');
    await expect(readers.run(script('ok:fresh'))).resolves.toBe('fresh');
    expect(readers.started).toBe(2);
  });

  it('gives a reader process none of the server environment (no secrets)', async () => {
    process.env.SHELFMARK_ADMIN_PASSWORD_FOR_TEST = 'must-not-leak';
    try {
      const names = (await pool().run(script('env'))) as unknown as string[];
      expect(names.some((name) => name.startsWith('SHELFMARK'))).toBe(false);
      expect(names).not.toContain('DATABASE_URL');
    } finally {
      delete process.env.SHELFMARK_ADMIN_PASSWORD_FOR_TEST;
    }
  });

  it('an aborted request is answered with the abort at once; a queued one never runs', async () => {
    const readers = pool({ tasksPerProcess: 1 });
    const first = readers.run(script('slow:300'));
    const controller = new AbortController();
    const queued = readers.run(script('ok:never'), controller.signal).catch((error: unknown) => error);
    controller.abort(new Error('cancelled by the test'));
    expect(((await queued) as Error).message).toBe('cancelled by the test');
    await expect(first).resolves.toBe('slow 300');
    await expect(readers.run(script('ok:next'))).resolves.toBe('next');
  });

  it('close ends every process and fails what is still waiting, as shutdown, not as a fault of the file', async () => {
    const readers = pool({ tasksPerProcess: 1 });
    const running = readers.run(script('hang')).catch((error: unknown) => error);
    const waiting = readers.run(script('ok:late')).catch((error: unknown) => error);
    await waitFor(() => readers.processCount === 1, 'the reader to start');
    await readers.close();
    expect(await running).toBeInstanceOf(ReaderPoolClosedError);
    expect(await waiting).toBeInstanceOf(ReaderPoolClosedError);
    expect(readers.processCount).toBe(0);
    await expect(readers.run(script('ok:closed'))).rejects.toBeInstanceOf(ReaderPoolClosedError);
  });
});

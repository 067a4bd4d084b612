import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { BookReader } from '../book-reader.js';
import { BookFileError, inspectBook } from '../formats/index.js';
import { ReaderPool } from './reader-pool.js';
import { buildZip } from '../../../test/formats/support/zip-writer.js';

// The real reader process (the built child.js: `npm test` builds first) against the Komga fixtures.
const fixture = (name: string) => fileURLToPath(new URL(`../../../test/fixtures/komga/${name}`, import.meta.url));

let readers: ReaderPool;
let reader: BookReader;
let scratch: string;

beforeAll(async () => {
  readers = new ReaderPool(
    { processes: 1, tasksPerProcess: 2, idleMs: 60_000, recycleRssBytes: 1024 ** 3, taskTimeoutMs: 60_000 },
    createLogger('silent'),
  );
  reader = new BookReader(readers);
  scratch = await mkdtemp(path.join(tmpdir(), 'shelfmark-reader-child-'));
});

afterAll(async () => {
  await readers.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('the reader process', () => {
  it.each(['rar4.rar', 'rar5.rar', 'rar4-solid.rar', 'komga.pdf'])(
    'inspects %s exactly as the format layer does in-process',
    async (name) => {
      const claimed = name.endsWith('.pdf') ? 'pdf' : 'cbr';
      const before = readers.started;
      const viaChild = await reader.inspect(fixture(name), claimed);
      expect(viaChild).toEqual(await inspectBook(fixture(name), claimed));
      expect(viaChild.pageCount).toBeGreaterThan(0);
      // PDF and RAR are read in the child: a process exists (started now or earlier in this file).
      expect(readers.started).toBeGreaterThanOrEqual(Math.max(1, before));
    },
  );

  it('reads ZIP books in the server, without a reader process', async () => {
    const zipReaders = new ReaderPool(
      { processes: 1, tasksPerProcess: 1, idleMs: 60_000, recycleRssBytes: 1024 ** 3, taskTimeoutMs: 60_000 },
      createLogger('silent'),
    );
    try {
      const inspection = await new BookReader(zipReaders).inspect(fixture('zip.zip'), 'cbz');
      expect(inspection.format).toBe('cbz');
      expect(zipReaders.started).toBe(0);
    } finally {
      await zipReaders.close();
    }
  });

  it('writes JPEG thumbnails inside 300×400 for RAR, PDF and ZIP comics', async () => {
    for (const [name, format] of [
      ['rar5.rar', 'cbr'],
      ['komga.pdf', 'pdf'],
      ['zip.zip', 'cbz'],
    ] as const) {
      const output = path.join(scratch, 'thumbs', `${name}.jpg`);
      await expect(reader.thumbnail(fixture(name), format, output)).resolves.toBe(true);
      const meta = await sharp(output).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.width).toBeLessThanOrEqual(300);
      expect(meta.height).toBeLessThanOrEqual(400);
    }
  });

  it('cuts the thumbnail of a webtoon strip from its top at the card shape, not a sliver of it', async () => {
    // 400×2000: red at the top, blue below. Fitted inside 300×400 it would be 80×400, stretched and cropped.
    const strip = await sharp({ create: { width: 400, height: 2000, channels: 3, background: '#0000ff' } })
      .composite([
        {
          input: await sharp({ create: { width: 400, height: 300, channels: 3, background: '#ff0000' } })
            .png()
            .toBuffer(),
          top: 0,
          left: 0,
        },
      ])
      .jpeg()
      .toBuffer();
    const book = path.join(scratch, 'strip.cbz');
    await writeFile(book, buildZip([{ name: '001.jpg', data: strip }]));
    const output = path.join(scratch, 'strip', 'strip.jpg');
    await expect(reader.thumbnail(book, 'cbz', output)).resolves.toBe(true);
    const { data: pixels, info } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([300, 400]);
    const at = (x: number, y: number) => [...pixels.subarray((y * 300 + x) * 3, (y * 300 + x) * 3 + 3)];
    // The top 300 px of the strip are the top 225 px of the thumbnail (scaled by 3/4).
    expect(at(150, 100)[0]).toBeGreaterThan(200);
    expect(at(150, 350)[2]).toBeGreaterThan(200);
    expect(at(150, 350)[0]).toBeLessThan(60);
  });

  it('sends the cover of a PDF named .cbz to the reader that holds MuPDF, not to a second one', async () => {
    const pair = new ReaderPool(
      { processes: 2, tasksPerProcess: 2, idleMs: 60_000, recycleRssBytes: 1024 ** 3, taskTimeoutMs: 60_000 },
      createLogger('silent'),
    );
    try {
      const disguised = path.join(scratch, 'really-a-pdf.cbz');
      await writeFile(disguised, await readFile(fixture('komga.pdf')));
      const pairReader = new BookReader(pair);
      await expect(pairReader.thumbnail(fixture('komga.pdf'), 'pdf', path.join(scratch, 'a.jpg'))).resolves.toBe(true);
      await expect(pairReader.thumbnail(disguised, 'cbz', path.join(scratch, 'b.jpg'))).resolves.toBe(true);
      // Taken as a comic by its name, it would have started the second reader (which would then load MuPDF too).
      expect(pair.started).toBe(1);
      expect((await sharp(path.join(scratch, 'b.jpg')).metadata()).format).toBe('jpeg');
    } finally {
      await pair.close();
    }
  });

  it('makes the thumbnails folder when it is missing, also after it was removed under a running reader', async () => {
    const folder = path.join(scratch, 'removed', 'thumbnails');
    for (let round = 0; round < 2; round++) {
      await rm(path.join(scratch, 'removed'), { recursive: true, force: true });
      const output = path.join(folder, `cover-${round}.jpg`);
      await expect(reader.thumbnail(fixture('rar5.rar'), 'cbr', output)).resolves.toBe(true);
      expect((await sharp(output).metadata()).format).toBe('jpeg');
    }
  });

  it('makes covers one image at a time: a cover that fails to decode does not hold up those sent with it', async () => {
    const page = await sharp({ create: { width: 60, height: 90, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    const broken = path.join(scratch, 'broken-cover.cbz');
    // A PNG signature followed by garbage: it sniffs as an image and fails in libvips.
    await writeFile(
      broken,
      buildZip([{ name: '001.png', data: Buffer.concat([page.subarray(0, 16), Buffer.alloc(64)]) }]),
    );
    const good = path.join(scratch, 'good-cover.cbz');
    await writeFile(good, buildZip([{ name: '001.png', data: page }]));
    // Sent together to one process (two requests at a time): the failure and the good covers interleave.
    const results = await Promise.allSettled(
      [broken, good, broken, good].map((file, index) =>
        reader.thumbnail(file, 'cbz', path.join(scratch, 'serial', `${index}.jpg`)),
      ),
    );
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(((results[0] as PromiseRejectedResult).reason as BookFileError).kind).toBe('corrupt');
    const meta = await sharp(path.join(scratch, 'serial', '3.jpg')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 60, 90]);
  });

  it.each(['jpeg', 'webp', 'png'] as const)(
    'a %s cover stored sideways (EXIF orientation 6) is made upright, also when shrunk while decoded',
    async (type) => {
      // Stored 1600×1200, red left half and blue right half; turned 90° clockwise it is a 1200×1600 portrait, red on
      // top. Large enough that JPEG and WebP are shrunk while decoded (sharp skips that if it rotates first).
      const halves = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0000ff' } })
        .composite([
          { input: { create: { width: 800, height: 1200, channels: 3, background: '#ff0000' } }, left: 0, top: 0 },
        ])
        // Compositing adds an alpha channel: the pixels handed on are RGB.
        .removeAlpha()
        .raw()
        .toBuffer();
      const stored = sharp(halves, { raw: { width: 1600, height: 1200, channels: 3 } }).withMetadata({
        orientation: 6,
      });
      const data = await (type === 'jpeg' ? stored.jpeg() : type === 'webp' ? stored.webp() : stored.png()).toBuffer();
      expect((await sharp(data).metadata()).orientation).toBe(6);
      const book = path.join(scratch, `sideways-${type}.cbz`);
      await writeFile(book, buildZip([{ name: `001.${type === 'jpeg' ? 'jpg' : type}`, data }]));
      const output = path.join(scratch, 'upright', `${type}.jpg`);
      await expect(reader.thumbnail(book, 'cbz', output)).resolves.toBe(true);
      const { data: pixels, info } = await sharp(output).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual([300, 400]);
      const at = (x: number, y: number) => [...pixels.subarray((y * 300 + x) * 3, (y * 300 + x) * 3 + 3)];
      const [top, bottom] = [at(150, 20), at(150, 380)];
      expect(top[0]).toBeGreaterThan(200);
      expect(top[2]).toBeLessThan(60);
      expect(bottom[2]).toBeGreaterThan(200);
      expect(bottom[0]).toBeLessThan(60);
    },
  );

  it('renders a PDF page and scales a page to the width asked for', async () => {
    const pdfPage = await reader.page(fixture('komga.pdf'), 'pdf', 1);
    expect(pdfPage.mediaType).toBe('image/png');
    const scaled = await reader.page(fixture('rar5.rar'), 'cbr', 1, 40);
    expect((await sharp(scaled.data).metadata()).width).toBe(40);
  });

  it('reports a damaged PDF as a BookFileError with its kind, and an empty file as empty', async () => {
    const broken = path.join(scratch, 'broken.pdf');
    await writeFile(broken, '%PDF-1.7\nthis is not a PDF body');
    const error = await reader.inspect(broken, 'pdf').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BookFileError);
    expect((error as BookFileError).kind).toBe('corrupt');
    const empty = path.join(scratch, 'empty.cbr');
    await writeFile(empty, '');
    expect(((await reader.inspect(empty, 'cbr').catch((caught: unknown) => caught)) as BookFileError).kind).toBe(
      'empty',
    );
  });

  it('a reader killed in the middle of a request is replaced and the request answered', async () => {
    // run() hands the request to a process at once (starting one if none is alive); end it before it can answer.
    const request = readers.run({ op: 'inspect', path: fixture('rar5-solid.rar'), format: 'cbr' });
    const started = readers.started;
    const killed = readers.pids();
    expect(killed.length).toBeGreaterThan(0);
    for (const pid of killed) process.kill(pid, 'SIGKILL');
    const inspection = await request;
    expect(inspection.pageCount).toBeGreaterThan(0);
    // Answered by a process started after the kill.
    expect(readers.started).toBe(started + 1);
    expect(readers.pids().some((pid) => killed.includes(pid))).toBe(false);
  });
});

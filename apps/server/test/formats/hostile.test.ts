import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inspectBook, readCover, readPage, type BookFormat } from '../../src/indexer/formats/index.js';
import { deflatedZeros, jpeg, kindOf, komga, scratchDir } from './support/books.js';
import { buildRar5 } from './support/rar5-writer.js';
import { buildZip } from './support/zip-writer.js';

/** A ZIP book's cover entry, as a rescan compares it: CRC-32, size and name from the central directory. */
const ZIP_FINGERPRINT = expect.stringMatching(/^zip:[0-9a-f]{1,8}:\d+:./);

type Scratch = Awaited<ReturnType<typeof scratchDir>>;
let scratch: Scratch;

const GIB = 1024 * 1024 * 1024;
const MIB = 1024 * 1024;

beforeAll(async () => {
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.remove();
});

/** Runs an operation and reports how much ArrayBuffer memory it left allocated and how long it took. */
async function measured<T>(operation: () => Promise<T>): Promise<{ result: unknown; grownBytes: number; ms: number }> {
  const before = process.memoryUsage().arrayBuffers;
  const started = performance.now();
  const result = await operation().catch((err: unknown) => err);
  return { result, grownBytes: process.memoryUsage().arrayBuffers - before, ms: performance.now() - started };
}

describe('empty and garbage files', () => {
  it.each(['cbz', 'cbr', 'pdf', 'epub'] as const)('a zero-byte .%s is empty', async (format) => {
    const path = await scratch.write(`zero.${format}`, Buffer.alloc(0));
    expect(await kindOf(inspectBook(path, format))).toBe('empty');
    expect(await kindOf(readPage(path, format, 1))).toBe('empty');
    expect(await kindOf(readCover(path, format))).toBe('empty');
  });

  it.each([
    ['random bytes', Buffer.alloc(0)],
    ['random bytes after a ZIP signature', Buffer.from('PK\x03\x04', 'latin1')],
    ['random bytes after a RAR5 signature', Buffer.from('Rar!\x1a\x07\x01\x00', 'latin1')],
    ['random bytes after a RAR4 signature', Buffer.from('Rar!\x1a\x07\x00', 'latin1')],
    ['random bytes after a PDF header', Buffer.from('%PDF-1.7\n', 'latin1')],
  ])('%s are corrupt', async (_label, head) => {
    const noise = Buffer.alloc(64 * 1024);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 3) * 104729) & 0xff;
    const path = await scratch.write(`noise-${head.length}.cbz`, Buffer.concat([head, noise]));
    for (const format of ['cbz', 'cbr', 'epub'] satisfies BookFormat[]) {
      expect(await kindOf(inspectBook(path, format))).toBe('corrupt');
    }
    expect(await kindOf(readPage(path, 'cbz', 1))).toBe('corrupt');
    expect(await kindOf(readCover(path, 'cbz'))).toBe('corrupt');
  });

  it('a ZIP cut in half is corrupt', async () => {
    const pages = await Promise.all(
      [1, 2, 3, 4].map(async (n) => ({ name: `p${n}.jpg`, data: await jpeg(400 + n, 400) })),
    );
    const whole = buildZip(pages);
    const path = await scratch.write('half.cbz', whole.subarray(0, whole.length >> 1));
    expect(await kindOf(inspectBook(path, 'cbz'))).toBe('corrupt');
    expect(await kindOf(readPage(path, 'cbz', 1))).toBe('corrupt');
  });

  it('a RAR or PDF cut in half never crashes: an answer or a BookFileError', async () => {
    for (const [fixture, format] of [
      ['rar4.rar', 'cbr'],
      ['rar5-solid.rar', 'cbr'],
      ['komga.pdf', 'pdf'],
    ] as const) {
      const whole = await readFile(komga(fixture));
      const path = await scratch.write(`half-${fixture}`, whole.subarray(0, whole.length >> 1));
      for (const operation of [
        () => inspectBook(path, format),
        () => readPage(path, format, 1),
        () => readCover(path, format),
      ]) {
        expect(['resolved', 'corrupt']).toContain(await kindOf(operation()));
      }
    }
    // The shared unrar instance is still healthy afterwards.
    expect(await inspectBook(komga('rar5.rar'), 'cbr')).toMatchObject({ pageCount: 1 });
  });

  it('damaged entries: bad deflate data, short data, non-image bytes', async () => {
    const path = await scratch.write(
      'damaged.cbz',
      buildZip([
        {
          name: 'p1.jpg',
          method: 8,
          compressed: Buffer.from('\xff\xfe\xfd not deflate', 'latin1'),
          declaredSize: 5000,
        },
        { name: 'p2.jpg', method: 8, compressed: Buffer.from([0x03, 0x00]), declaredSize: 100 },
        { name: 'p3.jpg', data: Buffer.from('this is text, not a JPEG') },
      ]),
    );
    expect(await inspectBook(path, 'cbz')).toMatchObject({ pageCount: 3 });
    expect(await kindOf(readPage(path, 'cbz', 1))).toBe('corrupt');
    expect(await kindOf(readPage(path, 'cbz', 2))).toBe('corrupt');
    expect(await kindOf(readPage(path, 'cbz', 3))).toBe('corrupt');
  });
});

describe('decompression bombs', () => {
  let gigabyte: { compressed: Buffer; crc: number };
  beforeAll(async () => {
    gigabyte = await deflatedZeros(GIB);
  }, 60_000);

  it('a page declaring 1 GB is refused without inflating it', async () => {
    expect(gigabyte.compressed.length).toBeLessThan(2 * MIB);
    const path = await scratch.write(
      'bomb.cbz',
      buildZip([{ name: 'p1.jpg', method: 8, compressed: gigabyte.compressed, declaredSize: GIB, crc: gigabyte.crc }]),
    );
    // Listing does not touch page data, so the book inspects; reading the page is refused.
    expect(await inspectBook(path, 'cbz')).toMatchObject({ pageCount: 1 });
    const { result, grownBytes, ms } = await measured(() => readPage(path, 'cbz', 1));
    expect(result).toMatchObject({ kind: 'too_large' });
    expect(grownBytes).toBeLessThan(64 * MIB);
    expect(ms).toBeLessThan(10_000); // refused on the declared size before inflating; the memory bound is the real check
    expect(await kindOf(readCover(path, 'cbz'))).toBe('too_large');
  });

  it('a page whose header lies about its size is stopped by the real byte count', async () => {
    const path = await scratch.write(
      'liar.cbz',
      buildZip([
        { name: 'p1.jpg', method: 8, compressed: gigabyte.compressed, declaredSize: 1000, crc: gigabyte.crc },
        { name: 'p2.jpg', method: 8, compressed: gigabyte.compressed, declaredSize: 99 * MIB, crc: gigabyte.crc },
      ]),
    );
    for (const page of [1, 2]) {
      const { result, grownBytes, ms } = await measured(() => readPage(path, 'cbz', page));
      expect(result).toMatchObject({ kind: 'too_large', message: expect.stringMatching(/declared/) });
      expect(grownBytes).toBeLessThan(page === 1 ? 16 * MIB : 160 * MIB);
      expect(ms).toBeLessThan(15_000);
    }
  });

  it('ComicInfo.xml bombs, honest or lying, are too_large', async () => {
    const honest = await scratch.write(
      'info-bomb.cbz',
      buildZip([
        { name: 'p1.jpg', data: await jpeg(101) },
        { name: 'ComicInfo.xml', method: 8, compressed: gigabyte.compressed, declaredSize: GIB, crc: gigabyte.crc },
      ]),
    );
    expect(await kindOf(inspectBook(honest, 'cbz'))).toBe('too_large');
    const lying = await scratch.write(
      'info-liar.cbz',
      buildZip([
        { name: 'p1.jpg', data: await jpeg(101) },
        { name: 'ComicInfo.xml', method: 8, compressed: gigabyte.compressed, declaredSize: 300, crc: gigabyte.crc },
      ]),
    );
    const { result, grownBytes } = await measured(() => inspectBook(lying, 'cbz'));
    expect(result).toMatchObject({ kind: 'too_large' });
    expect(grownBytes).toBeLessThan(16 * MIB);
  });

  it('an OPF bomb is too_large', async () => {
    const path = await scratch.write(
      'opf-bomb.epub',
      buildZip([
        { name: 'content.opf', method: 8, compressed: gigabyte.compressed, declaredSize: 500, crc: gigabyte.crc },
      ]),
    );
    expect(await kindOf(inspectBook(path, 'epub'))).toBe('too_large');
  });

  it('a RAR page declaring 2 GB is refused before extraction', async () => {
    const path = await scratch.write(
      'bomb.cbr',
      buildRar5([{ name: 'p1.png', data: Buffer.alloc(64), declaredSize: 2 * GIB }]),
    );
    expect(await inspectBook(path, 'cbr')).toMatchObject({ pageCount: 1 });
    expect(await kindOf(readPage(path, 'cbr', 1))).toBe('too_large');
  });
});

describe('hostile XML', () => {
  async function comicWithInfo(name: string, xml: string): Promise<string> {
    return scratch.write(
      name,
      buildZip([
        { name: 'p1.jpg', data: await jpeg(101) },
        { name: 'ComicInfo.xml', data: Buffer.from(xml) },
      ]),
    );
  }

  it('deeply nested ComicInfo.xml is ignored, quickly', async () => {
    const deep = `<ComicInfo><Title>x</Title>${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</ComicInfo>`;
    const { result, ms } = await measured(async () => inspectBook(await comicWithInfo('deep.cbz', deep), 'cbz'));
    expect(result).toEqual({ format: 'cbz', coverFingerprint: ZIP_FINGERPRINT, pageCount: 1, metadata: {} });
    expect(ms).toBeLessThan(10_000); // a parser without the bound takes minutes; loose for a loaded machine
  });

  it('entity expansion (billion laughs) is bounded', async () => {
    const laughs = [
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lollollollollollollollollollol">',
      ...Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`),
      ']><ComicInfo><Title>&lol9;</Title></ComicInfo>',
    ].join('');
    const { result, ms, grownBytes } = await measured(async () =>
      inspectBook(await comicWithInfo('laughs.cbz', laughs), 'cbz'),
    );
    expect(result).toMatchObject({ format: 'cbz', pageCount: 1 });
    expect(ms).toBeLessThan(10_000); // a parser without the bound takes minutes; loose for a loaded machine
    expect(grownBytes).toBeLessThan(64 * MIB);
  });

  it('an honest but enormous ComicInfo.xml is too_large', async () => {
    const huge = `<ComicInfo><Summary>${'x'.repeat(3 * MIB)}</Summary></ComicInfo>`;
    expect(await kindOf(inspectBook(await comicWithInfo('huge-info.cbz', huge), 'cbz'))).toBe('too_large');
  });

  it('a deeply nested OPF makes the EPUB corrupt', async () => {
    const opf = `<package><metadata>${'<x>'.repeat(10_000)}${'</x>'.repeat(10_000)}</metadata></package>`;
    const path = await scratch.write('deep.epub', buildZip([{ name: 'content.opf', data: Buffer.from(opf) }]));
    expect(await kindOf(inspectBook(path, 'epub'))).toBe('corrupt');
  });
});

describe('names and listings', () => {
  it('path traversal names are just names: counted, readable, never written anywhere', async () => {
    const path = await scratch.write(
      'traversal.cbz',
      buildZip([
        { name: '../../evil1.jpg', data: await jpeg(101) },
        { name: '/abs/evil2.jpg', data: await jpeg(102) },
        { name: 'C:\\evil3.jpg', data: await jpeg(103) },
      ]),
    );
    expect(await inspectBook(path, 'cbz')).toMatchObject({ pageCount: 3 });
    for (const page of [1, 2, 3]) expect((await readPage(path, 'cbz', page)).mediaType).toBe('image/jpeg');
    for (const name of ['evil1.jpg', 'evil2.jpg', 'evil3.jpg']) {
      expect(existsSync(join(dirname(dirname(scratch.path)), name))).toBe(false);
      expect(existsSync(join(dirname(scratch.path), name))).toBe(false);
      expect(existsSync(join(scratch.path, name))).toBe(false);
    }
  });

  it('a ZIP listing more entries than the cap is too_large', async () => {
    const entries = Array.from({ length: 50_001 }, (_, i) => ({ name: `f${i}.txt` }));
    const path = await scratch.write('many.cbz', buildZip(entries));
    expect(await kindOf(inspectBook(path, 'cbz'))).toBe('too_large');
  });

  it('inspection honours an AbortSignal', async () => {
    const entries = Array.from({ length: 20_000 }, (_, i) => ({ name: `f${i}.txt` }));
    const path = await scratch.write('abortable.cbz', buildZip([...entries, { name: 'p.jpg', data: await jpeg(101) }]));
    await expect(inspectBook(path, 'cbz', { signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    const controller = new AbortController();
    const inspection = inspectBook(path, 'cbz', { signal: controller.signal });
    setImmediate(() => controller.abort());
    await expect(inspection).rejects.toMatchObject({ name: 'AbortError' });
    expect(await inspectBook(path, 'cbz')).toMatchObject({ pageCount: 1 });
  });
});

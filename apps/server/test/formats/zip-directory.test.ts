import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FileSample } from '../../src/indexer/formats/file-sample.js';
import { ZipArchive, zipEntryFingerprint } from '../../src/indexer/formats/zip-archive.js';
import { NeedsFullReader, ZipDirectory } from '../../src/indexer/formats/zip-directory.js';
import { deflatedZeros, scratchDir } from './support/books.js';
import { buildZip, type ZipEntrySpec } from './support/zip-writer.js';

type Scratch = Awaited<ReturnType<typeof scratchDir>>;
let scratch: Scratch;
beforeAll(async () => {
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.remove();
});

/** Bytes that do not compress, so an archive can be made larger than the head and tail a FileSample holds. */
function noise(size: number, seed: number): Buffer {
  const data = Buffer.alloc(size);
  let x = seed;
  for (let i = 0; i < size; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    data[i] = x >>> 24;
  }
  return data;
}

async function withDirectory<T>(name: string, zip: Buffer, use: (directory: ZipDirectory) => Promise<T>): Promise<T> {
  const sample = await FileSample.open(await scratch.write(name, zip));
  try {
    return await use(await ZipDirectory.open(sample));
  } finally {
    await sample.close();
  }
}

const ENTRIES: ZipEntrySpec[] = [
  { name: 'Série/', data: Buffer.alloc(0) },
  { name: 'Série/001.jpg', data: noise(3000, 1), method: 0 },
  { name: 'Série/002.jpg', data: Buffer.alloc(5000, 7) },
  { name: 'ComicInfo.xml', data: Buffer.from('<ComicInfo><Title>Un</Title></ComicInfo>') },
  { name: 'locked.jpg', data: Buffer.alloc(10, 1), encrypted: true },
];

describe('ZipDirectory: a plain ZIP listed and read from one buffer', () => {
  it.each([
    ['small, read whole', ENTRIES],
    // 200 KB of pages before the rest: the directory is in the tail, the entries between head and tail.
    ['larger than the head and tail', [{ name: 'big.jpg', data: noise(200_000, 2), method: 0 }, ...ENTRIES]],
  ])('lists and reads what yauzl does (%s)', async (label, entries) => {
    const file = await scratch.write(`plain-${label.length}.cbz`, buildZip(entries));
    const yauzl = await ZipArchive.open(file);
    try {
      await withDirectory(`plain-${label.length}-copy.cbz`, buildZip(entries), async (directory) => {
        expect(
          directory.entries.map(({ name, isDirectory, size, encrypted, compressionMethod }) => ({
            name,
            isDirectory,
            size,
            encrypted,
            compressionMethod,
          })),
        ).toEqual(
          yauzl.entries.map(({ name, isDirectory, size, encrypted, compressionMethod }) => ({
            name,
            isDirectory,
            size,
            encrypted,
            compressionMethod,
          })),
        );
        // The same cover fingerprint whichever reader listed the file: a rescan may take the other path.
        expect(directory.entries.map(zipEntryFingerprint)).toEqual(yauzl.entries.map(zipEntryFingerprint));
        expect(new Set(directory.entries.map((entry) => entry.crc32)).size).toBeGreaterThan(1);
        for (const [i, entry] of directory.entries.entries()) {
          if (entry.isDirectory || entry.encrypted) continue;
          expect(await directory.read(entry, 1 << 20, entry.name)).toEqual(
            await yauzl.read(yauzl.entries[i]!, 1 << 20, entry.name),
          );
        }
      });
    } finally {
      yauzl.close();
    }
  });

  it('refuses a locked or oversized entry as ZipArchive does, before reading it', async () => {
    await withDirectory('refused.cbz', buildZip(ENTRIES), async (directory) => {
      const locked = directory.entries.find((entry) => entry.name === 'locked.jpg')!;
      await expect(directory.read(locked, 1 << 20, 'locked.jpg')).rejects.toMatchObject({ kind: 'encrypted' });
      const page = directory.entries.find((entry) => entry.name === 'Série/002.jpg')!;
      await expect(directory.read(page, 100, 'the page')).rejects.toMatchObject({ kind: 'too_large' });
    });
  });

  it('finds the end record behind an archive comment', async () => {
    const zip = buildZip(ENTRIES);
    const comment = Buffer.from('made by a scanner');
    zip.writeUInt16LE(comment.length, zip.length - 2);
    const listed = await withDirectory('comment.cbz', Buffer.concat([zip, comment]), (directory) =>
      Promise.resolve(directory.entries.length),
    );
    expect(listed).toBe(ENTRIES.length);
  });
});

/** The end of central directory record of a buildZip archive (it writes no comment). */
const endOf = (zip: Buffer) => zip.length - 22;

describe('ZipDirectory: anything not plain goes to the full reader', () => {
  it.each<[string, (zip: Buffer) => Buffer]>([
    ['cut in half', (zip) => zip.subarray(0, zip.length >> 1)],
    ['cut before its last byte', (zip) => zip.subarray(0, zip.length - 1)],
    ['with a comment length that does not match', (zip) => (zip.writeUInt16LE(5, zip.length - 2), zip)],
    ['spanning disks', (zip) => (zip.writeUInt16LE(1, endOf(zip) + 4), zip)],
    ['with a ZIP64 entry count', (zip) => (zip.writeUInt16LE(0xffff, endOf(zip) + 10), zip)],
    ['with a ZIP64 directory offset', (zip) => (zip.writeUInt32LE(0xffffffff, endOf(zip) + 16), zip)],
    ['listing more entries than it holds', (zip) => (zip.writeUInt16LE(99, endOf(zip) + 10), zip)],
    ['with its directory past its end record', (zip) => (zip.writeUInt32LE(zip.length, endOf(zip) + 12), zip)],
    ['with a damaged entry record', (zip) => (zip.writeUInt32LE(0x12345678, zip.readUInt32LE(endOf(zip) + 16)), zip)],
    [
      'with an extra field longer than its record says',
      (zip) => {
        // The first entry's extra length grows by 4 over the bytes of its name: they no longer parse as fields.
        const record = zip.readUInt32LE(endOf(zip) + 16);
        zip.writeUInt16LE(4, record + 30);
        zip.writeUInt16LE(zip.readUInt16LE(record + 28) - 4, record + 28);
        return zip;
      },
    ],
  ])('an archive %s', async (label, damage) => {
    const zip = damage(Buffer.from(buildZip(ENTRIES)));
    const error = await withDirectory(`damaged-${label.replace(/\W+/g, '-')}.cbz`, zip, () =>
      Promise.resolve(null),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NeedsFullReader);
  });

  it('a directory far larger than its entries could need is never read in one piece', async () => {
    // The end record claims the whole file as its directory: a hostile one could claim gigabytes.
    const zip = Buffer.from(buildZip([{ name: 'big.jpg', data: noise(200_000, 3), method: 0 }, ...ENTRIES]));
    zip.writeUInt32LE(0, endOf(zip) + 16);
    zip.writeUInt32LE(endOf(zip), endOf(zip) + 12);
    const error = await withDirectory('huge-directory.cbz', zip, () => Promise.resolve(null)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(NeedsFullReader);
    expect((error as Error).message).toContain('directory larger than its entries');
  });

  it('an entry that inflates past its declared size (a lying bomb) or short of it (truncated)', async () => {
    const { compressed, crc } = await deflatedZeros(1 << 20);
    const zip = buildZip([
      { name: 'ComicInfo.xml', method: 8, compressed, crc, declaredSize: 100 },
      { name: 'short.xml', data: Buffer.alloc(50, 65), declaredSize: 80 },
    ]);
    await withDirectory('lying.cbz', zip, async (directory) => {
      for (const entry of directory.entries) {
        await expect(directory.read(entry, 1 << 20, entry.name)).rejects.toBeInstanceOf(NeedsFullReader);
      }
    });
  });

  it('an entry whose local header is not where the directory says', async () => {
    const zip = buildZip(ENTRIES);
    zip.writeUInt32LE(0, 0); // the first local header's signature
    await withDirectory('no-local-header.cbz', zip, async (directory) => {
      const first = directory.entries.find((entry) => entry.localHeaderOffset === 0)!;
      await expect(directory.read(first, 1 << 20, first.name)).rejects.toBeInstanceOf(NeedsFullReader);
    });
  });
});

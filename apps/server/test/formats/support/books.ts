import { mkdtemp, rm, writeFile, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { constants, crc32, createDeflateRaw } from 'node:zlib';

import sharp from 'sharp';
import { BookFileError } from '../../../src/indexer/formats/index.js';

/** The Komga fixtures (MIT), read in place. */
export const KOMGA = fileURLToPath(new URL('../../fixtures/komga/', import.meta.url));

export function komga(name: string): string {
  return join(KOMGA, name);
}

/** A scratch folder for generated books; remove() deletes it. */
export async function scratchDir(): Promise<{
  path: string;
  write(name: string, data: Buffer): Promise<string>;
  copy(fixture: string, name: string): Promise<string>;
  remove(): Promise<void>;
}> {
  const path = await mkdtemp(join(tmpdir(), 'shelfmark-formats-'));
  return {
    path,
    async write(name, data) {
      const file = join(path, name);
      await writeFile(file, data);
      return file;
    },
    async copy(fixture, name) {
      const file = join(path, name);
      await copyFile(komga(fixture), file);
      return file;
    },
    remove: () => rm(path, { recursive: true, force: true }),
  };
}

/** A small JPEG whose width identifies it (page N of a test book is 100 + N pixels wide). */
export function jpeg(width: number, height = 60): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: width % 256, g: 80, b: 160 } } })
    .jpeg()
    .toBuffer();
}

export function png(width: number, height = 60): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 10, g: width % 256, b: 10 } } })
    .png()
    .toBuffer();
}

export async function widthOf(data: Buffer): Promise<number | undefined> {
  return (await sharp(data).metadata()).width;
}

/**
 * Deflates `size` zero bytes as a stream (never holding them in memory): 1 GB becomes about 1 MB. Returns the
 * compressed payload and the CRC-32 of the zeros.
 */
export async function deflatedZeros(size: number): Promise<{ compressed: Buffer; crc: number }> {
  const chunk = Buffer.alloc(1024 * 1024);
  let crc = 0;
  function* zeros(): Generator<Buffer> {
    for (let left = size; left > 0; left -= chunk.length) {
      const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
      crc = crc32(part, crc);
      yield part;
    }
  }
  // Run-length matching gives deflate's best ratio on zeros (about 1032:1) three times faster than the default.
  const deflate = Readable.from(zeros()).pipe(createDeflateRaw({ level: 9, strategy: constants.Z_RLE }));
  const parts: Buffer[] = [];
  for await (const part of deflate as AsyncIterable<Buffer>) parts.push(part);
  return { compressed: Buffer.concat(parts), crc };
}

/** The BookFileError kind an operation fails with, or 'resolved'; any other error fails the test. */
export async function kindOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (err) {
    if (!(err instanceof BookFileError)) throw err;
    return err.kind;
  }
}

import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

import type { FileSample } from './formats/file-sample.js';

const SAMPLE_BYTES = 1024;

/**
 * Where KOReader samples a file: `lshift(1024, 2*i)` for i = -1…10 in its util.partialMD5. LuaJIT masks the shift
 * count to 5 bits, so i = -1 shifts by 30 and overflows to 0: the first sample is the file's head, then 1 KiB,
 * 4 KiB, 16 KiB … 1 GiB. Other implementations that start at 256 produce hashes no KOReader sync server knows.
 */
export const PARTIAL_HASH_OFFSETS: readonly number[] = [0, ...Array.from({ length: 11 }, (_, i) => 1024 * 4 ** i)];

/**
 * KOReader's "partial MD5" of a file: the MD5 of up to 1 KiB read at each offset, stopping at the first offset at or
 * past the end (a sample cut short by the end still counts). Twelve small reads whatever the size, so it costs the
 * same for a 1 MB and a 1 GB book; with the size it tells a renamed or moved file from a new one.
 */
export async function partialMd5(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const sample = Buffer.alloc(SAMPLE_BYTES);
    return await partialMd5Of(async (offset) => {
      const { bytesRead } = await handle.read(sample, 0, SAMPLE_BYTES, offset);
      return sample.subarray(0, bytesRead);
    });
  } finally {
    await handle.close();
  }
}

/** The same hash of a file already opened for indexing, most samples served from the head it holds. */
export function partialMd5OfSample(file: FileSample): Promise<string> {
  return partialMd5Of((offset) => file.read(offset, SAMPLE_BYTES));
}

/** `read` gives up to 1 KiB at an offset, fewer at the end of the file, none past it. */
async function partialMd5Of(read: (offset: number) => Promise<Buffer>): Promise<string> {
  const hash = createHash('md5');
  for (const offset of PARTIAL_HASH_OFFSETS) {
    const sample = await read(offset);
    if (sample.length === 0) break;
    hash.update(sample);
  }
  return hash.digest('hex');
}

import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { FileSample } from './formats/file-sample.js';
import { PARTIAL_HASH_OFFSETS, partialMd5, partialMd5OfSample } from './partial-hash.js';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'partial-hash-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** The reference: KOReader's loop written out over a buffer held in memory. */
function koreaderPartialMd5(data: Buffer): string {
  const hash = createHash('md5');
  for (let i = -1; i <= 10; i++) {
    // LuaJIT's bit.lshift(1024, -2) is a shift by 30 (the count masked to 5 bits), which overflows 32 bits to 0.
    const offset = i === -1 ? 0 : 1024 << (2 * i);
    if (offset >= data.length) break;
    hash.update(data.subarray(offset, offset + 1024));
  }
  return hash.digest('hex');
}

describe('partialMd5', () => {
  it('samples at 0, 1 KiB, 4 KiB … 1 GiB', () => {
    expect(PARTIAL_HASH_OFFSETS).toEqual([
      0, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864, 268435456, 1073741824,
    ]);
  });

  // 140,000 and up: larger than the head and tail a FileSample holds, so some samples are read from between them.
  it.each([0, 1, 1024, 1025, 5000, 70_000, 140_000, 300_000, 1_049_000])(
    'matches KOReader on a %i-byte file, read alone or from a FileSample',
    async (size) => {
      const data = Buffer.alloc(size);
      for (let i = 0; i < size; i++) data[i] = (i * 31 + (i >> 10)) & 0xff;
      const file = path.join(folder, `f${size}`);
      await writeFile(file, data);
      expect(await partialMd5(file)).toBe(koreaderPartialMd5(data));
      const sample = await FileSample.open(file);
      try {
        expect(await partialMd5OfSample(sample)).toBe(koreaderPartialMd5(data));
      } finally {
        await sample.close();
      }
    },
  );

  it('is the MD5 of the whole file when it is at most 1 KiB', async () => {
    const file = path.join(folder, 'small');
    await writeFile(file, 'hello');
    expect(await partialMd5(file)).toBe(createHash('md5').update('hello').digest('hex'));
  });

  it('changes with a byte inside a sample, not with one between samples', async () => {
    const data = Buffer.alloc(20_000, 7);
    const file = path.join(folder, 'edit');
    await writeFile(file, data);
    const before = await partialMd5(file);
    data[3000] = 1; // between the sample at 1 KiB (up to 2 KiB) and the one at 4 KiB
    await writeFile(file, data);
    expect(await partialMd5(file)).toBe(before);
    data[4100] = 1;
    await writeFile(file, data);
    expect(await partialMd5(file)).not.toBe(before);
  });
});

import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/**
 * The bytes of a file that indexing reads (its container signature, the partial hash's samples, a ZIP's end record and
 * central directory) are at its head and its tail. Read both once, each in one call, at most this much of each…
 */
const HEAD_BYTES = 66 * 1024;
/** …the tail holding the end of central directory record with the longest comment ZIP allows (yauzl reads as much). */
const TAIL_BYTES = 65_557;

/** How a FileSample reads its file: through the thread pool (FileHandle) or, in the analysis thread, synchronously. */
interface RandomAccess {
  size(): Promise<number> | number;
  /** Fills `buffer` from `position`; fewer bytes at the end of the file. */
  read(buffer: Buffer, position: number): Promise<number> | number;
  close(): Promise<void> | void;
}

const handleAccess = (handle: FileHandle): RandomAccess => ({
  size: async () => (await handle.stat()).size,
  read: async (buffer, position) => (await handle.read(buffer, 0, buffer.length, position)).bytesRead,
  close: () => handle.close(),
});

/** Blocking reads: for a thread of its own, where they cost no hand-off to the thread pool and block nobody else. */
const descriptorAccess = (fd: number): RandomAccess => ({
  size: () => fstatSync(fd).size,
  read: (buffer, position) => readSync(fd, buffer, 0, buffer.length, position),
  close: () => closeSync(fd),
});

/**
 * A file opened once for indexing: its head and tail read up front (the whole file when it is small), every other
 * range read on demand from the same descriptor. Sniffing, hashing and listing a ZIP from it cost one open and two
 * reads instead of an open and one or more reads each (a CBZ's directory through yauzl alone is two reads an entry).
 */
export class FileSample {
  private readonly file: RandomAccess;
  readonly size: number;
  /** The first bytes of the file (all of it when small). */
  readonly head: Buffer;
  private readonly tail: Buffer;
  private readonly tailStart: number;

  // Plain fields, not parameter properties: the benchmarks load this module's types with erasable syntax only.
  private constructor(file: RandomAccess, size: number, head: Buffer, tail: Buffer, tailStart: number) {
    this.file = file;
    this.size = size;
    this.head = head;
    this.tail = tail;
    this.tailStart = tailStart;
  }

  static async open(path: string): Promise<FileSample> {
    return FileSample.sample(handleAccess(await open(path, 'r')));
  }

  /** The same with blocking reads (see descriptorAccess). */
  static async openSync(path: string): Promise<FileSample> {
    return FileSample.sample(descriptorAccess(openSync(path, 'r')));
  }

  private static async sample(file: RandomAccess): Promise<FileSample> {
    try {
      const size = await file.size();
      if (size <= HEAD_BYTES + TAIL_BYTES) {
        const whole = await readExactly(file, 0, size);
        return new FileSample(file, whole.length, whole, whole, 0);
      }
      const head = await readExactly(file, 0, HEAD_BYTES);
      const tail = await readExactly(file, size - TAIL_BYTES, TAIL_BYTES);
      return new FileSample(file, size, head, tail, size - TAIL_BYTES);
    } catch (error) {
      await file.close();
      throw error;
    }
  }

  /** Up to `length` bytes at `offset` (fewer at the end of the file), from the bytes held when they cover the range. */
  async read(offset: number, length: number): Promise<Buffer> {
    const end = Math.min(offset + length, this.size);
    if (end <= offset) return Buffer.alloc(0);
    if (end <= this.head.length) return this.head.subarray(offset, end);
    if (offset >= this.tailStart) return this.tail.subarray(offset - this.tailStart, end - this.tailStart);
    return readExactly(this.file, offset, end - offset);
  }

  async close(): Promise<void> {
    await this.file.close();
  }
}

/** `length` bytes at `position`, or fewer when the file turns out shorter (it may shrink while we read). */
async function readExactly(file: RandomAccess, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const bytesRead = await file.read(buffer.subarray(filled), position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

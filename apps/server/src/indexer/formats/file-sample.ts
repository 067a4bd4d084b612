import { open, type FileHandle } from 'node:fs/promises';

/**
 * The bytes of a file that indexing reads (its container signature, the partial hash's samples, a ZIP's end record and
 * central directory) are at its head and its tail. Read both once, each in one call, at most this much of each…
 */
const HEAD_BYTES = 66 * 1024;
/** …the tail holding the end of central directory record with the longest comment ZIP allows (yauzl reads as much). */
const TAIL_BYTES = 65_557;

/**
 * A file opened once for indexing: its head and tail read up front (the whole file when it is small), every other
 * range read on demand from the same descriptor. Sniffing, hashing and listing a ZIP from it cost one open and two
 * reads instead of an open and one or more reads each (a CBZ's directory through yauzl alone is two reads an entry).
 */
export class FileSample {
  private constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    /** The first bytes of the file (all of it when small). */
    readonly head: Buffer,
    private readonly tail: Buffer,
    private readonly tailStart: number,
  ) {}

  static async open(path: string): Promise<FileSample> {
    const handle = await open(path, 'r');
    try {
      const { size } = await handle.stat();
      if (size <= HEAD_BYTES + TAIL_BYTES) {
        const whole = await readExactly(handle, 0, size);
        return new FileSample(handle, whole.length, whole, whole, 0);
      }
      const head = await readExactly(handle, 0, HEAD_BYTES);
      const tail = await readExactly(handle, size - TAIL_BYTES, TAIL_BYTES);
      return new FileSample(handle, size, head, tail, size - TAIL_BYTES);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  /** Up to `length` bytes at `offset` (fewer at the end of the file), from the bytes held when they cover the range. */
  async read(offset: number, length: number): Promise<Buffer> {
    const end = Math.min(offset + length, this.size);
    if (end <= offset) return Buffer.alloc(0);
    if (end <= this.head.length) return this.head.subarray(offset, end);
    if (offset >= this.tailStart) return this.tail.subarray(offset - this.tailStart, end - this.tailStart);
    return readExactly(this.handle, offset, end - offset);
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}

/** `length` bytes at `position`, or fewer when the file turns out shorter (it may shrink while we read). */
async function readExactly(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

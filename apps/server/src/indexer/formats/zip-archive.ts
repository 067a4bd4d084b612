import { read as readFd } from 'node:fs';
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { constants as zlibConstants, inflateRaw, inflateRawSync } from 'node:zlib';

import yauzl from 'yauzl';

import { BookFileError } from './errors.js';
import { MAX_ARCHIVE_ENTRIES } from './limits.js';
import type { ArchiveEntry } from './page-entries.js';

export type ZipEntry = ZipListedEntry & { raw: yauzl.Entry };

/** Methods that appear in comic archives in the wild; yauzl (like zlib) only decodes stored (0) and deflate (8). */
const METHOD_NAMES: Readonly<Record<number, string>> = {
  1: 'shrink',
  6: 'implode',
  9: 'deflate64',
  12: 'bzip2',
  14: 'lzma',
  93: 'zstd',
  95: 'xz',
  96: 'jpeg',
  98: 'ppmd',
};

/** Bit 0: traditional PKWARE or AES encryption. Bit 6: "strong encryption". */
const ENCRYPTED_FLAGS = 0x0001 | 0x0040;
const AES_METHOD = 99;

/** Errors from the file system (EIO, EMFILE…) pass through; anything yauzl or zlib says about the bytes is corruption. */
function describeZipError(err: unknown): Error {
  if (err instanceof Error && (err as NodeJS.ErrnoException).syscall !== undefined) return err;
  const message = err instanceof Error ? err.message : String(err);
  if (/strong encryption/i.test(message)) return new BookFileError('encrypted', 'the ZIP uses strong encryption');
  return new BookFileError('corrupt', `not a readable ZIP: ${message}`, { cause: err });
}

/** The central directory fields of an entry we use, as yauzl names them. */
export type DirectoryRecord = Pick<
  yauzl.Entry,
  'generalPurposeBitFlag' | 'compressionMethod' | 'fileNameRaw' | 'extraFields' | 'uncompressedSize' | 'crc32'
>;

/** A ZIP entry as the format layer sees it, whichever reader listed it. */
export type ZipListedEntry = ArchiveEntry & { compressionMethod: number; crc32: number };

/** An entry as the format layer sees it, from its central directory record (yauzl's or zip-directory.ts's). */
export function describeEntry(raw: DirectoryRecord): ZipListedEntry {
  // decodeStrings is off (see open()), so the name is decoded here, without yauzl's path validation.
  const name = yauzl.getFileNameLowLevel(raw.generalPurposeBitFlag, raw.fileNameRaw, raw.extraFields, false);
  return {
    name,
    isDirectory: name.endsWith('/'),
    size: raw.uncompressedSize,
    encrypted: (raw.generalPurposeBitFlag & ENCRYPTED_FLAGS) !== 0 || raw.compressionMethod === AES_METHOD,
    compressionMethod: raw.compressionMethod,
    crc32: raw.crc32,
  };
}

const toEntry = (raw: yauzl.Entry): ZipEntry => ({ ...describeEntry(raw), raw });

const inflateRawAsync = promisify(inflateRaw);
const INFLATE_CHUNK_MAX = 4 * 1024 * 1024;

/**
 * Deflate makes incompressible data a little larger (5 bytes per 16 KiB block, and a few more): an entry whose
 * compressed size is larger than this for its declared size lies about one of them, and is read through yauzl's
 * stream, which stops at the declared size whatever the compressed size says.
 */
function plausibleCompressedSize(entry: ZipEntry): boolean {
  return entry.raw.compressedSize <= entry.size + Math.ceil(entry.size / 1024) + 1024;
}

/** Fills `buffer` from `position` of the file (short reads continued); fails at the end of the file. */
async function readFully(fd: number, buffer: Buffer, position: number): Promise<void> {
  for (let done = 0; done < buffer.length;) {
    const bytesRead = await new Promise<number>((resolve, reject) =>
      readFd(fd, buffer, done, buffer.length - done, position + done, (err, n) => (err ? reject(err) : resolve(n))),
    );
    if (bytesRead === 0) throw new BookFileError('corrupt', 'not a readable ZIP: unexpected end of file');
    done += bytesRead;
  }
}

/** Refuses, before reading anything, an entry that is locked, compressed in a way we cannot undo, or declared too big. */
export function checkReadable(entry: ArchiveEntry & { compressionMethod: number }, cap: number, what: string): void {
  if (entry.encrypted) throw new BookFileError('encrypted', `${what} is encrypted`);
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
    const method = METHOD_NAMES[entry.compressionMethod] ?? `method ${entry.compressionMethod}`;
    throw new BookFileError('unsupported', `${what} uses ${method} compression, which is not supported`);
  }
  if (entry.size > cap) throw new BookFileError('too_large', `${what} declares ${entry.size} bytes (limit ${cap})`);
}

/**
 * What identifies an entry's bytes without reading them: its name, CRC-32 and size from the central directory. A
 * rewritten ZIP whose cover entry has the same fingerprint has the same cover (taggers rewrite the whole file when
 * only ComicInfo.xml changes), so its thumbnail can be kept.
 */
export function zipEntryFingerprint(entry: ZipListedEntry): string {
  return `zip:${entry.crc32.toString(16)}:${entry.size}:${entry.name}`;
}

/**
 * A ZIP opened for random access: only the central directory is read up front, and each entry is decompressed on
 * demand, under a byte cap, straight from its offset in the file.
 */
export class ZipArchive {
  private constructor(
    private readonly zip: yauzl.ZipFile,
    readonly entries: readonly ZipEntry[],
  ) {}

  static async open(path: string, signal?: AbortSignal): Promise<ZipArchive> {
    signal?.throwIfAborted();
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) => {
      // decodeStrings: false, because yauzl's name validation rejects the whole archive over one `../x.jpg` entry;
      // we never write entries to disk, so such a name is just a name. validateEntrySizes: false, because we count
      // the real bytes ourselves and want to tell a bomb (too_large) from a truncation (corrupt).
      const options = { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: false };
      yauzl.open(path, options, (err, opened) => (err ? reject(describeZipError(err)) : resolve(opened)));
    });
    try {
      if (zip.entryCount > MAX_ARCHIVE_ENTRIES) {
        throw new BookFileError('too_large', `the ZIP lists ${zip.entryCount} entries (limit ${MAX_ARCHIVE_ENTRIES})`);
      }
      const entries = await new Promise<ZipEntry[]>((resolve, reject) => {
        const found: ZipEntry[] = [];
        zip.on('entry', (raw: yauzl.Entry) => {
          if (signal?.aborted) return reject(signal.reason as Error);
          found.push(toEntry(raw));
          zip.readEntry();
        });
        zip.on('end', () => resolve(found));
        zip.on('error', (err) => reject(describeZipError(err)));
        zip.readEntry();
      });
      return new ZipArchive(zip, entries);
    } catch (err) {
      zip.close();
      throw err;
    }
  }

  /**
   * The entry's bytes. Refused before reading when its declared size exceeds `cap`; stopped as soon as the bytes
   * actually produced exceed the cap or the declared size, so a lying header cannot make us inflate a bomb.
   */
  async read(entry: ZipEntry, cap: number, what: string): Promise<Buffer> {
    checkReadable(entry, cap, what);
    if (plausibleCompressedSize(entry)) return this.readWhole(entry, cap, what);
    const stream = await new Promise<Readable>((resolve, reject) => {
      this.zip.openReadStream(entry.raw, (err, opened) => (err ? reject(describeZipError(err)) : resolve(opened)));
    });
    const chunks: Buffer[] = [];
    let total = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > cap) throw new BookFileError('too_large', `${what} inflates beyond ${cap} bytes`);
        if (total > entry.size) {
          throw new BookFileError('too_large', `${what} inflates beyond its declared ${entry.size} bytes (zip bomb?)`);
        }
        chunks.push(chunk);
      }
    } catch (err) {
      stream.destroy();
      throw err instanceof BookFileError ? err : describeZipError(err);
    }
    if (total < entry.size) {
      throw new BookFileError('corrupt', `${what} is truncated (${total} of ${entry.size} bytes)`);
    }
    return Buffer.concat(chunks, total);
  }

  /**
   * `read` in one piece: the entry's compressed bytes in one read at their offset, inflated in one call (off the event
   * loop), the result one buffer. yauzl's stream reads 64 KiB chunks, one file read and one Buffer each, then joins
   * them: reading a stored 1.9 MB PNG page took 5.2 ms of user CPU, now 1.1 (a 500 KB JPEG: 1.5 → 1.0 ms; measured
   * under load). Same checks and errors as the stream.
   */
  private async readWhole(entry: ZipEntry, cap: number, what: string): Promise<Buffer> {
    // Held open while read, as yauzl's own stream does: a close meanwhile (a sibling read failed) is put off until
    // this read ends, so it never reads a descriptor closed, or reused by another file.
    const reader = (this.zip as unknown as { reader: { fd: number; ref(): void; unref(): void } }).reader;
    reader.ref();
    let compressed: Buffer;
    try {
      let dataStart: number;
      try {
        ({ fileDataStart: dataStart } = await this.zip.readLocalFileHeaderPromise(entry.raw, { minimal: true }));
      } catch (err) {
        throw describeZipError(err);
      }
      compressed = Buffer.allocUnsafe(entry.raw.compressedSize);
      try {
        await readFully(reader.fd, compressed, dataStart);
      } catch (err) {
        throw err instanceof BookFileError ? err : describeZipError(err);
      }
    } finally {
      reader.unref();
    }
    let data = compressed;
    if (entry.compressionMethod === 8) {
      try {
        // Output chunks of the declared size up to 4 MiB (the default, 16 KiB, makes a heap block per chunk; one chunk
        // of a lying 99 MB would be followed by a second before the limit is seen); a stream that would inflate past
        // the declared size (at most the cap: checkReadable) stops there.
        const chunkSize = Math.min(Math.max(entry.size, 64), INFLATE_CHUNK_MAX);
        data = await inflateRawAsync(compressed, { chunkSize, maxOutputLength: entry.size + 1 });
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
          throw new BookFileError('too_large', `${what} inflates beyond its declared ${entry.size} bytes (zip bomb?)`);
        }
        throw describeZipError(err);
      }
    }
    if (data.length > cap) throw new BookFileError('too_large', `${what} inflates beyond ${cap} bytes`);
    if (data.length > entry.size) {
      throw new BookFileError('too_large', `${what} inflates beyond its declared ${entry.size} bytes (zip bomb?)`);
    }
    if (data.length < entry.size) {
      throw new BookFileError('corrupt', `${what} is truncated (${data.length} of ${entry.size} bytes)`);
    }
    return data;
  }

  /**
   * About the first `bytes` bytes of the entry (fewer when it is shorter), reading only that range of the file: a
   * stored entry's first bytes, or a deflated entry's first `bytes` compressed bytes inflated as far as they go
   * (page images barely compress, so that is about as much image). The stream always runs to its end: one destroyed
   * mid-read leaves a read pending on the file descriptor that fails once the archive is closed.
   */
  async readHead(entry: ZipEntry, bytes: number, what: string): Promise<Buffer> {
    if (entry.encrypted) throw new BookFileError('encrypted', `${what} is encrypted`);
    if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) {
      throw new BookFileError('unsupported', `${what} uses compression method ${entry.compressionMethod}`);
    }
    const end = Math.min(entry.raw.compressedSize, bytes);
    const stream = await new Promise<Readable>((resolve, reject) => {
      const range = entry.compressionMethod === 0 ? { start: 0, end } : { decompress: false as const, start: 0, end };
      this.zip.openReadStream(entry.raw, range, (err, opened) =>
        err ? reject(describeZipError(err)) : resolve(opened),
      );
    });
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    } catch (err) {
      throw describeZipError(err);
    }
    const raw = Buffer.concat(chunks);
    if (entry.compressionMethod === 0) return raw;
    try {
      // Z_SYNC_FLUSH: a cut deflate stream gives what it holds instead of an "unexpected end of file" error.
      return inflateRawSync(raw, { finishFlush: zlibConstants.Z_SYNC_FLUSH, maxOutputLength: bytes * 4 }).subarray(
        0,
        bytes,
      );
    } catch {
      return Buffer.alloc(0); // not inflatable from its head: the caller reads the entry whole, with its checks
    }
  }

  /**
   * The entry's bytes as a stream, for serving it as it is inflated (EPUB resources). Refused like `read`; the stream
   * errors as soon as it produces more than the declared size, so a lying header cannot inflate a bomb.
   */
  async stream(entry: ZipEntry, cap: number, what: string): Promise<Readable> {
    checkReadable(entry, cap, what);
    const stream = await new Promise<Readable>((resolve, reject) => {
      this.zip.openReadStream(entry.raw, (err, opened) => (err ? reject(describeZipError(err)) : resolve(opened)));
    });
    let total = 0;
    stream.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > entry.size) {
        stream.destroy(new BookFileError('too_large', `${what} inflates beyond its declared ${entry.size} bytes`));
      }
    });
    return stream;
  }

  close(): void {
    this.zip.close();
  }
}

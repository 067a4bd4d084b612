import { inflateRawSync } from 'node:zlib';

import { BookFileError } from './errors.js';
import type { FileSample } from './file-sample.js';
import { MAX_ARCHIVE_ENTRIES } from './limits.js';
import type { EntryReader } from './page-entries.js';
import { checkReadable, describeEntry, type ZipListedEntry } from './zip-archive.js';

/**
 * A ZIP's listing parsed from one buffer, for indexing: yauzl reads the central directory with two reads per entry,
 * which made listing a CBZ most of what indexing it cost. Only plain archives are read here (one disk, no ZIP64,
 * every record where its neighbours say); for anything else, or any entry that does not inflate to exactly its
 * declared size, `NeedsFullReader` is thrown and the caller reads the file with ZipArchive (yauzl) instead, so the
 * errors a damaged or hostile archive gets are always yauzl's and ZipArchive's.
 */
export class NeedsFullReader extends BookFileError {
  constructor(why: string) {
    super('corrupt', `the ZIP needs the full reader: ${why}`);
  }
}

export type DirectoryEntry = ZipListedEntry & { compressedSize: number; localHeaderOffset: number };

const END_SIGNATURE = 0x06054b50;
const END_BYTES = 22;
const ENTRY_SIGNATURE = 0x02014b50;
const ENTRY_BYTES = 46;
const LOCAL_SIGNATURE = 0x04034b50;
const LOCAL_BYTES = 30;
/** The end record sits within its own size plus the longest comment (65,535 bytes) of the end of the file. */
const END_SEARCH_BYTES = END_BYTES + 0xffff;
/** 0xFFFF / 0xFFFFFFFF in a count, size or offset means its real value is in a ZIP64 record: yauzl reads those. */
const ZIP64_16 = 0xffff;
const ZIP64_32 = 0xffffffff;
/** "Strong encryption": yauzl refuses it with its own message. */
const STRONG_ENCRYPTION_FLAG = 0x0040;
/** A record with a name and extra fields of a real archive's size; longer ones go to yauzl. */
const MAX_ENTRY_RECORD_BYTES = ENTRY_BYTES + 1024;
/** A central directory read in one piece at most (50,000 entries of ordinary names is about 5 MB). */
const MAX_DIRECTORY_BYTES = 8 * 1024 * 1024;

/** The end of central directory record: where the directory starts, how long it is, how many entries it lists. */
function findEnd(tail: Buffer, tailStart: number): { count: number; offset: number; size: number; at: number } {
  for (let i = tail.length - END_BYTES; i >= 0; i--) {
    if (tail.readUInt32LE(i) !== END_SIGNATURE) continue;
    if (tail.readUInt16LE(i + 20) !== tail.length - i - END_BYTES) throw new NeedsFullReader('comment length');
    if (tail.readUInt16LE(i + 4) !== 0 || tail.readUInt16LE(i + 6) !== 0) throw new NeedsFullReader('multi-disk');
    const count = tail.readUInt16LE(i + 10);
    const size = tail.readUInt32LE(i + 12);
    const offset = tail.readUInt32LE(i + 16);
    if (count === ZIP64_16 || size === ZIP64_32 || offset === ZIP64_32) throw new NeedsFullReader('ZIP64');
    return { count, offset, size, at: tailStart + i };
  }
  throw new NeedsFullReader('no end of central directory record');
}

/** The extra fields of a record, as yauzl hands them to getFileNameLowLevel (it reads the Unicode path field). */
function extraFields(extra: Buffer): { id: number; data: Buffer }[] {
  const fields: { id: number; data: Buffer }[] = [];
  for (let i = 0; i < extra.length;) {
    if (i + 4 > extra.length) throw new NeedsFullReader('extra field');
    const end = i + 4 + extra.readUInt16LE(i + 2);
    if (end > extra.length) throw new NeedsFullReader('extra field');
    fields.push({ id: extra.readUInt16LE(i), data: extra.subarray(i + 4, end) });
    i = end;
  }
  return fields;
}

/** Every entry of the central directory, which must lie wholly before the end record. */
async function listEntries(file: FileSample): Promise<DirectoryEntry[]> {
  const tailStart = Math.max(0, file.size - END_SEARCH_BYTES);
  const end = findEnd(await file.read(tailStart, file.size - tailStart), tailStart);
  if (end.count > MAX_ARCHIVE_ENTRIES) throw new NeedsFullReader('too many entries');
  if (end.offset + end.size > end.at) throw new NeedsFullReader('directory past its end record');
  // Read in one piece, so its size must be believable for its entry count: a hostile end record could otherwise
  // have gigabytes allocated here (yauzl reads a record at a time).
  if (end.size > Math.min(end.count * MAX_ENTRY_RECORD_BYTES, MAX_DIRECTORY_BYTES)) {
    throw new NeedsFullReader('directory larger than its entries');
  }
  const directory = await file.read(end.offset, end.size);
  const entries: DirectoryEntry[] = [];
  let i = 0;
  for (let n = 0; n < end.count; n++) {
    if (i + ENTRY_BYTES > directory.length || directory.readUInt32LE(i) !== ENTRY_SIGNATURE) {
      throw new NeedsFullReader('entry record');
    }
    const flags = directory.readUInt16LE(i + 8);
    const compressedSize = directory.readUInt32LE(i + 20);
    const uncompressedSize = directory.readUInt32LE(i + 24);
    const nameEnd = i + ENTRY_BYTES + directory.readUInt16LE(i + 28);
    const extraEnd = nameEnd + directory.readUInt16LE(i + 30);
    const next = extraEnd + directory.readUInt16LE(i + 32);
    const localHeaderOffset = directory.readUInt32LE(i + 42);
    if (next > directory.length) throw new NeedsFullReader('entry record');
    if (flags & STRONG_ENCRYPTION_FLAG) throw new NeedsFullReader('strong encryption');
    if (compressedSize === ZIP64_32 || uncompressedSize === ZIP64_32 || localHeaderOffset === ZIP64_32) {
      throw new NeedsFullReader('ZIP64');
    }
    const record = {
      generalPurposeBitFlag: flags,
      compressionMethod: directory.readUInt16LE(i + 10),
      crc32: directory.readUInt32LE(i + 16),
      fileNameRaw: directory.subarray(i + ENTRY_BYTES, nameEnd),
      extraFields: extraFields(directory.subarray(nameEnd, extraEnd)),
      uncompressedSize,
    };
    entries.push({ ...describeEntry(record), compressedSize, localHeaderOffset });
    i = next;
  }
  return entries;
}

/** A plain ZIP listed and read from a FileSample (see NeedsFullReader for what is not plain). */
export class ZipDirectory implements EntryReader<DirectoryEntry> {
  private constructor(
    private readonly file: FileSample,
    readonly entries: readonly DirectoryEntry[],
  ) {}

  static async open(file: FileSample): Promise<ZipDirectory> {
    return new ZipDirectory(file, await listEntries(file));
  }

  /** The entry whole; refused like ZipArchive.read, and handed to the full reader when it is anything but plain. */
  async read(entry: DirectoryEntry, cap: number, what: string): Promise<Buffer> {
    checkReadable(entry, cap, what);
    const header = await this.file.read(entry.localHeaderOffset, LOCAL_BYTES);
    if (header.length < LOCAL_BYTES || header.readUInt32LE(0) !== LOCAL_SIGNATURE) {
      throw new NeedsFullReader('local header');
    }
    const start = entry.localHeaderOffset + LOCAL_BYTES + header.readUInt16LE(26) + header.readUInt16LE(28);
    // Deflate never grows data by more than a few bytes per 16 KiB block: more than that is not a plain entry.
    if (start + entry.compressedSize > this.file.size || entry.compressedSize > entry.size * 1.01 + 1024) {
      throw new NeedsFullReader('entry data');
    }
    const data = await this.file.read(start, entry.compressedSize);
    let bytes = data;
    if (entry.compressionMethod === 8) {
      try {
        // One byte more than declared: a bomb or a lying header stops there, and goes to the full reader.
        bytes = inflateRawSync(data, { maxOutputLength: entry.size + 1 });
      } catch {
        throw new NeedsFullReader('entry data');
      }
    }
    if (bytes.length !== entry.size) throw new NeedsFullReader('entry size');
    return bytes;
  }
}

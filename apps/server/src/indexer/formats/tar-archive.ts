import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';

import { extract, type Header } from 'tar-stream';

import { BookFileError } from './errors.js';
import { MAX_ARCHIVE_ENTRIES } from './limits.js';
import type { ArchiveEntry } from './page-entries.js';

export interface TarEntry extends ArchiveEntry {
  /** Where the entry's bytes start in the file: tar stores them uncompressed and contiguous. */
  offset: number;
}

const TAR_BLOCK = 512;

/** Tools that archive a folder's contents (`tar -cf book.cbt .`) store every name under `./`. */
function entryName(header: Header): string {
  return header.name.replace(/^(\.\/)+/, '');
}

/** Only regular files hold pages: links, devices and folders are listed so that nothing reads them as images. */
function isRegularFile(header: Header): boolean {
  return header.type === 'file' || header.type === 'contiguous-file';
}

/**
 * A CBT: an uncompressed tar, listed with tar-stream (plain JavaScript, so it runs in the server like yauzl). Tar has
 * no central directory, so listing reads the file through once (tar-stream checks each header's checksum and fails
 * on data that ends early: `corrupt`); it records where each entry's bytes start, and a page is then one positioned
 * read. Entries are never written to disk, so their names are only names.
 */
export class TarArchive {
  private constructor(
    private readonly path: string,
    readonly entries: readonly TarEntry[],
  ) {}

  static async open(path: string, signal?: AbortSignal): Promise<TarArchive> {
    const entries: TarEntry[] = [];
    const source = createReadStream(path);
    const extractor = extract();
    source.on('error', (error) => extractor.destroy(error));
    source.pipe(extractor);
    try {
      for await (const entry of extractor) {
        signal?.throwIfAborted();
        if (entries.length >= MAX_ARCHIVE_ENTRIES) {
          throw new BookFileError('too_large', `the tar lists more than ${MAX_ARCHIVE_ENTRIES} entries`);
        }
        entries.push({
          name: entryName(entry.header),
          isDirectory: !isRegularFile(entry.header),
          size: entry.header.size ?? 0,
          encrypted: false,
          // tar-stream gives where the entry's own header block starts (after any pax or long-name records).
          offset: entry.offset + TAR_BLOCK,
        });
        entry.resume();
      }
    } finally {
      source.destroy();
      extractor.destroy();
    }
    return new TarArchive(path, entries);
  }

  /** The first `bytes` bytes of the entry: one positioned read, since tar stores entries uncompressed. */
  async readHead(entry: TarEntry, bytes: number, what: string): Promise<Buffer> {
    const length = Math.min(bytes, entry.size);
    const handle = await open(this.path, 'r');
    try {
      const data = Buffer.alloc(length);
      const { bytesRead } = await handle.read(data, 0, length, entry.offset);
      if (bytesRead < length) throw new BookFileError('corrupt', `${what} is cut short (the file is truncated)`);
      return data;
    } finally {
      await handle.close();
    }
  }

  async read(entry: TarEntry, cap: number, what: string): Promise<Buffer> {
    if (entry.size > cap) throw new BookFileError('too_large', `${what} declares ${entry.size} bytes`);
    const handle = await open(this.path, 'r');
    try {
      const data = Buffer.alloc(entry.size);
      const { bytesRead } = await handle.read(data, 0, entry.size, entry.offset);
      if (bytesRead < entry.size) throw new BookFileError('corrupt', `${what} is cut short (the file is truncated)`);
      return data;
    } finally {
      await handle.close();
    }
  }
}

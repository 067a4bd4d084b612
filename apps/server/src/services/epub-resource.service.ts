import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import mime from 'mime-types';
import { NotFoundError } from '../domain/errors.js';
import { BookFileError } from '../indexer/formats/errors.js';
import { MAX_PAGE_BYTES } from '../indexer/formats/limits.js';
import { ZipArchive, type ZipEntry } from '../indexer/formats/zip-archive.js';
import { PageUnreadableError, type BookFileService } from './book-file.service.js';

/** One file inside an EPUB, as the reader's engine needs to know it before loading (its size gives progress). */
export interface EpubEntry {
  path: string;
  size: number;
}

export interface EpubResource {
  stream: Readable;
  size: number;
  contentType: string;
  /** The book file's version (size and modification time): what a cached copy of any of its files is checked by. */
  version: string;
}

/** Types `mime-types` does not know or gets wrong for EPUB content. */
const EPUB_TYPES: Readonly<Record<string, string>> = {
  opf: 'application/oebps-package+xml',
  ncx: 'application/x-dtbncx+xml',
  xhtml: 'application/xhtml+xml',
  smil: 'application/smil+xml',
};

export function epubContentType(path: string): string {
  const extension = posix.extname(path).slice(1).toLowerCase();
  const type = EPUB_TYPES[extension] ?? (mime.lookup(extension) || 'application/octet-stream');
  return /^text\/|\+xml$|\/xml$|\/javascript$|\/json$/.test(type) ? `${type}; charset=utf-8` : type;
}

/**
 * A path inside the archive from the URL's segments: `.` and `..` are resolved against the archive's root, so no
 * path, however encoded, can name anything above it (`../../x` is `x`). Null when it names no file at all.
 */
export function archivePath(segments: readonly string[]): string | null {
  const joined = segments.join('/');
  if (joined.includes('\0') || joined.includes('\\')) return null;
  const normalised = posix.normalize(`/${joined}`).replace(/^\/+/, '');
  return normalised === '' || normalised.endsWith('/') ? null : normalised;
}

/**
 * Whether an entry's name is the path it would be served at: no empty, `.` or `..` segment, no leading `/`, no `\`.
 * The archive keeps any name (zip-archive.ts reads `../x.jpg` rather than refuse the whole book), but a name such
 * as `../../../api/v1/auth/me` handed to the reader would be resolved by the browser's URL parser into another
 * path of this server, asked for with the reader's session. Such an entry is neither listed nor served.
 */
export function isPlainEntryName(name: string): boolean {
  if (name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** The entries the reader may know of: files with plain names (isPlainEntryName). */
const servedEntries = (zip: ZipArchive) =>
  zip.entries.filter((entry) => !entry.isDirectory && isPlainEntryName(entry.name));

/** Exact name first, then ignoring case (EPUBs made on Windows or macOS disagree with their manifests). */
function findEntry(zip: ZipArchive, path: string): ZipEntry | undefined {
  const files = servedEntries(zip);
  const lower = path.toLowerCase();
  return files.find((entry) => entry.name === path) ?? files.find((entry) => entry.name.toLowerCase() === lower);
}

/**
 * The files inside an EPUB for the browser's reader, read-only and straight from the archive. The book is found
 * through BookFileService, so the caller's library access applies (a book they cannot see is not found).
 */
export class EpubResourceService {
  constructor(private readonly bookFiles: BookFileService) {}

  private async open(bookId: string): Promise<{ zip: ZipArchive; version: string }> {
    const file = await this.bookFiles.locate(bookId);
    if (file.format !== 'epub') throw new NotFoundError('EPUB', bookId);
    try {
      return { zip: await ZipArchive.open(file.absolute), version: `${file.sizeBytes}-${file.mtimeMs}` };
    } catch (error) {
      if (error instanceof BookFileError) throw new PageUnreadableError(`This EPUB cannot be read (${error.kind}).`);
      throw error;
    }
  }

  /** Every file of the book with its size, in archive order (those with a plain name: isPlainEntryName). */
  async entries(bookId: string): Promise<EpubEntry[]> {
    const { zip } = await this.open(bookId);
    try {
      return servedEntries(zip).map((entry) => ({ path: entry.name, size: entry.size }));
    } finally {
      zip.close();
    }
  }

  /** One file, streamed as it is inflated; the archive closes when the stream ends or fails. */
  async resource(bookId: string, path: string): Promise<EpubResource> {
    const { zip, version } = await this.open(bookId);
    try {
      const entry = findEntry(zip, path);
      if (!entry) throw new NotFoundError('EPUB resource', path);
      const stream = await zip.stream(entry, MAX_PAGE_BYTES, entry.name);
      stream.once('close', () => zip.close());
      return { stream, size: entry.size, contentType: epubContentType(entry.name), version };
    } catch (error) {
      zip.close();
      if (error instanceof BookFileError) throw new PageUnreadableError(`This file cannot be read (${error.kind}).`);
      throw error;
    }
  }
}

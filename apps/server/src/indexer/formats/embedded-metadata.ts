import { formatForContainer } from './book-format.js';
import { readComicMetadata } from './comic-book.js';
import { toBookFileError } from './errors.js';
import { hasEpubContainer, readEpubMetadata } from './epub-book.js';
import { FileSample } from './file-sample.js';
import { readPdfMetadata } from './pdf-book.js';
import { SevenZipArchive } from './seven-zip-archive.js';
import { sniffHead, type Container } from './sniff.js';
import { TarArchive } from './tar-archive.js';
import type { BookFormat, EmbeddedMetadata } from './types.js';
import { ZipArchive } from './zip-archive.js';
import { NeedsFullReader, ZipDirectory } from './zip-directory.js';

export interface ReadMetadataOptions {
  signal?: AbortSignal;
  /** The container when the caller knows it already (saves sniffing the head again). */
  container?: Container;
  /** The file opened already (see FileSample), left open for the caller to close: a ZIP is read from it. */
  sample?: FileSample;
}

/** Lists the ZIP (from the sample when it is plain, else through yauzl) and reads its OPF or its ComicInfo. */
async function zipMetadata(
  path: string,
  sample: FileSample,
  claimed: BookFormat,
  signal: AbortSignal | undefined,
): Promise<EmbeddedMetadata> {
  try {
    const zip = await ZipDirectory.open(sample);
    const epub = formatForContainer(claimed, 'zip', hasEpubContainer(zip)) === 'epub';
    return await (epub ? readEpubMetadata(zip, signal) : readComicMetadata(zip, signal));
  } catch (err) {
    if (!(err instanceof NeedsFullReader)) throw err;
  }
  const zip = await ZipArchive.open(path, signal);
  try {
    const epub = formatForContainer(claimed, 'zip', hasEpubContainer(zip)) === 'epub';
    return await (epub ? readEpubMetadata(zip, signal) : readComicMetadata(zip, signal));
  } finally {
    zip.close();
  }
}

/**
 * What a stored book's own file says, and nothing else: the metadata upgrade of issue 31 runs this over every book
 * once, so it reads only the metadata entry, never a page. A ZIP's central directory is read from its tail and then
 * ComicInfo.xml (or container.xml and the OPF) at their offsets; a RAR or a 7z is listed, then only ComicInfo.xml is
 * extracted: in a solid archive unrar and 7-Zip decompress the entries stored before it (they cannot seek inside a
 * solid stream) and stop after it, under MAX_SOLID_PREFIX_BYTES; a tar is one positioned read; a PDF is opened for
 * its info dictionary without loading a page.
 *
 * `format` is what the file name claims; the first bytes decide how it is read. Errors are BookFileErrors, as
 * inspectBook's. A comic without ComicInfo gives `{}`. RAR and 7z load their WASM modules, which only the reader
 * processes are meant to hold (ADR 8): callers in the server should go through the reader pool for those.
 */
export async function readEmbeddedMetadata(
  path: string,
  format: BookFormat,
  options: ReadMetadataOptions = {},
): Promise<EmbeddedMetadata> {
  const { signal } = options;
  try {
    signal?.throwIfAborted();
    if (options.container === 'pdf') return await readPdfMetadata(path, signal);
    if (options.container !== undefined && options.container !== 'zip') {
      return await readArchiveMetadata(path, options.container, signal);
    }
    const sample = options.sample ?? (await FileSample.open(path));
    try {
      const container = options.container ?? sniffHead(sample.size, sample.head);
      if (container === 'pdf') return await readPdfMetadata(path, signal);
      if (container !== 'zip') return await readArchiveMetadata(path, container, signal);
      return await zipMetadata(path, sample, format, signal);
    } finally {
      if (sample !== options.sample) await sample.close();
    }
  } catch (err) {
    throw toBookFileError(err, 'the book', signal);
  }
}

async function readArchiveMetadata(
  path: string,
  container: Exclude<Container, 'zip' | 'pdf'>,
  signal: AbortSignal | undefined,
): Promise<EmbeddedMetadata> {
  if (container === 'rar') {
    // Imported on the first RAR, as formats/index.ts does: its glue weighs on every process that loads this module.
    const { RarArchive } = await import('./rar-archive.js');
    return readComicMetadata(await RarArchive.open(path, signal), signal);
  }
  if (container === '7z') return readComicMetadata(await SevenZipArchive.open(path, signal), signal);
  return readComicMetadata(await TarArchive.open(path, signal), signal);
}

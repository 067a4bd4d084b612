import {
  inspectBook,
  sniffHead,
  toBookFileError,
  type BookFormat,
  type BookInspection,
  type Container,
  type FileSample,
} from './formats/index.js';
import { partialMd5OfSample } from './partial-hash.js';

/**
 * Where each book is read. ZIP-based books (CBZ, EPUB) and tar-based ones (CBT) are read in the server: yauzl,
 * tar-stream and the XML parser are plain JavaScript whose memory the garbage collector takes back. PDF, RAR and 7z
 * files need MuPDF, UnRAR and 7-Zip compiled to WASM, whose heaps only ever grow, and images need libvips: those go
 * to the reader processes (reader-pool.ts).
 */
export const readInServer = (container: Container): boolean => container === 'zip' || container === 'tar';

/**
 * What indexing learns of a file from one opening of it: KOReader's partial hash (null when the file cannot be read)
 * and the inspection, or why it failed; for a container read by the reader processes, only the container.
 */
export interface FileAnalysis<E = unknown> {
  partialHash: string | null;
  container?: Container;
  inspection?: BookInspection;
  error?: E;
}

/** The sample's head and tail serve the sniff, the hash's first samples and a plain ZIP's listing. */
export async function analyseFile(
  file: string,
  format: BookFormat,
  open: (file: string) => Promise<FileSample>,
): Promise<FileAnalysis> {
  let sample: FileSample;
  try {
    sample = await open(file);
  } catch (error) {
    return { error: toBookFileError(error, 'the book'), partialHash: null };
  }
  try {
    const hashing = partialMd5OfSample(sample).catch(() => null);
    try {
      const container = sniffHead(sample.size, sample.head);
      if (!readInServer(container)) return { container, partialHash: await hashing };
      const inspection = await inspectBook(file, format, { container, sample });
      return { container, inspection, partialHash: await hashing };
    } catch (error) {
      // BookFileErrors already (the sniff's and inspectBook's), or a machine error that passed through.
      return { error, partialHash: await hashing };
    }
  } finally {
    await sample.close();
  }
}

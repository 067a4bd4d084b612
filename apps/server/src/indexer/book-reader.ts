import {
  FileSample,
  inspectBook,
  readEmbeddedMetadata,
  readPage,
  sniffContainer,
  sniffHead,
  toBookFileError,
  type BookFormat,
  type BookInspection,
  type Container,
  type EmbeddedMetadata,
  type MeasuredPage,
  type PageImage,
} from './formats/index.js';
import type { AnalysisThread } from './analysis-thread.js';
import { analyseFile, readInServer, type FileAnalysis } from './file-analysis.js';
import type { ReaderPool } from './reader-process/reader-pool.js';
import type { UploadedImageFormat } from './reader-process/protocol.js';

export class BookReader {
  constructor(
    private readonly pool: ReaderPool,
    private readonly analysis?: AnalysisThread,
  ) {}

  /** Page count and embedded metadata (see formats/index.ts inspectBook). */
  async inspect(file: string, format: BookFormat, signal?: AbortSignal): Promise<BookInspection> {
    const container = await this.sniff(file);
    if (readInServer(container)) return inspectBook(file, format, { signal, container });
    return this.pool.run({ op: 'inspect', path: file, format, container }, signal);
  }

  /**
   * What the file's metadata entry says, and nothing else (ComicInfo.xml, the OPF, a PDF's info dictionary): ZIPs
   * and tars on the event loop, as indexing reads them, the other containers in a reader process (their WASM
   * decoders and MuPDF stay there, ADR 8).
   */
  async readMetadata(file: string, format: BookFormat, signal?: AbortSignal): Promise<EmbeddedMetadata> {
    // One opening of the file: its first bytes say the container, and a ZIP is read from it (an import reads the
    // ComicInfo of every arrival).
    let container: Container;
    let sample: FileSample;
    try {
      sample = await FileSample.open(file);
    } catch (error) {
      throw toBookFileError(error, 'the book');
    }
    try {
      container = sniffHead(sample.size, sample.head);
      if (readInServer(container)) return await readEmbeddedMetadata(file, format, { signal, container, sample });
    } catch (error) {
      throw toBookFileError(error, 'the book', signal);
    } finally {
      await sample.close();
    }
    return this.pool.run({ op: 'metadata', path: file, format, container }, signal);
  }

  /**
   * The inspection (or why it failed) and KOReader's partial hash (null when the file cannot be read), from one
   * opening of the file (file-analysis.ts): in the analysis thread when there is one, else on the event loop. Books
   * of the reader processes are inspected there after.
   */
  async inspectAndHash(
    file: string,
    format: BookFormat,
    signal?: AbortSignal,
  ): Promise<{ inspection?: BookInspection; error?: unknown; partialHash: string | null }> {
    if (signal?.aborted) return { error: signal.reason, partialHash: null };
    const onEventLoop = () => analyseFile(file, format, (path) => FileSample.open(path));
    let analysis: FileAnalysis;
    try {
      analysis = this.analysis ? await this.analysis.analyse(file, format) : await onEventLoop();
    } catch {
      // The analysis thread died, failing every file it held: each is read again here rather than recorded as
      // unreadable (an incremental scan would not try it again until the file changes).
      analysis = await onEventLoop();
    }
    const { container, inspection, error, partialHash } = analysis;
    if (inspection || error !== undefined || !container) return { inspection, error, partialHash };
    try {
      return { inspection: await this.pool.run({ op: 'inspect', path: file, format, container }, signal), partialHash };
    } catch (poolError) {
      return { error: poolError, partialHash };
    }
  }

  /** Ends the analysis thread if it is idle (a scan is done with it): see AnalysisThread.endIfIdle. */
  async endIdleAnalysis(): Promise<void> {
    await this.analysis?.endIfIdle();
  }

  /**
   * Page `page` (1-based), scaled down to `width` pixels when given; with `jpeg`, always a JPEG (libvips runs only
   * in the reader processes, so a ZIP page that needs converting goes there).
   */
  async page(
    file: string,
    format: BookFormat,
    page: number,
    width?: number,
    options: { jpeg?: boolean } = {},
  ): Promise<PageImage> {
    const container = await this.sniff(file);
    if (readInServer(container) && width === undefined) {
      const image = await readPage(file, format, page, { container });
      if (!options.jpeg || image.mediaType === 'image/jpeg') return image;
    }
    return this.pool.run({
      op: 'page',
      path: file,
      format,
      page,
      container,
      ...(width === undefined ? {} : { width }),
      ...(options.jpeg ? { jpeg: true } : {}),
    });
  }

  /**
   * Every page's type and size from its image header. Always in a reader process, ZIP included: a 300-page book is
   * 300 entries opened and inflated a little, work that would otherwise sit on the server's event loop.
   */
  async pages(file: string, format: BookFormat, signal?: AbortSignal): Promise<MeasuredPage[]> {
    const container = await this.sniff(file);
    return this.pool.run({ op: 'pages', path: file, format, container }, signal);
  }

  /** The container a file really is (its first bytes), whatever its name says. */
  container(file: string): Promise<Container> {
    return this.sniff(file);
  }

  /**
   * Writes the cover thumbnail (JPEG) to `output`; false when the book has no usable cover. The container is sniffed
   * here so that a PDF named `.cbz` goes to the reader that holds MuPDF already (reader-pool.ts), not to the other.
   */
  async thumbnail(file: string, format: BookFormat, output: string, signal?: AbortSignal): Promise<boolean> {
    const container = await this.sniff(file);
    return this.pool.run({ op: 'thumbnail', path: file, format, output, container }, signal);
  }

  /** A metadata provider's cover (bytes already sniffed as an image) as a JPEG at most 600 px wide. */
  async remoteCover(data: Uint8Array, signal?: AbortSignal): Promise<Buffer> {
    return this.pool.run({ op: 'cover', data }, signal);
  }

  /** An uploaded image made into a cover thumbnail at `output` (reader-process/operations.ts uploadedCover). */
  async uploadedCover(file: string, output: string, signal?: AbortSignal): Promise<UploadedImageFormat> {
    return this.pool.run({ op: 'uploadedCover', path: file, output }, signal);
  }

  private async sniff(file: string): Promise<Container> {
    try {
      return await sniffContainer(file);
    } catch (error) {
      throw toBookFileError(error, 'the book');
    }
  }
}

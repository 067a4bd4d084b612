import { NotFoundError } from '../domain/errors.js';
import {
  parseDocument,
  parsePush,
  progressFromPush,
  pullAnswer,
  type BookTarget,
  type KosyncError,
  type OwnProgress,
  type ProgressWrite,
  type PullAnswer,
} from '../domain/kosync.js';
import type { ReadingStatus } from '../entities/reading-progress.entity.js';
import type { Viewer } from '../domain/viewer.js';
import type { Logger } from '../logger.js';
import type { BookFileRepository } from '../repositories/book-file.repository.js';
import type { KoreaderProgressRepository, WaitingPush } from '../repositories/koreader-progress.repository.js';
import { runAsViewer } from './viewer-context.js';

/**
 * Where KOReader's pushes become a reader's progress, and where a pull reads it back: the one progress record
 * every client shares (REST, the admin's reader, OPDS page streaming). Kept this small so KOReader sync does not
 * depend on how that record is stored.
 */
export interface ReaderProgressPort {
  /** The reader's progress of these books; a book never opened is absent. */
  read(
    userId: string,
    bookIds: readonly string[],
  ): Promise<
    Map<string, { status: ReadingStatus; currentPage: number | null; deviceId: string | null; updatedAt: Date }>
  >;
  write(
    userId: string,
    bookId: string,
    write: ProgressWrite & { device: string; deviceId: string | null },
  ): Promise<void>;
}

export type KosyncResult<T> = { ok: true; value: T } | { ok: false; error: KosyncError };

/** KOReader sync for one reader: the caller is `viewer`, whose user owns the records and sees the books. */
export class KosyncService {
  constructor(
    private readonly records: KoreaderProgressRepository,
    private readonly files: BookFileRepository,
    private readonly progress: ReaderProgressPort,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * PUT /syncs/progress. The push is kept as sent (even for a document no library holds: a later scan may find
   * it) and becomes the reader's progress of every book the reader can see whose file has that hash.
   */
  async push(viewer: Viewer & { userId: string }, body: unknown): Promise<KosyncResult<{ timestamp: number }>> {
    const parsed = parsePush(body);
    if (!parsed.ok) return parsed;
    const push = { ...parsed.value, document: parsed.value.document.toLowerCase() };
    for (const book of await this.visibleBooks(viewer, push.document)) {
      await this.apply(viewer.userId, push, book);
    }
    // Stamped after the progress it wrote, so that progress never reads as newer than KOReader's own record.
    const pushedAt = this.now();
    await this.records.save(viewer.userId, push, pushedAt);
    return { ok: true, value: { timestamp: Math.floor(pushedAt.getTime() / 1000) } };
  }

  /** GET /syncs/progress/{document}: KOReader's record, or our newer place in a page-based book, or {}. */
  async pull(viewer: Viewer & { userId: string }, document: string): Promise<KosyncResult<PullAnswer>> {
    const parsed = parseDocument(document);
    if (!parsed.ok) return parsed;
    const hash = parsed.value.toLowerCase();
    const record = await this.records.find(viewer.userId, hash);
    const books = await this.visibleBooks(viewer, hash);
    const progress = await this.progress.read(
      viewer.userId,
      books.map((book) => book.bookId),
    );
    const own: OwnProgress[] = [];
    for (const book of books) {
      const found = progress.get(book.bookId);
      if (found) own.push({ book, ...found });
    }
    const answer = pullAnswer(parsed.value, record, own);
    return { ok: true, value: answer };
  }

  /**
   * After a scan of `libraryId`: pushes that were waiting for a file the scan added become progress of its book,
   * for enabled readers who may see that library (the repository's query decides), unless the reader has moved on
   * in that book since.
   */
  async attachWaiting(libraryId: string): Promise<number> {
    let attached = 0;
    for (const waiting of await this.records.waitingFor(libraryId)) {
      if (!(await this.restrictedMaySee(waiting))) continue;
      const current = (await this.progress.read(waiting.userId, [waiting.bookId])).get(waiting.bookId);
      if (current && current.updatedAt >= waiting.record.pushedAt) continue;
      const push = { ...waiting.record };
      await this.apply(waiting.userId, push, waiting);
      attached++;
    }
    if (attached > 0) this.logger.info({ libraryId, attached }, 'KOReader progress attached to newly found books');
    return attached;
  }

  /**
   * Whether a reader with restrictions may see the book a waiting push names, judged as their own viewer (of that
   * library, which the query already checked): a forbidden book never gets their progress, as a push does not.
   */
  private async restrictedMaySee(waiting: WaitingPush): Promise<boolean> {
    if (waiting.restrictions === null) return true;
    const viewer: Viewer = {
      userId: waiting.userId,
      role: 'reader',
      libraryIds: [waiting.libraryId],
      restrictions: waiting.restrictions,
    };
    const books = await this.visibleBooks(viewer, waiting.record.document);
    return books.some((book) => book.bookId === waiting.bookId);
  }

  /**
   * The books holding this document that the reader may see: the lookup runs as `viewer` (library access is the
   * repositories' rule, services/viewer-context), whoever calls, so a book of another library is never touched.
   */
  private visibleBooks(viewer: Viewer, hash: string): Promise<BookTarget[]> {
    return runAsViewer(viewer, () => this.files.booksWithPartialHash(hash));
  }

  private async apply(
    userId: string,
    push: { progress: string; percentage: number; device: string; deviceId: string | null },
    book: BookTarget,
  ): Promise<void> {
    const mapping = progressFromPush({ document: '', ...push }, book);
    if (!mapping) return;
    if (mapping.disagreement) {
      // KOReader's page order (MuPDF's) or page count differs from ours for this file.
      this.logger.info(
        { bookId: book.bookId, format: book.format, pageCount: book.pageCount, ...mapping.disagreement },
        'KOReader page and percentage disagree; the percentage was used',
      );
    }
    try {
      await this.progress.write(userId, book.bookId, {
        ...mapping.write,
        device: push.device,
        deviceId: push.deviceId,
      });
    } catch (error) {
      // Removed by a scan since it was looked up: the push is still kept for the file.
      if (!(error instanceof NotFoundError)) throw error;
    }
  }
}

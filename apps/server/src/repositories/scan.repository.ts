import { executeBatch } from './bound-statements.js';
import { lockRowsForEdit } from './row-locks.js';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { DatabaseKind } from '../database/orm.js';
import type { ParseStatus } from '../entities/book-file.entity.js';
import { BookPage } from '../entities/book-page.entity.js';
import { Book, type BookFormat, type LockableBookField, type VolumeKind } from '../entities/book.entity.js';
import { DirectoryMtime } from '../entities/directory-mtime.entity.js';
import { Library } from '../entities/library.entity.js';
import { OrphanedProgress } from '../entities/orphaned-progress.entity.js';
import { ReadingProgress } from '../entities/reading-progress.entity.js';
import { Series } from '../entities/series.entity.js';
import { contentChanged, placeAfterReread } from '../domain/progress-refit.js';
import { countedFactsChanged, type CountedFacts } from '../domain/series-counts.js';
import { fold } from '../domain/search-text.js';
import { cblSeriesKey } from '../domain/cbl-matching.js';
import type { JobItemError } from '../domain/job-messages.js';
import { FILE_METADATA_FIELDS, type FileMetadata } from '../domain/file-metadata.js';
import { fileMayWrite, withSources, type MetadataSources } from '../domain/metadata-sources.js';
import { derivedColumns } from './book.repository.js';
import { fitProgressToRereadFiles } from './progress.repository.js';
import {
  chunks,
  insertValues,
  placeholders,
  timestampParam,
  toNullableNumber,
  toStringList,
  updateFromValues,
  type SqlColumnType,
  type ValuesColumn,
} from './sql-values.js';

export interface KnownFile {
  fileId: string;
  bookId: string;
  path: string;
  sizeBytes: number;
  mtimeMs: number;
  /** The file's ctime when it was last read; null for files read before it was recorded. */
  ctimeMs: number | null;
  parseStatus: ParseStatus;
  /** KOReader's partial MD5 (indexer/partial-hash.ts); null for files analysed before it was recorded. */
  partialHash: string | null;
  /** Whether the file was found to have no usable cover (its series' cover skips it). */
  coverless: boolean;
}

/** A `book_files` row as the scan reads it (PostgreSQL answers bigints as strings). */
interface KnownFileRow {
  id: string;
  book_id: string;
  path: string;
  size_bytes: number | string;
  mtime_ms: number | string;
  ctime_ms: number | string | null;
  parse_status: ParseStatus;
  partial_hash: string | null;
  coverless: number | string;
}

/** The columns of a KnownFileRow (a flag, not the thumbnail's name: a full scan of 100k files holds every row). */
const KNOWN_FILE_COLUMNS = `id, book_id, path, size_bytes, mtime_ms, ctime_ms, parse_status, partial_hash,
  case when thumbnail_path = '' then 1 else 0 end as coverless`;

const knownFile = (row: KnownFileRow): KnownFile => ({
  fileId: row.id,
  bookId: row.book_id,
  path: row.path,
  sizeBytes: Number(row.size_bytes),
  mtimeMs: Number(row.mtime_ms),
  ctimeMs: row.ctime_ms === null ? null : Number(row.ctime_ms),
  parseStatus: row.parse_status,
  partialHash: row.partial_hash,
  coverless: Number(row.coverless) === 1,
});

/** A parsed book file whose thumbnail is still to be made. */
export interface BookNeedingThumbnail {
  fileId: string;
  bookId: string;
  path: string;
  format: BookFormat;
}

interface BookNeedingThumbnailRow {
  id: string;
  book_id: string;
  path: string;
  format: BookFormat;
}
const bookNeedingThumbnail = (row: BookNeedingThumbnailRow): BookNeedingThumbnail => ({
  fileId: row.id,
  bookId: row.book_id,
  path: row.path,
  format: row.format,
});

/** What the indexer extracted from one file, ready to store. */
export interface IndexedBook extends FileMetadata {
  path: string;
  sizeBytes: number;
  mtimeMs: number;
  /** The file's ctime as the walk saw it, before the file was read. */
  ctimeMs: number;
  /** Null when the file could not be read to hash it. */
  partialHash: string | null;
  format: BookFormat;
  seriesName: string | null;
  seriesFolder: string | null;
  title: string;
  volume: number | null;
  volumeEnd: number | null;
  volumeKind: VolumeKind;
  chapter: number | null;
  chapterEnd: number | null;
  /** The start year of the run (ComicInfo `Volume` 2016 in western comics): its series' start year when unknown. */
  runYear: number | null;
  pageCount: number | null;
  publishDate: string | null;
  /** From ComicInfo `Manga`: its series' reading direction when the series has none. */
  readingDirection: 'rtl' | null;
  parseStatus: ParseStatus;
  /** Why the file could not be read (its words, code and values); null when it was, which clears a former one. */
  parseError: JobItemError | null;
  /** The cover entry's fingerprint (BookInspection.coverFingerprint), null when the format gives none. */
  coverFingerprint: string | null;
}

/**
 * Fields a scan may refresh on a changed file, by the lock name that protects each (a locked field keeps its stored
 * value), with the column each is written to.
 */
const SCAN_FIELDS: {
  field: keyof IndexedBook & keyof Book;
  lock: LockableBookField | null;
  column: string;
  type: SqlColumnType;
}[] = [
  { field: 'title', lock: 'title', column: 'title', type: 'text' },
  { field: 'authors', lock: 'authors', column: 'authors', type: 'jsonb' },
  { field: 'summary', lock: 'summary', column: 'summary', type: 'text' },
  { field: 'isbn', lock: 'isbn', column: 'isbn', type: 'text' },
  { field: 'publishDate', lock: 'publish_date', column: 'publish_date', type: 'text' },
  { field: 'language', lock: 'language', column: 'language', type: 'text' },
  { field: 'count', lock: 'count', column: 'count', type: 'integer' },
  { field: 'genres', lock: 'genres', column: 'genres', type: 'jsonb' },
  { field: 'publishers', lock: 'publishers', column: 'publishers', type: 'jsonb' },
  { field: 'imprint', lock: 'imprint', column: 'imprint', type: 'text' },
  { field: 'tags', lock: 'tags', column: 'tags', type: 'jsonb' },
  { field: 'ageRating', lock: 'age_rating', column: 'age_rating', type: 'text' },
  { field: 'ageRatingAge', lock: 'age_rating', column: 'age_rating_age', type: 'integer' },
  { field: 'webLinks', lock: 'web_links', column: 'web_links', type: 'jsonb' },
  { field: 'storyArcs', lock: 'story_arcs', column: 'story_arcs', type: 'jsonb' },
  { field: 'seriesGroup', lock: 'series_group', column: 'series_group', type: 'text' },
  { field: 'characters', lock: 'characters', column: 'characters', type: 'jsonb' },
  { field: 'teams', lock: 'teams', column: 'teams', type: 'jsonb' },
  { field: 'locations', lock: 'locations', column: 'locations', type: 'jsonb' },
  { field: 'comicFormat', lock: 'comic_format', column: 'comic_format', type: 'text' },
  { field: 'blackAndWhite', lock: 'black_and_white', column: 'black_and_white', type: 'boolean' },
  { field: 'volume', lock: 'volume', column: 'volume', type: 'double precision' },
  { field: 'volumeEnd', lock: 'volume_end', column: 'volume_end', type: 'double precision' },
  { field: 'volumeKind', lock: 'kind', column: 'volume_kind', type: 'text' },
  { field: 'chapter', lock: 'chapter', column: 'chapter', type: 'double precision' },
  { field: 'chapterEnd', lock: 'chapter_end', column: 'chapter_end', type: 'double precision' },
  { field: 'format', lock: null, column: 'format', type: 'text' },
  { field: 'pageCount', lock: null, column: 'page_count', type: 'integer' },
];

/** A changed book's move from one series to another (a renamed folder moves all of a series' books). */
export interface SeriesMove {
  from: string;
  to: string;
}

/** The columns of a changed book written after SCAN_FIELDS, in the order updateChangedBooks gives their values. */
const CHANGED_BOOK_COLUMNS: ValuesColumn[] = [
  ...SCAN_FIELDS.map(({ column, type }) => ({ name: column, type })),
  { name: 'metadata_sources', type: 'jsonb' },
  { name: 'series_id', type: 'uuid' },
  { name: 'search_text', type: 'text' },
  { name: 'sort_series', type: 'text' },
  { name: 'volume_sort', type: 'double precision' },
  { name: 'chapter_sort', type: 'double precision' },
  { name: 'sort_title', type: 'text' },
  { name: 'updated_at', type: 'timestamptz' },
];

/**
 * What a re-analysis writes on a changed book file. Its thumbnail is kept when the cover's fingerprint (given as the
 * last column, null to clear it in any case) is the one stored, and the thumbnail is a real one: the cover is then
 * the same bytes, and making it again is the whole cost of a rewrite that only changed ComicInfo.xml.
 */
const CHANGED_FILE_COLUMNS: ValuesColumn[] = [
  { name: 'path', type: 'text' },
  { name: 'format', type: 'text' },
  { name: 'size_bytes', type: 'bigint' },
  { name: 'mtime_ms', type: 'bigint' },
  { name: 'ctime_ms', type: 'bigint' },
  { name: 'partial_hash', type: 'text' },
  { name: 'parse_status', type: 'text' },
  { name: 'parse_error', type: 'text' },
  { name: 'parse_error_code', type: 'text' },
  { name: 'parse_error_params', type: 'jsonb' },
  { name: 'cover_fingerprint', type: 'text' },
  { name: 'analyzed_at', type: 'timestamptz' },
  { name: 'updated_at', type: 'timestamptz' },
  {
    name: 'thumbnail_path',
    type: 'text',
    set: (fingerprint) =>
      `case when book_files.cover_fingerprint = ${fingerprint} and book_files.thumbnail_path <> '' then book_files.thumbnail_path end`,
  },
];

/** Rows written per statement for changed books (about 40 values a row): statements of a size the databases plan quickly. */
const CHANGED_ROWS_PER_STATEMENT = 100;

/** Rows inserted per statement for new books and files: a scan's batch (250) in one, never past SQLite's bind limit. */
const NEW_ROWS_PER_STATEMENT = 250;

/** The columns of a new book, in the order saveBatch gives their values. */
const NEW_BOOK_COLUMNS = [
  'id',
  'library_id',
  'series_id',
  'title',
  'volume',
  'volume_end',
  'volume_kind',
  'chapter',
  'chapter_end',
  'format',
  'page_count',
  'authors',
  'summary',
  'isbn',
  'publish_date',
  'language',
  'count',
  'genres',
  'publishers',
  'imprint',
  'tags',
  'age_rating',
  'age_rating_age',
  'web_links',
  'story_arcs',
  'series_group',
  'characters',
  'teams',
  'locations',
  'comic_format',
  'black_and_white',
  'metadata_sources',
  'locked_fields',
  'search_text',
  'sort_series',
  'volume_sort',
  'chapter_sort',
  'sort_title',
  'created_at',
  'updated_at',
];

/** The columns of a new book file (its thumbnail, null, is made afterwards), in the order saveBatch gives them. */
const NEW_FILE_COLUMNS = [
  'id',
  'book_id',
  'library_id',
  'path',
  'format',
  'size_bytes',
  'mtime_ms',
  'ctime_ms',
  'partial_hash',
  'parse_status',
  'parse_error',
  'parse_error_code',
  'parse_error_params',
  'thumbnail_path',
  'cover_fingerprint',
  'analyzed_at',
  'created_at',
  'updated_at',
];

/** The file's metadata fields by their source name, with the values it gave: each non-empty one becomes `file`. */
const fileSourced = (book: IndexedBook): [LockableBookField, unknown][] =>
  FILE_METADATA_FIELDS.map(([field, lock]) => [lock, book[field]]);

/** A boolean as the inlined statement writes it: SQLite stores 1 and 0. */
const sqlBoolean = (kind: DatabaseKind, value: boolean | null): boolean | number | null =>
  value === null || kind === 'postgresql' ? value : Number(value);

/** A file's parse error as its three columns (words, code, values as JSON text): all null when it was read. */
const parseErrorValues = ({ parseError }: IndexedBook): [string | null, string | null, string | null] =>
  parseError === null ? [null, null, null] : [parseError.text, parseError.code, JSON.stringify(parseError.params)];

function countedFacts(
  book: Pick<Book, 'volume' | 'volumeEnd' | 'chapter' | 'chapterEnd' | 'volumeKind'>,
  seriesId: string | null,
  sortTitle: string,
): CountedFacts {
  return {
    seriesId,
    volume: toNullableNumber(book.volume),
    volumeEnd: toNullableNumber(book.volumeEnd),
    chapter: toNullableNumber(book.chapter),
    chapterEnd: toNullableNumber(book.chapterEnd),
    volumeKind: book.volumeKind,
    sortTitle,
  };
}

/** A library's files that parsed and have no thumbnail yet (the library id is its one parameter). */
const NEEDS_THUMBNAIL = `library_id = ? and parse_status = 'ok' and thumbnail_path is null`;
/** The PDFs, or the books that are not PDFs (by their extension's format). */
const pdfsOrNot = (pdfs: boolean) => (pdfs ? `format = 'pdf'` : `format <> 'pdf'`);
/** The columns of a BookNeedingThumbnailRow. */
const THUMBNAIL_COLUMNS = 'id, book_id, path, format';

/** The indexer's bulk reads and writes: one query per batch, never one per file. */
export class ScanRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly kind: DatabaseKind,
  ) {}

  /**
   * The stored files of a library, in pages along the (library, path) index: a scan keeps only those of the folders
   * it read, so a whole 100k-book result set is never held at once.
   */
  async *knownFilePages(libraryId: string, pageSize = 5000): AsyncGenerator<KnownFile[]> {
    let after = '';
    for (;;) {
      const rows = await this.em.execute<KnownFileRow[]>(
        `select ${KNOWN_FILE_COLUMNS} from book_files
          where library_id = ? and path > ? order by path limit ?`,
        [libraryId, after, pageSize],
      );
      if (rows.length === 0) return;
      yield rows.map(knownFile);
      if (rows.length < pageSize) return;
      after = rows.at(-1)!.path;
    }
  }

  /**
   * `path` under `folder` (or the folder itself, with `self`), as SQL: a byte-order range, not LIKE, so case, `%` and
   * `_` in names match exactly on both databases ('/' + 1 is '0'). PostgreSQL compares in the "C" collation, whose
   * order is the bytes'.
   */
  private under(folder: string, self: boolean): { sql: string; params: string[] } {
    const column = this.kind === 'postgresql' ? 'path collate "C"' : 'path';
    const range = `(${column} >= ? and ${column} < ?)`;
    const params = [`${folder}/`, `${folder}0`];
    return self ? { sql: `(path = ? or ${range})`, params: [folder, ...params] } : { sql: range, params };
  }

  /** The stored files under the given folders ('' is the whole library), in pages as `knownFilePages`. */
  async *knownFilesUnder(libraryId: string, folders: readonly string[]): AsyncGenerator<KnownFile[]> {
    if (folders.includes('')) {
      yield* this.knownFilePages(libraryId);
      return;
    }
    for (const folder of folders) {
      const range = this.under(folder, false);
      const rows = await this.em.execute<KnownFileRow[]>(
        `select ${KNOWN_FILE_COLUMNS} from book_files
          where library_id = ? and ${range.sql}`,
        [libraryId, ...range.params],
      );
      yield rows.map(knownFile);
    }
  }

  /**
   * The stored files directly inside the given folders (not in their subfolders), in pages: what an incremental scan
   * compares with the folders it read, when most folders are unchanged. The others' files stay in the database.
   */
  async *knownFilesInFolders(libraryId: string, folders: readonly string[]): AsyncGenerator<KnownFile[]> {
    for (const batch of chunks([...folders], 100)) {
      const conditions: string[] = [];
      const params: (string | number)[] = [libraryId];
      for (const folder of batch) {
        if (folder === '') {
          conditions.push(`path not like '%/%'`);
          continue;
        }
        // In the folder's range, with no '/' after its own: the folder's files, not its subfolders'.
        const range = this.under(folder, false);
        conditions.push(`(${range.sql} and substr(path, ?) not like '%/%')`);
        // substr() counts characters on both databases; JS's length counts UTF-16 units (an emoji is two).
        params.push(...range.params, [...folder].length + 2);
      }
      const rows = await this.em.execute<KnownFileRow[]>(
        `select ${KNOWN_FILE_COLUMNS} from book_files
          where library_id = ? and (${conditions.join(' or ')})`,
        params,
      );
      yield rows.map(knownFile);
    }
  }

  async countFiles(libraryId: string): Promise<number> {
    const [row] = await this.em.execute<{ n: number | string }[]>(
      'select count(*) as n from book_files where library_id = ?',
      [libraryId],
    );
    return Number(row?.n ?? 0);
  }

  /** The remembered folders under (and including) the given folders. */
  async knownFoldersUnder(libraryId: string, folders: readonly string[]): Promise<Map<string, number>> {
    if (folders.includes('')) return this.knownFolders(libraryId);
    const result = new Map<string, number>();
    for (const folder of folders) {
      const range = this.under(folder, true);
      const rows = await this.em.execute<{ path: string; mtime_ms: number | string }[]>(
        `select path, mtime_ms from directory_mtimes where library_id = ? and ${range.sql}`,
        [libraryId, ...range.params],
      );
      for (const row of rows) result.set(row.path, Number(row.mtime_ms));
    }
    return result;
  }

  /**
   * After a scoped scan: the folders it read and the subtrees that vanished are forgotten, then the folders it found
   * are remembered; every other remembered folder stays as it was.
   */
  async replaceFolders(
    libraryId: string,
    read: readonly string[],
    vanishedSubtrees: readonly string[],
    folders: Map<string, number>,
  ): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      for (const batch of chunks([...read])) {
        await em.execute(
          `delete from directory_mtimes where library_id = ? and path in (${placeholders(batch.length)})`,
          [libraryId, ...batch],
          'run',
        );
      }
      for (const subtree of vanishedSubtrees) {
        const range = this.under(subtree, true);
        await em.execute(
          `delete from directory_mtimes where library_id = ? and ${range.sql}`,
          [libraryId, ...range.params],
          'run',
        );
      }
      for (const batch of chunks([...folders.entries()])) {
        await em.insertMany(
          DirectoryMtime,
          batch.map(([path, mtimeMs]) => ({ id: randomUUID(), library: libraryId, path, mtimeMs })),
        );
      }
    });
  }

  async knownFolders(libraryId: string): Promise<Map<string, number>> {
    const rows = await this.em.execute<{ path: string; mtime_ms: number | string }[]>(
      'select path, mtime_ms from directory_mtimes where library_id = ?',
      [libraryId],
    );
    return new Map(rows.map((row) => [row.path, Number(row.mtime_ms)]));
  }

  /**
   * Stores a batch of new and changed files in one transaction. A changed file may carry a new path: a file moved or
   * renamed keeps its book (id, progress, locked metadata) and only its path, series and file facts change.
   */
  async saveBatch(
    libraryId: string,
    added: IndexedBook[],
    changed: { known: KnownFile; book: IndexedBook }[],
    options: { keepThumbnails: boolean } = { keepThumbnails: true },
  ): Promise<{ newBookIds: string[]; seriesIds: string[]; seriesMoves: SeriesMove[] }> {
    const newBookIds: string[] = [];
    const seriesMoves: SeriesMove[] = [];
    /** The series whose counts may have changed: those of new books, and those changed books left or changed in. */
    const seriesTouched = new Set<string>();
    await this.em.fork().transactional(async (em) => {
      const { ids: seriesIds, created } = await this.ensureSeries(em, libraryId, [
        ...added,
        ...changed.map((c) => c.book),
      ]);
      const now = new Date();
      if (added.length > 0) {
        const at = timestampParam(this.kind, now);
        const bookRows: unknown[][] = [];
        const fileRows: unknown[][] = [];
        for (const book of added) {
          const id = randomUUID();
          newBookIds.push(id);
          const derived = derivedColumns(
            book.seriesName,
            book.title,
            book.authors,
            book.volume,
            book.volumeKind,
            book.chapter,
          );
          bookRows.push([
            id,
            libraryId,
            book.seriesName === null ? null : (seriesIds.get(book.seriesName) ?? null),
            book.title,
            book.volume,
            book.volumeEnd,
            book.volumeKind,
            book.chapter,
            book.chapterEnd,
            book.format,
            book.pageCount,
            JSON.stringify(book.authors),
            book.summary,
            book.isbn,
            book.publishDate,
            book.language,
            book.count,
            JSON.stringify(book.genres),
            JSON.stringify(book.publishers),
            book.imprint,
            JSON.stringify(book.tags),
            book.ageRating,
            book.ageRatingAge,
            JSON.stringify(book.webLinks),
            JSON.stringify(book.storyArcs),
            book.seriesGroup,
            JSON.stringify(book.characters),
            JSON.stringify(book.teams),
            JSON.stringify(book.locations),
            book.comicFormat,
            sqlBoolean(this.kind, book.blackAndWhite),
            JSON.stringify(withSources({}, 'file', fileSourced(book))),
            '[]',
            derived.searchText,
            derived.sortSeries,
            derived.volumeSort,
            derived.chapterSort,
            derived.sortTitle,
            at,
            at,
          ]);
          fileRows.push([
            randomUUID(),
            id,
            libraryId,
            book.path,
            book.format,
            book.sizeBytes,
            book.mtimeMs,
            book.ctimeMs,
            book.partialHash,
            book.parseStatus,
            ...parseErrorValues(book),
            null,
            book.coverFingerprint,
            at,
            at,
            at,
          ]);
        }
        // SQLite binds at most 32,766 values a statement: 40 columns a book allow ~800 books, so a caller's batch of
        // any size is written in statements of NEW_ROWS_PER_STATEMENT.
        for (const rows of chunks(bookRows, NEW_ROWS_PER_STATEMENT)) {
          const booksInsert = insertValues('books', NEW_BOOK_COLUMNS, rows);
          await executeBatch(em, this.kind, booksInsert.sql, booksInsert.params, 'run');
        }
        for (const rows of chunks(fileRows, NEW_ROWS_PER_STATEMENT)) {
          const filesInsert = insertValues('book_files', NEW_FILE_COLUMNS, rows);
          await executeBatch(em, this.kind, filesInsert.sql, filesInsert.params, 'run');
        }
      }

      // A series is updated when its books are (GET /series sort `updated`); one created here already is (a first
      // scan creates nearly all of its series: the statement and its round trip are spared). Before the changed
      // books are locked: a metadata sync locks a series, then its books, and a scan must take them in that order too.
      const touched = [...new Set([...added, ...changed.map((c) => c.book)].map((book) => book.seriesName))]
        .flatMap((name) => (name === null || created.has(name) ? [] : (seriesIds.get(name) ?? [])))
        .sort();
      for (const ids of chunks(touched)) await em.nativeUpdate(Series, { id: { $in: ids } }, { updatedAt: now });
      const updated = await this.updateChangedBooks(em, changed, seriesIds, now, options.keepThumbnails);
      for (const id of updated.seriesIds) seriesTouched.add(id);
      seriesMoves.push(...updated.moves);
      // The pages measured on the version read before: a rewrite that kept the file's size and mtime would pass
      // their check (book-page.repository.ts).
      for (const ids of chunks(changed.map((c) => c.known.fileId)))
        await em.nativeDelete(BookPage, { bookFile: { $in: ids } });
      for (const book of added) if (book.seriesName !== null) seriesTouched.add(seriesIds.get(book.seriesName)!);
    });
    return { newBookIds, seriesIds: [...seriesTouched], seriesMoves };
  }

  /**
   * Writes the re-analysis of changed books, many rows per statement (two statements per changed book cost a round
   * trip each on PostgreSQL). Fields the admin locked keep their stored value; the sort columns follow what the
   * book keeps. Answers the series whose counts these books can have changed: none for a file rewritten with the
   * same numbers in the same series (a tagger's save), else the series it left and the one it is in.
   */
  private async updateChangedBooks(
    em: EntityManager,
    changed: readonly { known: KnownFile; book: IndexedBook }[],
    seriesIds: Map<string, string>,
    now: Date,
    keepThumbnails: boolean,
  ): Promise<{ seriesIds: string[]; moves: SeriesMove[] }> {
    if (changed.length === 0) return { seriesIds: [], moves: [] };
    const seriesToRefresh = new Set<string>();
    const moves: SeriesMove[] = [];
    const at = timestampParam(this.kind, now);
    const bookIds = changed.map((c) => c.known.bookId);
    // Locked until the batch commits: an admin's edit that locks a field between this read and the UPDATE would be
    // undone (row-locks.ts).
    await lockRowsForEdit(em, this.kind, 'books', bookIds);
    const stored = new Map(
      (
        await em.find(
          Book,
          { id: { $in: bookIds } },
          {
            fields: [
              'lockedFields',
              'metadataSources',
              'series',
              'sortTitle',
              ...SCAN_FIELDS.map(({ field }) => field),
            ],
            refresh: true,
          },
        )
      ).map((row) => [row.id, row]),
    );
    /** Books whose readers' places may no longer fit the file: other bytes, or another page count. */
    const reread: { bookId: string; contentChanged: boolean }[] = [];
    const bookRows = changed.map(({ known, book }) => {
      const current = stored.get(known.bookId);
      const bytesChanged = contentChanged(known, book);
      if (bytesChanged || current?.pageCount !== book.pageCount)
        reread.push({ bookId: known.bookId, contentChanged: bytesChanged });
      const locked = current?.lockedFields ?? [];
      const sources: MetadataSources<LockableBookField> = current?.metadataSources ?? {};
      // What the book keeps: its locked values and those a provider or an admin wrote, else the file's; the sort
      // columns follow them.
      const keeps = (lock: LockableBookField | null) => lock !== null && !fileMayWrite(lock, locked, sources);
      const kept = Object.fromEntries(
        SCAN_FIELDS.map(({ field, lock }) => [field, keeps(lock) && current ? current[field] : book[field]]),
      ) as Pick<IndexedBook, (typeof SCAN_FIELDS)[number]['field']>;
      const fileSources = withSources(
        sources,
        'file',
        fileSourced(book).filter(([lock]) => !keeps(lock)),
      );
      const volume = toNullableNumber(kept.volume);
      const chapter = toNullableNumber(kept.chapter);
      const derived = derivedColumns(book.seriesName, kept.title, kept.authors, volume, kept.volumeKind, chapter);
      const seriesId = book.seriesName === null ? null : (seriesIds.get(book.seriesName) ?? null);
      const next = countedFacts({ ...kept, volume, chapter }, seriesId, derived.sortTitle);
      const before = current && countedFacts(current, current.series?.id ?? null, current.sortTitle);
      const cover = { parseStatusChanged: book.parseStatus !== known.parseStatus, wasCoverless: known.coverless };
      const from = current?.series?.id ?? null;
      if (from !== null && seriesId !== null && from !== seriesId) moves.push({ from, to: seriesId });
      if (!before || countedFactsChanged(before, next, cover)) {
        if (before?.seriesId) seriesToRefresh.add(before.seriesId);
        if (seriesId !== null) seriesToRefresh.add(seriesId);
      }
      return [
        known.bookId,
        ...SCAN_FIELDS.map(({ field, type }) =>
          type === 'jsonb'
            ? JSON.stringify(kept[field])
            : type === 'boolean'
              ? sqlBoolean(this.kind, kept[field] as boolean | null)
              : kept[field],
        ),
        JSON.stringify(fileSources),
        seriesId,
        derived.searchText,
        derived.sortSeries,
        derived.volumeSort,
        derived.chapterSort,
        derived.sortTitle,
        at,
      ];
    });
    const fileRows = changed.map(({ known, book }) => [
      known.fileId,
      book.path,
      book.format,
      book.sizeBytes,
      book.mtimeMs,
      book.ctimeMs,
      book.partialHash,
      book.parseStatus,
      ...parseErrorValues(book),
      book.coverFingerprint,
      at,
      at,
      keepThumbnails ? book.coverFingerprint : null,
    ]);
    for (const rows of chunks(bookRows, CHANGED_ROWS_PER_STATEMENT)) {
      const { sql, params } = updateFromValues(this.kind, 'books', CHANGED_BOOK_COLUMNS, rows);
      await executeBatch(em, this.kind, sql, params, 'run');
    }
    for (const rows of chunks(fileRows, CHANGED_ROWS_PER_STATEMENT)) {
      const { sql, params } = updateFromValues(this.kind, 'book_files', CHANGED_FILE_COLUMNS, rows);
      await executeBatch(em, this.kind, sql, params, 'run');
    }
    // With the new page counts, in the same transaction: no reader is ever left past a book's last page.
    await fitProgressToRereadFiles(em, reread);
    return { seriesIds: [...seriesToRefresh], moves };
  }

  /** The series of `books` by name, created when missing (`created`: the names of those created here). */
  private async ensureSeries(
    em: EntityManager,
    libraryId: string,
    books: IndexedBook[],
  ): Promise<{ ids: Map<string, string>; created: Set<string> }> {
    const wanted = new Map<string, string>();
    const runYears = new Map<string, number>();
    const rightToLeft = new Set<string>();
    for (const book of books) {
      if (book.seriesName === null) continue;
      wanted.set(book.seriesName, book.seriesFolder ?? book.seriesName);
      if (book.readingDirection === 'rtl') rightToLeft.add(book.seriesName);
      // The earliest year a book gives is the run's start.
      const year = runYears.get(book.seriesName);
      if (book.runYear !== null && (year === undefined || book.runYear < year))
        runYears.set(book.seriesName, book.runYear);
    }
    const ids = new Map<string, string>();
    const created = new Set<string>();
    if (wanted.size === 0) return { ids, created };
    /**
     * What the batch's books fill in a stored series: an unknown start year only (a provider's or the admin's value,
     * or a lock, wins), and likewise an unknown direction from ComicInfo's Manga flag.
     */
    const fills = (name: string, current: Pick<Series, 'startYear' | 'readingDirection' | 'lockedFields'>) => {
      const year = runYears.get(name);
      const locked = current.lockedFields;
      const values: Partial<Pick<Series, 'startYear' | 'readingDirection'>> = {};
      if (year !== undefined && current.startYear === null && !locked.includes('start_year')) values.startYear = year;
      if (rightToLeft.has(name) && current.readingDirection === null && !locked.includes('reading_direction'))
        values.readingDirection = 'rtl';
      return values;
    };
    /** Stored series the batch fills something in, by id: their names. */
    const toFill = new Map<string, string>();
    for (const names of chunks([...wanted.keys()])) {
      const rows = await em.execute<
        {
          id: string;
          name: string;
          start_year: number | null;
          reading_direction: string | null;
          locked_fields: string[] | string;
        }[]
      >(
        `select id, name, start_year, reading_direction, locked_fields from series
          where library_id = ? and name in (${placeholders(names.length)})`,
        [libraryId, ...names],
      );
      for (const row of rows) {
        ids.set(row.name, row.id);
        const read = {
          startYear: row.start_year,
          readingDirection: row.reading_direction,
          lockedFields: toStringList(row.locked_fields) as Series['lockedFields'],
        };
        if (Object.keys(fills(row.name, read)).length > 0) toFill.set(row.id, row.name);
      }
    }
    if (toFill.size > 0) {
      // Decided again on the rows locked (rarely needed, so only then): an admin's value or lock committed since the
      // read above must win.
      await lockRowsForEdit(em, this.kind, 'series', [...toFill.keys()]);
      for (const current of await em.find(
        Series,
        { id: { $in: [...toFill.keys()] } },
        { fields: ['startYear', 'readingDirection', 'lockedFields'], refresh: true },
      )) {
        const values = fills(toFill.get(current.id)!, current);
        if (Object.keys(values).length > 0) await em.nativeUpdate(Series, { id: current.id }, values);
      }
    }
    const now = new Date();
    const missing = [...wanted.entries()].filter(([name]) => !ids.has(name));
    if (missing.length > 0) {
      const rows = missing.map(([name, folderPath]) => {
        const id = randomUUID();
        ids.set(name, id);
        created.add(name);
        return {
          id,
          library: libraryId,
          name,
          sortName: fold(name),
          matchKey: cblSeriesKey(name),
          folderPath,
          startYear: runYears.get(name) ?? null,
          readingDirection: rightToLeft.has(name) ? 'rtl' : null,
          authors: [],
          publishers: [],
          genres: [],
          lockedFields: [],
          createdAt: now,
          updatedAt: now,
        };
      });
      await em.insertMany(Series, rows);
    }
    return { ids, created };
  }

  /**
   * Removes the books of vanished files. Their reading progress is set aside (see OrphanedProgress) so a
   * file that comes back, or was only moved, gets it again.
   */
  async removeBooks(libraryId: string, files: KnownFile[]): Promise<string[]> {
    const seriesIds = new Set<string>();
    for (const batch of chunks(files)) {
      await this.em.fork().transactional(async (em) => {
        const bookIds = batch.map((file) => file.bookId);
        const series = await em.execute<{ series_id: string }[]>(
          `select distinct series_id from books where series_id is not null and id in (${placeholders(bookIds.length)})`,
          bookIds,
        );
        for (const row of series) seriesIds.add(row.series_id);
        const progress = await em.find(ReadingProgress, { book: { $in: bookIds } });
        const byBook = new Map(batch.map((file) => [file.bookId, file]));
        const now = new Date();
        // Every reader's record is set aside, each under its reader.
        const orphans = progress.map((row) => {
          const file = byBook.get(row.book.id)!;
          return {
            id: randomUUID(),
            user: row.user.id,
            library: libraryId,
            path: file.path,
            fileName: file.path.slice(file.path.lastIndexOf('/') + 1),
            sizeBytes: file.sizeBytes,
            status: row.status,
            currentPage: row.currentPage,
            position: row.position,
            percentage: row.percentage,
            device: row.device,
            deviceId: row.deviceId,
            lastReadAt: row.lastReadAt,
            orphanedAt: now,
          };
        });
        if (orphans.length > 0) await em.insertMany(OrphanedProgress, orphans);
        await em.execute(
          `update series set updated_at = ? where id in (select series_id from books where id in (${placeholders(bookIds.length)}))`,
          [timestampParam(this.kind, now), ...bookIds],
          'run',
        );
        await em.nativeDelete(Book, { id: { $in: bookIds } });
      });
    }
    return [...seriesIds];
  }

  /** Whether progress set aside from vanished files of this library is waiting for its file to come back. */
  async hasOrphanedProgress(libraryId: string): Promise<boolean> {
    return (await this.em.fork().count(OrphanedProgress, { library: libraryId })) > 0;
  }

  /**
   * Gives new books the progress their file had before it vanished, each reader's own: same path first, then same
   * name and size. A reader's record goes to one book only (their newest, when a file vanished twice).
   */
  async restoreProgress(
    libraryId: string,
    books: { bookId: string; path: string; sizeBytes: number }[],
  ): Promise<number> {
    if (books.length === 0) return 0;
    const em = this.em.fork();
    const orphans = await em.find(OrphanedProgress, { library: libraryId }, { orderBy: { orphanedAt: 'desc' } });
    if (orphans.length === 0) return 0;
    const group = (map: Map<string, OrphanedProgress[]>, key: string, orphan: OrphanedProgress) => {
      const list = map.get(key);
      if (list) list.push(orphan);
      else map.set(key, [orphan]);
    };
    const byPath = new Map<string, OrphanedProgress[]>();
    const byNameAndSize = new Map<string, OrphanedProgress[]>();
    for (const orphan of orphans) {
      group(byPath, orphan.path, orphan);
      group(byNameAndSize, `${orphan.fileName}\u0000${orphan.sizeBytes}`, orphan);
    }
    const used = new Set<string>();
    const restored: { bookId: string; orphan: OrphanedProgress }[] = [];
    for (const book of books) {
      const fileName = book.path.slice(book.path.lastIndexOf('/') + 1);
      const candidates = byPath.get(book.path) ?? byNameAndSize.get(`${fileName}\u0000${book.sizeBytes}`) ?? [];
      const readers = new Set<string>();
      for (const orphan of candidates) {
        if (used.has(orphan.id) || readers.has(orphan.user.id)) continue;
        used.add(orphan.id);
        readers.add(orphan.user.id);
        restored.push({ bookId: book.bookId, orphan });
      }
    }
    if (restored.length === 0) return 0;
    // The file found at a vanished file's path may be another one: each place is fitted to the book it goes to (its
    // pages; its position only when the sizes say the bytes are the same, the one identity an orphan keeps).
    const sizes = new Map(books.map((book) => [book.bookId, book.sizeBytes]));
    const pageCounts = new Map<string, number | null>();
    for (const ids of chunks([...new Set(restored.map((r) => r.bookId))])) {
      const rows = await em.execute<{ id: string; page_count: number | null }[]>(
        `select id, page_count from books where id in (${placeholders(ids.length)})`,
        ids,
      );
      for (const row of rows) pageCounts.set(row.id, row.page_count);
    }
    await em.transactional(async (tx) => {
      for (const batch of chunks(restored)) {
        await tx.insertMany(
          ReadingProgress,
          batch.map(({ bookId, orphan }) => ({
            id: randomUUID(),
            user: orphan.user.id,
            book: bookId,
            ...placeAfterReread(
              {
                status: orphan.status,
                currentPage: orphan.currentPage ?? null,
                position: orphan.position ?? null,
                percentage: toNullableNumber(orphan.percentage),
              },
              {
                pageCount: pageCounts.get(bookId) ?? null,
                contentChanged: Number(orphan.sizeBytes) !== sizes.get(bookId),
              },
            ),
            device: orphan.device,
            deviceId: orphan.deviceId,
            lastReadAt: orphan.lastReadAt,
            updatedAt: new Date(),
          })),
        );
        await tx.nativeDelete(OrphanedProgress, { id: { $in: batch.map((r) => r.orphan.id) } });
      }
    });
    // Books that got progress back, whatever the number of readers.
    return new Set(restored.map((r) => r.bookId)).size;
  }

  async purgeOrphanedProgress(olderThan: Date): Promise<number> {
    return this.em.fork().nativeDelete(OrphanedProgress, { orphanedAt: { $lt: olderThan } });
  }

  /**
   * A series whose books all moved to one other series in this scan (its folder renamed) hands that series its
   * places in collections and on want-to-read shelves, before it is removed as empty: the admin's and readers' work
   * follows the books. A series left with books, or whose books went to several series, keeps its own.
   */
  async carryShelvesOfMovedSeries(moves: readonly SeriesMove[]): Promise<number> {
    const destinations = new Map<string, Set<string>>();
    for (const { from, to } of moves) destinations.set(from, (destinations.get(from) ?? new Set()).add(to));
    let carried = 0;
    for (const [from, targets] of destinations) {
      if (targets.size !== 1) continue;
      const [to] = targets as Set<string> & [string];
      await this.em.fork().transactional(async (em) => {
        const [left] = await em.execute<{ n: number | string }[]>(
          'select count(*) as n from books where series_id = ?',
          [from],
        );
        if (Number(left?.n ?? 0) > 0) return;
        await em.execute(
          `insert into collection_series (collection_id, series_id, position)
           select cs.collection_id, ?, cs.position from collection_series cs
            where cs.series_id = ?
              and not exists (select 1 from collection_series o where o.collection_id = cs.collection_id and o.series_id = ?)`,
          [to, from, to],
          'run',
        );
        await em.execute(
          `insert into want_to_read (user_id, series_id, created_at)
           select w.user_id, ?, w.created_at from want_to_read w
            where w.series_id = ?
              and not exists (select 1 from want_to_read o where o.user_id = w.user_id and o.series_id = ?)`,
          [to, from, to],
          'run',
        );
        await em.execute('delete from collection_series where series_id = ?', [from], 'run');
        await em.execute('delete from want_to_read where series_id = ?', [from], 'run');
        carried++;
      });
    }
    return carried;
  }

  /**
   * Series left without books go, unless a provider link (the admin's matching work) still points at them. A scoped
   * scan names the series it touched; otherwise every series of the library is checked.
   */
  async removeEmptySeries(libraryId: string, seriesIds?: readonly string[]): Promise<number> {
    const condition = `delete from series where library_id = ?
         and not exists (select 1 from books b where b.series_id = series.id)
         and not exists (select 1 from external_metadata_links l where l.series_id = series.id)`;
    if (seriesIds === undefined) {
      const result = await this.em.execute<{ affectedRows?: number }>(condition, [libraryId], 'run');
      return result.affectedRows ?? 0;
    }
    let removed = 0;
    for (const batch of chunks([...seriesIds])) {
      const result = await this.em.execute<{ affectedRows?: number }>(
        `${condition} and id in (${placeholders(batch.length)})`,
        [libraryId, ...batch],
        'run',
      );
      removed += result.affectedRows ?? 0;
    }
    return removed;
  }

  /** The series of these books (a scoped scan refreshes only the series it touched). */
  async seriesOfBooks(bookIds: readonly string[]): Promise<string[]> {
    const ids = new Set<string>();
    for (const batch of chunks([...bookIds])) {
      const rows = await this.em.execute<{ series_id: string }[]>(
        `select distinct series_id from books where series_id is not null and id in (${placeholders(batch.length)})`,
        batch,
      );
      for (const row of rows) ids.add(row.series_id);
    }
    return [...ids];
  }

  /** The series of the books stored at these paths. */
  async seriesOfFiles(libraryId: string, paths: readonly string[]): Promise<string[]> {
    const ids = new Set<string>();
    for (const batch of chunks([...paths])) {
      const rows = await this.em.execute<{ series_id: string }[]>(
        `select distinct b.series_id from book_files f join books b on b.id = f.book_id
          where f.library_id = ? and b.series_id is not null and f.path in (${placeholders(batch.length)})`,
        [libraryId, ...batch],
      );
      for (const row of rows) ids.add(row.series_id);
    }
    return [...ids];
  }

  /**
   * Refreshes the query planner's statistics after a scan changed many rows: without them PostgreSQL plans the
   * browsing queries for empty tables (nested loops over 100k rows) until autovacuum gets round to it. Runs outside
   * any transaction (VACUUM cannot run inside one).
   */
  async refreshPlannerStatistics(): Promise<void> {
    if (this.kind === 'postgresql') {
      // VACUUM also sets the visibility map, without which a deep page's index scan visits every heap row.
      await this.em.execute('vacuum (analyze) books, book_files, series, reading_progress', [], 'run');
    } else {
      await this.em.execute('pragma optimize', [], 'run');
    }
  }

  async markScanned(libraryId: string, at: Date): Promise<void> {
    await this.em.fork().nativeUpdate(Library, { id: libraryId }, { lastScannedAt: at });
  }

  async countBooks(libraryId: string): Promise<number> {
    return this.em.fork().count(Book, { library: libraryId });
  }

  /** How many books `booksNeedingThumbnails` will give. */
  async countBooksNeedingThumbnails(libraryId: string): Promise<number> {
    const [row] = await this.em.execute<{ n: number | string }[]>(
      `select count(*) as n from book_files where ${NEEDS_THUMBNAIL}`,
      [libraryId],
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Books whose file parsed and that have no thumbnail yet, in pages along the (library, path) index: a first scan
   * of 100k books does not hold all of them at once (about 25 MB). The PDFs (`pdfs: true`) or all the others.
   */
  async *booksNeedingThumbnails(
    libraryId: string,
    { pdfs }: { pdfs: boolean },
    pageSize = 1000,
  ): AsyncGenerator<BookNeedingThumbnail[]> {
    let after = '';
    const format = pdfsOrNot(pdfs);
    for (;;) {
      const rows = await this.em.execute<BookNeedingThumbnailRow[]>(
        `select ${THUMBNAIL_COLUMNS} from book_files
           where ${NEEDS_THUMBNAIL} and ${format} and path > ? order by path limit ?`,
        [libraryId, after, pageSize],
      );
      if (rows.length === 0) return;
      yield rows.map(bookNeedingThumbnail);
      if (rows.length < pageSize) return;
      after = rows.at(-1)!.path;
    }
  }

  /**
   * Of the files at `paths` (a batch the scan just stored), at most `limit` that parsed and have no thumbnail yet:
   * their covers are made while the scan goes on indexing. The PDFs (`pdfs: true`) or all the others.
   */
  async booksNeedingThumbnailsAt(
    libraryId: string,
    paths: readonly string[],
    limit: number,
    { pdfs }: { pdfs: boolean },
  ): Promise<BookNeedingThumbnail[]> {
    if (paths.length === 0 || limit <= 0) return [];
    const rows: BookNeedingThumbnailRow[] = [];
    for (const batch of chunks(paths)) {
      if (rows.length >= limit) break;
      rows.push(
        ...(await this.em.execute<BookNeedingThumbnailRow[]>(
          `select ${THUMBNAIL_COLUMNS} from book_files
              where ${NEEDS_THUMBNAIL} and ${pdfsOrNot(pdfs)} and path in (${placeholders(batch.length)}) limit ?`,
          [libraryId, ...batch, limit - rows.length],
        )),
      );
    }
    return rows.map(bookNeedingThumbnail);
  }

  /** Records thumbnails made (a file name) or found impossible (NO_THUMBNAIL), many rows per statement. */
  async setThumbnails(made: readonly { fileId: string; thumbnailPath: string }[]): Promise<void> {
    for (const batch of chunks(made)) {
      const { sql, params } = updateFromValues(
        this.kind,
        'book_files',
        [{ name: 'thumbnail_path', type: 'text' }],
        batch.map((row) => [row.fileId, row.thumbnailPath]),
      );
      await this.em.execute(sql, params, 'run');
    }
  }
}

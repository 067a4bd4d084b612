import type { EntityManager, FilterQuery } from '@mikro-orm/sql';
import { type ImportMode, Library, type RefreshMode, type WatchSetting } from '../entities/library.entity.js';
import type { ListCache } from './list-cache.js';
import { viewerIsRestricted, visibleBookSql, visibleLibraryFilter, visibleSeriesSql } from './library-access.js';
import { placeholders } from './sql-values.js';

/** The condition that keeps the viewer to their libraries ({} when they see every one). */
function visible(): FilterQuery<Library> {
  const ids = visibleLibraryFilter();
  return ids === undefined ? {} : { id: ids };
}

export interface LibraryCounts {
  bookCount: number;
  /** Books whose file the scan could not read (parse_status `error`). */
  unreadableBookCount: number;
  seriesCount: number;
}

export const NO_COUNTS: Readonly<LibraryCounts> = { bookCount: 0, unreadableBookCount: 0, seriesCount: 0 };

export interface LibraryFields {
  name: string;
  rootPath: string;
  metadataProvider: string;
  fallbackMetadataProvider: string;
  metadataRefreshMode: RefreshMode;
  watch: WatchSetting;
  scanSchedule: string;
  /** domain/reading-direction.ts */
  defaultReadingDirection: string;
  importMode: ImportMode;
  /** domain/naming-template.ts, checked by the service. */
  namingTemplate: string;
}

export class LibraryRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: ListCache,
  ) {}

  /** The libraries the viewer may see (library-access.ts), by name. */
  async page(offset: number, limit: number): Promise<{ items: Library[]; total: number }> {
    const [items, total] = await this.em.findAndCount(Library, visible(), {
      orderBy: { name: 'asc', id: 'asc' },
      offset,
      limit,
    });
    return { items, total };
  }

  all(): Promise<Library[]> {
    return this.em.find(Library, visible(), { orderBy: { name: 'asc', id: 'asc' } });
  }

  /** Null for a library the viewer may not see, as for one that does not exist. */
  async findById(id: string): Promise<Library | null> {
    if (visibleLibraryFilter()?.$in.includes(id) === false) return null;
    return this.em.findOne(Library, { id });
  }

  /** Root paths of every library, to refuse duplicates and nesting. */
  async rootPaths(): Promise<{ id: string; rootPath: string }[]> {
    const rows = await this.em.find(Library, {}, { fields: ['id', 'rootPath'] });
    return rows.map((row) => ({ id: row.id, rootPath: row.rootPath }));
  }

  async create(fields: LibraryFields): Promise<Library> {
    const library = this.em.create(Library, fields);
    await this.em.persist(library).flush();
    return library;
  }

  async update(library: Library, changes: Partial<LibraryFields>): Promise<Library> {
    this.em.assign(library, changes);
    await this.em.flush();
    return library;
  }

  /** Removes the library; series, books and links go with it by foreign-key cascade. */
  async delete(library: Library): Promise<void> {
    await this.em.remove(library).flush();
  }

  /**
   * Book (all and unreadable) and series counts for the given libraries in two grouped queries, remembered until the catalog changes:
   * counting 100k books costs milliseconds, and the OPDS root and library feeds show these on every request.
   */
  async counts(libraryIds: string[]): Promise<Map<string, LibraryCounts>> {
    const key = JSON.stringify(['library-counts', libraryIds]);
    // Library-wide counts are the same for every viewer (the caller names only libraries the viewer may see), but
    // for a restricted reader, who counts only what they may see: theirs are kept under their own key.
    const { items } = await this.cache.remember(
      key,
      async () => ({ items: [...(await this.countNow(libraryIds)).entries()] }),
      { shared: !viewerIsRestricted() },
    );
    return new Map(items.map(([id, counts]) => [id, { ...counts }]));
  }

  private async countNow(libraryIds: string[]): Promise<Map<string, LibraryCounts>> {
    const result = new Map<string, LibraryCounts>(libraryIds.map((id) => [id, { ...NO_COUNTS }]));
    if (libraryIds.length === 0) return result;
    const marks = placeholders(libraryIds.length);
    const restricted = viewerIsRestricted();
    const book = restricted ? visibleBookSql('b') : null;
    const seriesOf = restricted ? visibleSeriesSql('s') : null;
    const [books, series] = await Promise.all([
      this.em.execute<{ library_id: string; n: number | string; unreadable: number | string | null }[]>(
        `select b.library_id, count(*) as n, sum(case when f.parse_status = 'error' then 1 else 0 end) as unreadable
           from books b left join book_files f on f.book_id = b.id
          where b.library_id in (${marks})${book ? ` and ${book.sql}` : ''} group by b.library_id`,
        [...libraryIds, ...(book?.params ?? [])],
      ),
      this.em.execute<{ library_id: string; n: number | string }[]>(
        `select s.library_id, count(*) as n from series s
          where s.library_id in (${marks})${seriesOf ? ` and ${seriesOf.sql}` : ''} group by s.library_id`,
        [...libraryIds, ...(seriesOf?.params ?? [])],
      ),
    ]);
    for (const row of books) {
      const entry = result.get(row.library_id);
      if (!entry) continue;
      entry.bookCount = Number(row.n);
      entry.unreadableBookCount = Number(row.unreadable ?? 0);
    }
    for (const row of series) {
      const entry = result.get(row.library_id);
      if (entry) entry.seriesCount = Number(row.n);
    }
    return result;
  }
}

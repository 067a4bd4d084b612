import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { Book, type LockableBookField } from '../entities/book.entity.js';
import { ExternalBookMetadata } from '../entities/external-book-metadata.entity.js';
import { MetadataLink, type LinkStatus } from '../entities/metadata-link.entity.js';
import { Series } from '../entities/series.entity.js';
import type { FieldValue, LocalBook } from '../domain/metadata-sync.js';
import { derivedColumns } from './book.repository.js';
import { lockedForEdit, lockRowsForEdit } from './row-locks.js';
import { toJsonList, toNullableNumber, toStringList, type SqlDialect } from './sql-values.js';
import { withSources, type MetadataSources } from '../domain/metadata-sources.js';
import { authorNames, authorsFromNames, type Author } from '../domain/people.js';
import {
  restrictedMaySeeSeries,
  viewerIsRestricted,
  visibleLibraryFilter,
  visibleSeriesSql,
} from './library-access.js';

export interface LinkFields {
  provider: string;
  externalId: string;
  externalUrl: string | null;
  title: string | null;
  confidence: number | null;
  candidate: Record<string, unknown>;
  totalVolumesExternal: number | null;
}

export interface StoredVolume {
  externalBookId: string | null;
  volumeNumber: number | null;
  title: string | null;
  authors: string[];
  isbn: string | null;
  summary: string | null;
  coverUrl: string | null;
  pageCount: number | null;
  language: string | null;
  publishDate: string | null;
  bookId: string | null;
}

export interface SyncBook extends LocalBook {
  lockedFields: LockableBookField[];
  current: Record<'authors' | 'summary' | 'isbn' | 'publish_date' | 'language', FieldValue>;
}

/** Entity property of each synced series field (wire name → property). */
const SERIES_PROPERTY = {
  status: 'status',
  authors: 'authors',
  description: 'description',
  publishers: 'publishers',
  start_year: 'startYear',
  total_volumes: 'totalVolumes',
  genres: 'genres',
  language: 'language',
  reading_direction: 'readingDirection',
  cover_url: 'coverUrl',
} as const;
const BOOK_PROPERTY = {
  authors: 'authors',
  summary: 'summary',
  isbn: 'isbn',
  publish_date: 'publishDate',
  language: 'language',
} as const;

/** Links of series to provider records, the provider volumes stored with them, and what sync writes. */
export class MetadataRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly dialect: SqlDialect,
  ) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repository: MetadataRepository) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(new MetadataRepository(em, this.dialect)));
  }

  /** The series by name, or null when the viewer may not see it (a restricted reader: its rating and labels). */
  async findSeries(libraryId: string, name: string): Promise<Series | null> {
    const series = await this.em.findOne(Series, { library: libraryId, name });
    return series && (await restrictedMaySeeSeries(this.em, series.id)) ? series : null;
  }

  findSeriesById(id: string): Promise<Series | null> {
    return this.em.findOne(Series, { id });
  }

  /**
   * The series, read again with its row and its books' rows locked until the transaction ends (row-locks.ts): a field
   * the admin locks meanwhile waits for this sync, or this sync sees the lock; without it the sync wrote over an edit
   * made between its read and its write. The series first, then its books, as a scan takes them.
   */
  async lockSeriesForSync(id: string): Promise<Series | null> {
    await lockRowsForEdit(this.em, this.dialect, 'series', [id]);
    const series = await this.em.findOne(Series, { id }, { refresh: true });
    if (series)
      await this.em.execute(`select id from books where series_id = ? order by id${lockedForEdit(this.dialect)}`, [id]);
    return series;
  }

  /** The highest volume number the library holds for the series (omnibus ends included). */
  async highestVolume(seriesId: string): Promise<number | null> {
    const [row] = await this.em.execute<{ n: number | string | null }[]>(
      `select max(coalesce(volume_end, volume)) as n from books
        where series_id = ? and volume_kind in ('regular', 'integrale', 'one_shot')`,
      [seriesId],
    );
    return toNullableNumber(row?.n ?? null);
  }

  /** Null for a link of a series the viewer may not see (library-access.ts), as for one that does not exist. */
  async findLink(id: string): Promise<MetadataLink | null> {
    const library = visibleLibraryFilter();
    const link = await this.em.findOne(MetadataLink, library === undefined ? { id } : { id, series: { library } }, {
      populate: ['series'],
    });
    return link && (await restrictedMaySeeSeries(this.em, link.series.id)) ? link : null;
  }

  linksOfSeries(seriesId: string): Promise<MetadataLink[]> {
    return this.em.find(
      MetadataLink,
      { series: seriesId },
      { populate: ['series'], orderBy: { updatedAt: 'desc', id: 'asc' } },
    );
  }

  approvedLink(seriesId: string): Promise<MetadataLink | null> {
    return this.em.findOne(MetadataLink, { series: seriesId, status: 'approved' }, { populate: ['series'] });
  }

  /** Creates the link of the series to this provider, or replaces it (back to pending, approval cleared). */
  async upsertLink(seriesId: string, fields: LinkFields, status: LinkStatus = 'pending'): Promise<MetadataLink> {
    const now = new Date();
    const existing = await this.em.findOne(MetadataLink, { series: seriesId, provider: fields.provider });
    const values = {
      ...fields,
      status,
      matchedAt: now,
      approvedAt: status === 'approved' ? now : null,
      syncedAt: null,
    };
    if (existing) {
      this.em.assign(existing, values);
      await this.em.flush();
      return (await this.findLink(existing.id))!;
    }
    const link = this.em.create(MetadataLink, { id: randomUUID(), series: seriesId, ...values });
    await this.em.flush();
    return (await this.findLink(link.id))!;
  }

  async setStatus(link: MetadataLink, status: LinkStatus): Promise<void> {
    link.status = status;
    if (status === 'approved') link.approvedAt = new Date();
    await this.em.flush();
  }

  /** Approving one link rejects the series' other approved links and drops their provider volumes. */
  async rejectOtherApproved(link: MetadataLink): Promise<void> {
    const others = await this.em.find(MetadataLink, {
      series: link.series.id,
      status: 'approved',
      id: { $ne: link.id },
    });
    if (others.length === 0) return;
    await this.em.nativeDelete(ExternalBookMetadata, { link: { $in: others.map((other) => other.id) } });
    for (const other of others) other.status = 'rejected';
    await this.em.flush();
  }

  async deleteLink(link: MetadataLink): Promise<void> {
    await this.em.nativeDelete(ExternalBookMetadata, { link: link.id });
    await this.em.remove(link).flush();
  }

  async updateLink(
    link: MetadataLink,
    changes: Partial<Pick<MetadataLink, 'candidate' | 'totalVolumesExternal' | 'title' | 'externalUrl' | 'syncedAt'>>,
  ): Promise<void> {
    this.em.assign(link, changes);
    await this.em.flush();
  }

  /** The books of the series with what sync compares and the locks that protect them. */
  async booksForSync(seriesId: string): Promise<SyncBook[]> {
    const rows = await this.em.execute<
      {
        id: string;
        title: string;
        volume: number | string | null;
        volume_end: number | string | null;
        volume_kind: string;
        locked_fields: LockableBookField[] | string;
        authors: Author[] | string;
        summary: string | null;
        isbn: string | null;
        publish_date: string | null;
        language: string | null;
      }[]
    >(
      `select id, title, volume, volume_end, volume_kind, locked_fields, authors, summary, isbn, publish_date, language
         from books where series_id = ? order by volume_sort, chapter_sort, sort_title, id`,
      [seriesId],
    );
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      volume: toNullableNumber(row.volume),
      volumeEnd: toNullableNumber(row.volume_end),
      volumeKind: row.volume_kind,
      lockedFields: toStringList(row.locked_fields) as LockableBookField[],
      current: {
        authors: authorNames(toJsonList<Author>(row.authors)),
        summary: row.summary,
        isbn: row.isbn,
        publish_date: row.publish_date,
        language: row.language,
      },
    }));
  }

  async updateSeries(
    series: Series,
    changes: Partial<Record<keyof typeof SERIES_PROPERTY, FieldValue>>,
    rawStatus: string | null,
  ): Promise<void> {
    const values: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(changes))
      values[SERIES_PROPERTY[field as keyof typeof SERIES_PROPERTY]] = value;
    if (changes.status !== undefined) values.rawStatus = rawStatus;
    if (Object.keys(values).length === 0) return;
    if (Array.isArray(changes.authors)) values.authors = authorsFromNames(changes.authors, series.authors);
    values.metadataSources = providerSources(series.metadataSources as MetadataSources<string>, changes);
    this.em.assign(series, values);
    await this.em.flush();
  }

  async updateBook(bookId: string, changes: Partial<Record<keyof typeof BOOK_PROPERTY, FieldValue>>): Promise<void> {
    if (Object.keys(changes).length === 0) return;
    const book = await this.em.findOne(Book, { id: bookId }, { populate: ['series'] });
    if (!book) return;
    const values: Record<string, unknown> = {};
    for (const [field, value] of Object.entries(changes))
      values[BOOK_PROPERTY[field as keyof typeof BOOK_PROPERTY]] = value;
    if (Array.isArray(changes.authors)) values.authors = authorsFromNames(changes.authors, book.authors);
    values.metadataSources = providerSources(book.metadataSources as MetadataSources<string>, changes);
    this.em.assign(book, values);
    this.em.assign(
      book,
      derivedColumns(
        book.series?.name ?? null,
        book.title,
        book.authors,
        toNullableNumber(book.volume),
        book.volumeKind,
        toNullableNumber(book.chapter),
      ),
    );
    await this.em.flush();
  }

  /** Replaces the provider volumes stored for the link. */
  async replaceVolumes(linkId: string, volumes: StoredVolume[]): Promise<void> {
    await this.em.nativeDelete(ExternalBookMetadata, { link: linkId });
    if (volumes.length === 0) return;
    const now = new Date();
    await this.em.insertMany(
      ExternalBookMetadata,
      volumes.map((volume) => ({
        id: randomUUID(),
        link: linkId,
        book: volume.bookId,
        externalBookId: volume.externalBookId?.slice(0, 512) ?? null,
        volumeNumber: volume.volumeNumber,
        title: volume.title?.slice(0, 1024) ?? null,
        authors: volume.authors,
        isbn: volume.isbn,
        summary: volume.summary,
        coverUrl: volume.coverUrl?.slice(0, 2048) ?? null,
        pageCount: volume.pageCount,
        language: volume.language?.slice(0, 35) ?? null,
        publishDate: volume.publishDate,
        createdAt: now,
      })),
    );
  }

  async volumes(linkId: string): Promise<ExternalBookMetadata[]> {
    return this.em.find(ExternalBookMetadata, { link: linkId }, { orderBy: { volumeNumber: 'asc', id: 'asc' } });
  }

  /** Approved links of the library's series, by series name: what a refresh re-reads. */
  approvedLinksOfLibrary(libraryId: string): Promise<MetadataLink[]> {
    return this.em.find(
      MetadataLink,
      { status: 'approved', series: { library: libraryId } },
      { populate: ['series'], orderBy: { series: { sortName: 'asc', name: 'asc' } } },
    );
  }

  /**
   * The links of the library's series (of one status when given): highest confidence first, then by series. A
   * restricted reader's are those of the series they may see (library-access.ts), read by SQL as that condition is.
   */
  async linksOfLibrary(libraryId: string, status: LinkStatus | undefined, limit: number): Promise<MetadataLink[]> {
    const visible = viewerIsRestricted() ? visibleSeriesSql('s') : null;
    if (visible) {
      const rows = await this.em.execute<{ id: string }[]>(
        `select l.id from external_metadata_links l join series s on s.id = l.series_id
          where s.library_id = ?${status ? ' and l.status = ?' : ''} and ${visible.sql}
          order by case when l.confidence is null then 1 else 0 end, l.confidence desc, s.sort_name, s.name, l.id
          limit ?`,
        [libraryId, ...(status ? [status] : []), ...visible.params, limit],
      );
      const ids = rows.map((row) => row.id);
      const links = await this.em.find(MetadataLink, { id: { $in: ids } }, { populate: ['series'] });
      const byId = new Map(links.map((link) => [link.id, link]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    }
    return this.em.find(
      MetadataLink,
      { series: { library: libraryId }, ...(status ? { status } : {}) },
      {
        populate: ['series'],
        orderBy: { confidence: 'desc nulls last', series: { sortName: 'asc', name: 'asc' }, id: 'asc' },
        limit,
      },
    );
  }

  async countApprovedLinks(libraryId: string): Promise<number> {
    return this.em.count(MetadataLink, { status: 'approved', series: { library: libraryId } });
  }
}

/** The sources after a sync wrote `changes` (its cover address is no field of the metadata): each is `provider`. */
function providerSources(
  sources: MetadataSources<string>,
  changes: Partial<Record<string, FieldValue>>,
): MetadataSources<string> {
  return withSources(
    sources,
    'provider',
    Object.entries(changes).filter(([field]) => field !== 'cover_url'),
  );
}

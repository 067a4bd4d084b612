import { FACET_NAMES, type FacetCount, type FacetName, type Facets } from '../domain/catalog-filters.js';
import { READING_STATUSES, type ReadingStatus } from '../entities/reading-progress.entity.js';
import { currentReader } from './progress.service.js';
import type { Series, LockableSeriesField } from '../entities/series.entity.js';
import type { MetadataLink } from '../entities/metadata-link.entity.js';
import { NotFoundError } from '../domain/errors.js';
import type { ReadingDirection } from '../domain/reading-direction.js';
import type { BookSummary } from '../repositories/book.repository.js';
import type { MetadataRepository } from '../repositories/metadata.repository.js';
import type {
  SeriesChanges,
  SeriesFilters,
  SeriesRepository,
  SeriesSort,
  SeriesSummary,
} from '../repositories/series.repository.js';
import { cleanAuthors, cleanNames, cleanText, ratingChanges, type BookService } from './book.service.js';
import { withSources } from '../domain/metadata-sources.js';
import type { Author } from '../domain/people.js';
import type { LibraryService } from './library.service.js';

export interface SeriesEdit {
  status?: string | null;
  authors?: Author[];
  description?: string | null;
  imprint?: string | null;
  tags?: string[];
  ageRating?: string | null;
  publishers?: string[];
  startYear?: number | null;
  totalVolumes?: number | null;
  genres?: string[];
  language?: string | null;
  readingDirection?: ReadingDirection | null;
  lockedFields?: LockableSeriesField[];
}

/** The edit's fields by their lock name: what an admin's edit makes `admin`. */
const SERIES_EDIT_FIELDS = [
  ['status', 'status'],
  ['authors', 'authors'],
  ['description', 'description'],
  ['publishers', 'publishers'],
  ['startYear', 'start_year'],
  ['totalVolumes', 'total_volumes'],
  ['genres', 'genres'],
  ['language', 'language'],
  ['readingDirection', 'reading_direction'],
  ['imprint', 'imprint'],
  ['tags', 'tags'],
  ['ageRating', 'age_rating'],
] as const satisfies ReadonlyArray<readonly [keyof SeriesEdit, LockableSeriesField]>;

/** A series by id (`/series/{series_id}`) or by its library and name (`/libraries/{id}/series/{name}`). */
export type SeriesRef = { id: string } | { libraryId: string; name: string };

/** A series as lists show it, with its full metadata. */
export interface SeriesDetails {
  summary: SeriesSummary;
  series: Series;
  /**
   * The book the admin chose as the cover, when the viewer may see it: a reader kept from unrated books is not
   * given the id of one (it would only answer 404).
   */
  chosenCoverBookId: string | null;
}

/**
 * Series lists, their metadata, books and links, and marking a whole series read. Every operation on one series
 * takes a `SeriesRef`, so the id-based and name-based routes run the same code.
 */
export class SeriesService {
  constructor(
    private readonly series: SeriesRepository,
    private readonly libraries: LibraryService,
    private readonly books: BookService,
    private readonly links: MetadataRepository,
  ) {}

  page(
    filters: SeriesFilters,
    page: number,
    limit: number,
    sort: SeriesSort = 'name_asc',
  ): Promise<{ items: SeriesSummary[]; total: number }> {
    return this.series.page(filters, (page - 1) * limit, limit, sort);
  }

  /** The count of each value of each facet asked for (all by default) under the filters (GET /series/facets). */
  facets(filters: SeriesFilters, names: readonly FacetName[] = FACET_NAMES): Promise<Facets> {
    return this.series.facets(filters, names);
  }

  /**
   * How many series of each reading status (the viewer's) match the other filters: the read-state facet OPDS feeds
   * show beside the metadata facets (`reading_status` is no facet of GET /series/facets).
   */
  async readingStatusCounts(filters: SeriesFilters): Promise<FacetCount<ReadingStatus>[]> {
    return Promise.all(
      READING_STATUSES.map(async (value) => ({
        value,
        count: await this.series.total({ ...filters, readingStatus: value }),
      })),
    );
  }

  async pageOfLibrary(libraryId: string, q: string | undefined, page: number, limit: number) {
    await this.libraries.require(libraryId);
    return this.page({ libraryId, q }, page, limit);
  }

  async get(id: string): Promise<SeriesSummary> {
    const found = await this.series.summary(id);
    if (!found) throw new NotFoundError('Series', id);
    return found;
  }

  statuses(): Promise<string[]> {
    return this.series.statuses();
  }

  /** The series entity; a 404 naming what was asked (the library first, when addressed by name). */
  async metadata(ref: SeriesRef): Promise<Series> {
    if ('id' in ref) {
      const series = await this.series.findById(ref.id);
      if (!series) throw new NotFoundError('Series', ref.id);
      return series;
    }
    await this.libraries.require(ref.libraryId);
    const series = await this.series.findByName(ref.libraryId, ref.name);
    if (!series) throw new NotFoundError(`Series "${ref.name}" in library`, ref.libraryId);
    return series;
  }

  async details(ref: SeriesRef): Promise<SeriesDetails> {
    return this.detailsOf(await this.metadata(ref));
  }

  private async detailsOf(series: Series): Promise<SeriesDetails> {
    const chosen = series.coverChosenBookId ?? null;
    const [summary, seen] = await Promise.all([
      this.get(series.id),
      chosen === null ? false : this.series.seesBookOfVisibleSeries(chosen),
    ]);
    return { series, summary, chosenCoverBookId: seen ? chosen : null };
  }

  async update(ref: SeriesRef, edit: SeriesEdit): Promise<SeriesDetails> {
    const series = await this.metadata(ref);
    const changes: SeriesChanges = {};
    if (edit.status !== undefined) changes.status = edit.status === null ? null : edit.status.trim().toLowerCase();
    if (edit.authors !== undefined) changes.authors = cleanAuthors(edit.authors);
    if (edit.imprint !== undefined) changes.imprint = cleanText(edit.imprint);
    if (edit.tags !== undefined) changes.tags = cleanNames(edit.tags);
    if (edit.ageRating !== undefined) Object.assign(changes, ratingChanges(edit.ageRating));
    if (edit.description !== undefined) changes.description = edit.description;
    if (edit.publishers !== undefined) changes.publishers = cleanNames(edit.publishers);
    if (edit.startYear !== undefined) changes.startYear = edit.startYear;
    if (edit.totalVolumes !== undefined) changes.totalVolumes = edit.totalVolumes;
    if (edit.genres !== undefined) changes.genres = cleanNames(edit.genres);
    if (edit.language !== undefined) changes.language = edit.language;
    if (edit.readingDirection !== undefined) changes.readingDirection = edit.readingDirection;
    if (edit.lockedFields !== undefined) changes.lockedFields = [...new Set(edit.lockedFields)];
    const written = SERIES_EDIT_FIELDS.filter(([field]) => edit[field] !== undefined).map(([, lock]) => lock);
    changes.metadataSources = withSources(
      series.metadataSources,
      'admin',
      written.map((field) => [field, true]),
    );
    await this.series.update(series, changes);
    // The expected count drives the missing count that lists filter on.
    if (edit.totalVolumes !== undefined) await this.series.refreshCounts([series.id]);
    return this.detailsOf(series);
  }

  /** The series' books in volume order: the `series` sort of book lists, within one series. */
  async bookPage(ref: SeriesRef, page: number, limit: number): Promise<{ items: BookSummary[]; total: number }> {
    const series = await this.metadata(ref);
    return this.books.page({ seriesId: series.id }, 'series', page, limit);
  }

  async metadataLinks(ref: SeriesRef): Promise<MetadataLink[]> {
    const series = await this.metadata(ref);
    return this.links.linksOfSeries(series.id);
  }

  async markRead(ref: SeriesRef, status: 'read' | 'unread'): Promise<number> {
    const series = await this.metadata(ref);
    return this.series.markAll(currentReader(), series.id, status);
  }
}

import type { Series, LockableSeriesField } from '../entities/series.entity.js';
import { NotFoundError } from '../domain/errors.js';
import type {
  SeriesChanges,
  SeriesFilters,
  SeriesRepository,
  SeriesSummary,
} from '../repositories/series.repository.js';
import { cleanNames } from './book.service.js';
import type { LibraryService } from './library.service.js';

export interface SeriesEdit {
  status?: string | null;
  authors?: string[];
  description?: string | null;
  publishers?: string[];
  startYear?: number | null;
  totalVolumes?: number | null;
  genres?: string[];
  language?: string | null;
  lockedFields?: LockableSeriesField[];
}

/** Series lists, their metadata and marking a whole series read. */
export class SeriesService {
  constructor(
    private readonly series: SeriesRepository,
    private readonly libraries: LibraryService,
  ) {}

  page(filters: SeriesFilters, page: number, limit: number): Promise<{ items: SeriesSummary[]; total: number }> {
    return this.series.page(filters, (page - 1) * limit, limit);
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

  async metadata(libraryId: string, name: string): Promise<Series> {
    await this.libraries.require(libraryId);
    const series = await this.series.findByName(libraryId, name);
    if (!series) throw new NotFoundError(`Series "${name}" in library`, libraryId);
    return series;
  }

  async update(libraryId: string, name: string, edit: SeriesEdit): Promise<Series> {
    const series = await this.metadata(libraryId, name);
    const changes: SeriesChanges = {};
    if (edit.status !== undefined) changes.status = edit.status === null ? null : edit.status.trim().toLowerCase();
    if (edit.authors !== undefined) changes.authors = cleanNames(edit.authors);
    if (edit.description !== undefined) changes.description = edit.description;
    if (edit.publishers !== undefined) changes.publishers = cleanNames(edit.publishers);
    if (edit.startYear !== undefined) changes.startYear = edit.startYear;
    if (edit.totalVolumes !== undefined) changes.totalVolumes = edit.totalVolumes;
    if (edit.genres !== undefined) changes.genres = cleanNames(edit.genres);
    if (edit.language !== undefined) changes.language = edit.language;
    if (edit.lockedFields !== undefined) changes.lockedFields = [...new Set(edit.lockedFields)];
    await this.series.update(series, changes);
    // The expected count drives the missing count that lists filter on.
    if (edit.totalVolumes !== undefined) await this.series.refreshCounts([series.id]);
    return series;
  }

  async markRead(libraryId: string, name: string, status: 'read' | 'unread'): Promise<number> {
    const series = await this.metadata(libraryId, name);
    return this.series.markAll(series.id, status);
  }
}

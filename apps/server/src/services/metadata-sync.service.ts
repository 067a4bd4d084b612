import type { SeriesRecord, VolumeRecord } from '@shelfmark/plugin-sdk';
import type { MetadataLink } from '../entities/metadata-link.entity.js';
import type { Series } from '../entities/series.entity.js';
import {
  BOOK_SYNC_FIELDS,
  SERIES_SYNC_FIELDS,
  bookDate,
  bookIsbn,
  matchVolumes,
  planSync,
  type FieldChange,
  type FieldValue,
} from '../domain/metadata-sync.js';
import { NotFoundError } from '../domain/errors.js';
import { authorNames } from '../domain/people.js';
import { readingDirectionOrNull } from '../domain/reading-direction.js';
import { statusKey } from '../domain/status-normalisation.js';
import type { MetadataRepository } from '../repositories/metadata.repository.js';
import type { SeriesRepository } from '../repositories/series.repository.js';
import type { StatusMappingService } from './status-mapping.service.js';

export interface BookSyncReport {
  bookId: string;
  title: string;
  volume: number | null;
  updated: FieldChange[];
  skipped: string[];
}

export interface SyncReport {
  series: { updated: FieldChange[]; skipped: string[] };
  books: BookSyncReport[];
  booksMatched: number;
  booksUnmatched: number;
  message: string | null;
}

/** What the provider said, fetched before any write so a provider failure changes nothing. */
export interface ProviderSnapshot {
  providerName: string;
  record: SeriesRecord;
  /** Null when the provider has no volume-level data. */
  volumes: VolumeRecord[] | null;
}

export function hasChanges(report: SyncReport): boolean {
  return report.series.updated.length > 0 || report.books.some((book) => book.updated.length > 0);
}

function seriesCurrent(series: Series): Record<(typeof SERIES_SYNC_FIELDS)[number], FieldValue> {
  return {
    status: series.status ?? null,
    // Providers give names only: compared by name, so roles the files gave stay when the names agree.
    authors: authorNames(series.authors),
    description: series.description ?? null,
    publishers: series.publishers,
    start_year: series.startYear ?? null,
    total_volumes: series.totalVolumes ?? null,
    genres: series.genres,
    language: series.language ?? null,
    reading_direction: series.readingDirection ?? null,
    cover_url: series.coverUrl ?? null,
  };
}

export interface FieldPreview {
  field: (typeof SERIES_SYNC_FIELDS)[number];
  current: FieldValue;
  provider: FieldValue;
  locked: boolean;
  changes: boolean;
}

/** What a provider's record offers for each synchronised series field (the status already mapped to ours). */
function seriesOffered(
  record: SeriesRecord,
  status: string | null,
): Record<(typeof SERIES_SYNC_FIELDS)[number], FieldValue> {
  return {
    status,
    authors: record.authors,
    description: record.description,
    publishers: record.publishers,
    start_year: record.startYear,
    total_volumes: record.totalVolumes,
    genres: record.genres,
    language: record.language,
    // Optional since SDK 1.1: a plugin written for 1.0 leaves it out, which offers nothing.
    reading_direction: readingDirectionOrNull(record.readingDirection),
    cover_url: record.coverUrl,
  };
}

const emptyAsNull = (value: FieldValue | undefined): FieldValue =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0)
    ? null
    : value;

/**
 * Applies a provider's record to a series and its books (approve, batch auto-match, refresh): one transaction,
 * locks honoured, nothing cleared, the provider volumes stored with the local book that holds each.
 */
export class MetadataSyncService {
  constructor(
    private readonly metadata: MetadataRepository,
    private readonly series: SeriesRepository,
    private readonly statuses: StatusMappingService,
  ) {}

  /** The series' fields beside the record's, as `apply` would plan them (locks honoured), writing nothing. */
  async preview(link: MetadataLink, record: SeriesRecord): Promise<FieldPreview[]> {
    const series = await this.metadata.findSeriesById(link.series.id);
    if (!series) throw new NotFoundError('Series', link.series.id);
    const status = record.rawStatus === null ? null : (await this.statuses.peek(record.rawStatus)) || null;
    const offered = seriesOffered(record, status);
    const current = seriesCurrent(series);
    const locked = new Set(series.lockedFields);
    const plan = planSync(SERIES_SYNC_FIELDS, current, offered, locked);
    const changing = new Set(plan.updated.map((change) => change.field));
    return SERIES_SYNC_FIELDS.map((field) => ({
      field,
      current: emptyAsNull(current[field]),
      provider: emptyAsNull(offered[field]),
      locked: (locked as ReadonlySet<string>).has(field),
      changes: changing.has(field),
    }));
  }

  async apply(link: MetadataLink, snapshot: ProviderSnapshot, options: { approve: boolean }): Promise<SyncReport> {
    const { record, volumes } = snapshot;
    const rawStatus = record.rawStatus === null ? null : statusKey(record.rawStatus) || null;
    // Outside the transaction: an unknown status is added to the mapping table even if the sync then fails.
    const status = rawStatus === null ? null : (await this.statuses.normalise(rawStatus)) || null;
    const report = await this.metadata.transaction(async (tx) => {
      // Re-read inside the transaction: the caller's entities belong to another unit of work.
      const managed = await tx.findLink(link.id);
      if (!managed) throw new NotFoundError('Metadata link', link.id);
      if (options.approve) {
        await tx.setStatus(managed, 'approved');
        await tx.rejectOtherApproved(managed);
      }
      const series = (await tx.lockSeriesForSync(managed.series.id))!;
      const plan = planSync(
        SERIES_SYNC_FIELDS,
        seriesCurrent(series),
        seriesOffered(record, status),
        new Set(series.lockedFields),
      );
      await tx.updateSeries(series, plan.changes, rawStatus);

      const books = await tx.booksForSync(series.id);
      const matches = volumes === null ? [] : matchVolumes(books, volumes);
      const bookReports: BookSyncReport[] = [];
      for (const [index, volume] of (volumes ?? []).entries()) {
        const target = books.find((book) => book.id === matches[index]!.syncTo);
        if (!target) continue;
        const bookPlan = planSync(
          BOOK_SYNC_FIELDS,
          target.current,
          {
            authors: volume.authors,
            summary: volume.summary,
            isbn: bookIsbn(volume.isbn),
            publish_date: bookDate(volume.publishDate),
            language: volume.language,
          },
          new Set(target.lockedFields),
        );
        await tx.updateBook(target.id, bookPlan.changes);
        if (bookPlan.updated.length > 0 || bookPlan.skipped.length > 0) {
          bookReports.push({
            bookId: target.id,
            title: target.title,
            volume: target.volume,
            updated: bookPlan.updated,
            skipped: bookPlan.skipped,
          });
        }
      }
      await tx.replaceVolumes(
        link.id,
        (volumes ?? []).map((volume, index) => ({
          externalBookId: volume.externalId,
          volumeNumber: volume.volumeNumber,
          title: volume.title,
          authors: volume.authors,
          isbn: bookIsbn(volume.isbn),
          summary: volume.summary,
          coverUrl: volume.coverUrl,
          pageCount: volume.pageCount,
          language: volume.language,
          publishDate: bookDate(volume.publishDate),
          bookId: matches[index]!.heldBy,
        })),
      );
      await tx.updateLink(managed, {
        syncedAt: new Date(),
        totalVolumesExternal: record.totalVolumes,
        title: record.title.slice(0, 1024),
        externalUrl: record.externalUrl,
      });
      const matched = matches.filter((match) => match.heldBy !== null).length;
      const result: SyncReport = {
        series: { updated: plan.updated, skipped: plan.skipped },
        books: bookReports,
        booksMatched: matched,
        booksUnmatched: (volumes?.length ?? 0) - matched,
        message:
          volumes === null
            ? `${snapshot.providerName} has no volume-level data: only the series was synchronised.`
            : volumes.length === 0
              ? `${snapshot.providerName} listed no volumes for this series.`
              : null,
      };
      return result;
    });
    // Counts depend on the synced total and on the provider volumes now stored.
    await this.series.refreshCounts([link.series.id]);
    return report;
  }
}

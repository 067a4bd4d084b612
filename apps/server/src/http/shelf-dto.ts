import type { CollectionView } from '../services/collection.service.js';
import type { CblReportEntry, ReadingListDetails, ReadingListView } from '../services/reading-list.service.js';
import { seriesItemDto, type CoverPaths } from './dto.js';

/** Collections and reading lists as the contract's `CollectionItem`, `Collection`, `ReadingListItem`, `ReadingList`. */

export function collectionItemDto(collection: CollectionView, apiRoot: string, covers: CoverPaths) {
  return {
    id: collection.id,
    name: collection.name,
    summary: collection.summary,
    ordered: collection.ordered,
    series_count: collection.seriesCount,
    cover_url: collection.cover === null ? null : seriesItemDto(collection.cover, apiRoot, covers).cover_url,
    cover_urls: collection.mosaic.flatMap((series) => seriesItemDto(series, apiRoot, covers).cover_url ?? []),
    cover_series_id: collection.coverSeriesId,
    created_at: collection.createdAt.toISOString(),
    updated_at: collection.updatedAt.toISOString(),
  };
}

export function collectionDto(
  collection: CollectionView & { seriesIds: string[] },
  apiRoot: string,
  covers: CoverPaths,
) {
  return { ...collectionItemDto(collection, apiRoot, covers), series_ids: collection.seriesIds };
}

export function readingListItemDto(list: ReadingListView, apiRoot: string) {
  return {
    id: list.id,
    name: list.name,
    summary: list.summary,
    shared: list.shared,
    owner_id: list.ownerId,
    mine: list.mine,
    imported: list.imported,
    book_count: list.bookCount,
    read_count: list.readCount,
    cover_url: list.cover?.hasCover ? `${apiRoot}/books/${list.cover.id}/thumbnail` : null,
    created_at: list.createdAt.toISOString(),
    updated_at: list.updatedAt.toISOString(),
  };
}

export function readingListDto(list: ReadingListDetails, apiRoot: string) {
  return { ...readingListItemDto(list, apiRoot), book_ids: list.bookIds, continue_book_id: list.continueBookId };
}

export function cblImportReportDto(report: readonly CblReportEntry[]) {
  const count = (status: CblReportEntry['status']) => report.filter((entry) => entry.status === status).length;
  return {
    matched: count('matched'),
    ambiguous: count('ambiguous'),
    missing: count('missing'),
    entries: report.map((entry) => ({
      index: entry.position,
      series: entry.entry.series,
      number: entry.entry.number,
      volume: entry.entry.volume,
      year: entry.entry.year,
      status: entry.status,
      book_id: entry.bookId,
      candidate_ids: entry.candidates.map((book) => book.id),
      candidates: entry.candidates.map((book) => ({
        id: book.id,
        title: book.title,
        series_name: book.seriesName,
        volume: book.volume,
        chapter: book.chapter,
        year: book.publishDate ? Number(book.publishDate.slice(0, 4)) : null,
      })),
    })),
  };
}

import type { EntityManager } from '@mikro-orm/sql';
import type { ReadingStatus } from '../entities/reading-progress.entity.js';
import { coverBookOf, seriesCoverSource } from '../domain/series-cover.js';
import { seriesCounts, type SeriesBookFacts, type SeriesCounts } from '../domain/series-counts.js';
import type { Sql } from './metadata-filters.js';
import type { SeriesBookRow } from './series-counts.js';
import { chunks, placeholders, toNullableNumber } from './sql-values.js';

/** A series' aggregates over the books one viewer may see: what its stored ones are over all its books. */
export type VisibleAggregates = SeriesCounts & { coverBookId: string | null };

/**
 * The aggregates of these series (counts, the reader's read and started counts, cover) over the books that
 * `visibleBooks` (on `b`) keeps, as series-counts.ts makes the stored ones over every book: for a reader whose
 * restrictions hide some books of the series they see (library-access `viewerMayMissBooksOfVisibleSeries`). Two
 * queries per 500 series (their books with the reader's progress; their expected volumes and cover choice), read on
 * the restricted reader's pages only: everyone else's use the stored aggregates.
 */
export async function visibleSeriesAggregates(
  em: EntityManager,
  seriesIds: readonly string[],
  userId: string | null,
  visibleBooks: Sql,
): Promise<Map<string, VisibleAggregates>> {
  const out = new Map<string, VisibleAggregates>();
  for (const batch of chunks(seriesIds)) {
    const books = await em.execute<(SeriesBookRow & { status: ReadingStatus | null })[]>(
      // A viewer without a user matches no progress row (null = null is not true): everything unread.
      `select b.series_id, b.id, b.volume, b.volume_end, b.volume_kind, b.chapter, b.chapter_end, f.thumbnail_path,
              f.parse_status, rp.status
         from books b
         left join book_files f on f.book_id = b.id
         left join reading_progress rp on rp.book_id = b.id and rp.user_id = ?
        where b.series_id in (${placeholders(batch.length)}) and ${visibleBooks.sql}
        order by b.series_id, b.volume_sort, b.chapter_sort, b.sort_title, b.id`,
      [userId, ...batch, ...visibleBooks.params],
    );
    const series = await em.execute<
      {
        id: string;
        total_volumes: number | null;
        provider_count: number | string | null;
        cover_source: string;
        cover_chosen_book_id: string | null;
      }[]
    >(
      // Without a count of its own, a series expects the volumes its approved provider link knows (SPEC §3).
      `select s.id, s.total_volumes, p.n as provider_count, s.cover_source, s.cover_chosen_book_id
         from series s
         left join (select l.series_id, count(e.id) as n from external_metadata_links l
                      join external_book_metadata e on e.link_id = l.id
                     where l.status = 'approved' and l.series_id in (${placeholders(batch.length)})
                     group by l.series_id) p on p.series_id = s.id
        where s.id in (${placeholders(batch.length)})`,
      [...batch, ...batch],
    );
    const bySeries = new Map<string, { facts: SeriesBookFacts[]; withCover: string[] }>(
      batch.map((id) => [id, { facts: [], withCover: [] }]),
    );
    for (const book of books) {
      const entry = bySeries.get(book.series_id)!;
      entry.facts.push({
        volume: toNullableNumber(book.volume),
        volumeEnd: toNullableNumber(book.volume_end),
        volumeKind: book.volume_kind,
        chapter: toNullableNumber(book.chapter),
        chapterEnd: toNullableNumber(book.chapter_end),
        readingStatus: book.status ?? 'unread',
      });
      if (book.parse_status !== 'error' && book.thumbnail_path !== '') entry.withCover.push(book.id);
    }
    for (const row of series) {
      const { facts, withCover } = bySeries.get(row.id)!;
      const expected = row.total_volumes ?? toNullableNumber(row.provider_count);
      out.set(row.id, {
        ...seriesCounts(facts, expected),
        coverBookId: coverBookOf(seriesCoverSource(row.cover_source), row.cover_chosen_book_id, withCover),
      });
    }
  }
  return out;
}

import type { EntityManager } from '@mikro-orm/sql';
import { missingVolumes } from '../domain/wanted-volumes.js';
import type { GrabStatus } from '../entities/release-grab.entity.js';
import { whereVisibleSeries } from './library-access.js';
import { bookVolume, providerVolume, type BookVolumeRow, type ProviderVolumeRow } from './release.repository.js';
import { toDate, toNullableNumber } from './sql-values.js';

export interface WantedFilters {
  libraryId?: string;
  seriesId?: string;
  /** The series' status (`ongoing`, `ended`…). */
  seriesStatus?: string;
}

/** One missing volume of a series, with the latest grab of it (if any). */
export interface WantedRow {
  seriesId: string;
  seriesName: string;
  libraryId: string;
  seriesStatus: string | null;
  volume: number;
  title: string | null;
  lastGrab: { id: string; status: GrabStatus; at: Date } | null;
}

interface SeriesRow {
  id: string;
  name: string;
  library_id: string;
  status: string | null;
  total_volumes: number | string | null;
}

interface GrabRow {
  id: string;
  series_id: string;
  volume: number | string;
  status: GrabStatus;
  created_at: Date | string | number;
}

/**
 * Reads what the wanted list is made of, for every series or for those the viewer may see (library-access): the series
 * that can miss volumes (a `total_volumes`, or an approved metadata link), their books' volumes, their links' numbered
 * volumes and their grabs; domain/wanted-volumes.ts decides what is missing. Four queries whatever the number of
 * series, each restricted by the same conditions on `series`.
 */
export class WantedRepository {
  constructor(private readonly em: EntityManager) {}

  /** The missing volumes of the series the viewer may see, under the filters (release search's selection). */
  async wanted(filters: WantedFilters): Promise<WantedRow[]> {
    const { where, params } = seriesConditions(filters);
    whereVisibleSeries('s', where, params);
    return this.rows(where.join(' and '), params);
  }

  /**
   * The missing volumes of every series, whoever asks: the one list WantedService keeps, and narrows to what a viewer
   * may see with `visibleSeriesIds`.
   */
  async everyWanted(): Promise<WantedRow[]> {
    const { where, params } = seriesConditions({});
    return this.rows(where.join(' and '), params);
  }

  /** The series that can miss volumes which the viewer may see, under the filters: library access decided here. */
  async visibleSeriesIds(filters: WantedFilters): Promise<string[]> {
    const { where, params } = seriesConditions(filters);
    whereVisibleSeries('s', where, params);
    const rows = await this.em.execute<{ id: string }[]>(
      `select s.id from series s where ${where.join(' and ')}`,
      params,
    );
    return rows.map((row) => row.id);
  }

  private async rows(condition: string, params: unknown[]): Promise<WantedRow[]> {
    const series = await this.em.execute<SeriesRow[]>(
      `select s.id, s.name, s.library_id, s.status, s.total_volumes from series s where ${condition}
        order by s.sort_name, s.name, s.id`,
      params,
    );
    if (series.length === 0) return [];
    const books = await this.em.execute<(BookVolumeRow & { series_id: string })[]>(
      `select b.series_id, b.volume, b.volume_end, b.volume_kind
         from books b join series s on s.id = b.series_id
        where b.volume is not null and ${condition}`,
      params,
    );
    const provided = await this.em.execute<(ProviderVolumeRow & { series_id: string })[]>(
      `select l.series_id, e.volume_number, e.title, e.book_id
         from external_book_metadata e
         join external_metadata_links l on l.id = e.link_id
         join series s on s.id = l.series_id
        where l.status = 'approved' and e.volume_number is not null and ${condition}`,
      params,
    );
    // Oldest first, so the latest grab of a volume is the one kept.
    const grabs = await this.em.execute<GrabRow[]>(
      `select g.id, g.series_id, g.volume, g.status, g.created_at
         from release_grabs g join series s on s.id = g.series_id
        where ${condition}
        order by g.created_at, g.id`,
      params,
    );
    const booksBySeries = groupBy(books, (row) => row.series_id);
    const providedBySeries = groupBy(provided, (row) => row.series_id);
    const lastGrab = new Map<string, WantedRow['lastGrab']>();
    for (const grab of grabs) {
      lastGrab.set(`${grab.series_id}\n${Number(grab.volume)}`, {
        id: grab.id,
        status: grab.status,
        at: toDate(grab.created_at),
      });
    }
    const rows: WantedRow[] = [];
    for (const entry of series) {
      const missing = missingVolumes(
        (booksBySeries.get(entry.id) ?? []).map(bookVolume),
        (providedBySeries.get(entry.id) ?? []).map(providerVolume),
        toNullableNumber(entry.total_volumes),
      );
      for (const { volume, title } of missing) {
        rows.push({
          seriesId: entry.id,
          seriesName: entry.name,
          libraryId: entry.library_id,
          seriesStatus: entry.status,
          volume,
          title,
          lastGrab: lastGrab.get(`${entry.id}\n${volume}`) ?? null,
        });
      }
    }
    return rows;
  }
}

/** The series that can miss volumes (a `total_volumes`, or an approved link), narrowed by the filters. */
function seriesConditions(filters: WantedFilters): { where: string[]; params: unknown[] } {
  const where = [
    `(s.total_volumes is not null or exists (select 1 from external_metadata_links l
        where l.series_id = s.id and l.status = 'approved'))`,
  ];
  const params: unknown[] = [];
  if (filters.libraryId !== undefined) {
    where.push('s.library_id = ?');
    params.push(filters.libraryId);
  }
  if (filters.seriesId !== undefined) {
    where.push('s.id = ?');
    params.push(filters.seriesId);
  }
  if (filters.seriesStatus !== undefined) {
    where.push('s.status = ?');
    params.push(filters.seriesStatus);
  }
  return { where, params };
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const id = key(row);
    const group = groups.get(id);
    if (group) group.push(row);
    else groups.set(id, [row]);
  }
  return groups;
}

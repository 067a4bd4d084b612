import type { EntityManager } from '@mikro-orm/sql';
import { missingVolumes, type OwnedBookVolume, type ProviderVolume } from '../domain/wanted-volumes.js';
import { toNullableNumber } from './sql-values.js';

export interface ReleaseSeries {
  id: string;
  name: string;
  totalVolumes: number | null;
}

export interface BookVolumeRow {
  volume: number | string | null;
  volume_end: number | string | null;
  volume_kind: string;
}

export interface ProviderVolumeRow {
  volume_number: number | string;
  title: string | null;
  book_id: string | null;
}

/** What release search reads: the series and its missing volume numbers. */
export class ReleaseRepository {
  constructor(private readonly em: EntityManager) {}

  async libraryExists(libraryId: string): Promise<boolean> {
    const rows = await this.em.execute<{ id: string }[]>('select id from libraries where id = ?', [libraryId]);
    return rows.length > 0;
  }

  async findSeries(libraryId: string, name: string): Promise<ReleaseSeries | null> {
    const [row] = await this.em.execute<{ id: string; name: string; total_volumes: number | string | null }[]>(
      'select id, name, total_volumes from series where library_id = ? and name = ?',
      [libraryId, name],
    );
    return row === undefined ? null : { id: row.id, name: row.name, totalVolumes: toNullableNumber(row.total_volumes) };
  }

  /** The volume numbers of the series that no local book holds, ascending (domain/wanted-volumes.ts decides). */
  async missingVolumes(series: ReleaseSeries): Promise<number[]> {
    const books = await this.em.execute<BookVolumeRow[]>(
      'select volume, volume_end, volume_kind from books where series_id = ?',
      [series.id],
    );
    const providerVolumes = await this.em.execute<ProviderVolumeRow[]>(
      `select e.volume_number, e.title, e.book_id
         from external_book_metadata e
         join external_metadata_links l on l.id = e.link_id
        where l.series_id = ? and l.status = 'approved' and e.volume_number is not null`,
      [series.id],
    );
    return missingVolumes(books.map(bookVolume), providerVolumes.map(providerVolume), series.totalVolumes).map(
      (missing) => missing.volume,
    );
  }
}

export function bookVolume(row: BookVolumeRow): OwnedBookVolume {
  return {
    volume: toNullableNumber(row.volume),
    volumeEnd: toNullableNumber(row.volume_end),
    volumeKind: row.volume_kind,
  };
}

export function providerVolume(row: ProviderVolumeRow): ProviderVolume {
  return { volumeNumber: Number(row.volume_number), title: row.title, hasBook: row.book_id !== null };
}

import type { EntityManager } from '@mikro-orm/sql';
import { toNullableNumber } from './sql-values.js';

export interface ReleaseSeries {
  id: string;
  name: string;
  totalVolumes: number | null;
}

interface BookVolumeRow {
  volume: number | string | null;
  volume_end: number | string | null;
  volume_kind: string;
}

interface ProviderVolumeRow {
  volume_number: number | string;
  book_id: string | null;
}

/** The kinds that hold volumes of the main run, as in domain/series-counts.ts: hors-séries and chapters do not. */
const RUN_KINDS = new Set(['regular', 'integrale', 'one_shot']);
/** The same guard as the series counts: a mistyped T1-T9999 does not own thousands of volumes. */
const MAX_OWNED_RANGE = 500;

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

  /**
   * The volume numbers of the series that no local book holds, ascending. With an approved metadata link that lists
   * numbered volumes, those are the expected ones (a volume whose provider entry has a book, or that a local book
   * covers since the last sync, is held); otherwise 1..total_volumes. Neither → none.
   */
  async missingVolumes(series: ReleaseSeries): Promise<number[]> {
    const books = await this.em.execute<BookVolumeRow[]>(
      'select volume, volume_end, volume_kind from books where series_id = ?',
      [series.id],
    );
    const providerVolumes = await this.em.execute<ProviderVolumeRow[]>(
      `select e.volume_number, e.book_id
         from external_book_metadata e
         join external_metadata_links l on l.id = e.link_id
        where l.series_id = ? and l.status = 'approved' and e.volume_number is not null`,
      [series.id],
    );
    const owned = ownedVolumes(books);
    let expected: number[];
    if (providerVolumes.length > 0) {
      // Several approved providers may list the same volume; one of them having matched a book is enough.
      for (const row of providerVolumes) if (row.book_id !== null) owned.add(Number(row.volume_number));
      expected = providerVolumes.map((row) => Number(row.volume_number));
    } else {
      expected = Array.from({ length: series.totalVolumes ?? 0 }, (_, index) => index + 1);
    }
    return [...new Set(expected)].filter((volume) => !owned.has(volume)).sort((a, b) => a - b);
  }
}

/** Every volume number the local books hold: omnibus ranges expanded, fractional specials (12.5) as themselves. */
function ownedVolumes(rows: readonly BookVolumeRow[]): Set<number> {
  const owned = new Set<number>();
  for (const row of rows) {
    const volume = toNullableNumber(row.volume);
    if (volume === null || !RUN_KINDS.has(row.volume_kind)) continue;
    owned.add(volume);
    const end = toNullableNumber(row.volume_end);
    if (!Number.isInteger(volume) || end === null || !Number.isInteger(end)) continue;
    for (let n = volume + 1; n <= Math.min(end, volume + MAX_OWNED_RANGE); n++) owned.add(n);
  }
  return owned;
}

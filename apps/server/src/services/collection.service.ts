import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { CollectionFields, CollectionRepository, CollectionRow } from '../repositories/collection.repository.js';
import type { ListCache } from '../repositories/list-cache.js';
import type { SeriesRepository, SeriesSummary } from '../repositories/series.repository.js';

/** A collection as the viewer sees it: its series of their libraries, and its first one for the cover. */
export interface CollectionView extends CollectionRow {
  cover: SeriesSummary | null;
  /** Its first four series the viewer may see: the mosaic. */
  mosaic: SeriesSummary[];
}

export interface CollectionInput extends CollectionFields {
  seriesIds?: readonly string[];
}

/**
 * Collections of series across libraries: admins make them; readers see them through the series granted to them
 * (the repositories decide what a viewer sees, so every transport sees the same).
 */
export class CollectionService {
  constructor(
    private readonly collections: CollectionRepository,
    private readonly series: SeriesRepository,
    private readonly cache: ListCache,
  ) {}

  // The collections, a collection and its series are cached whole per viewer and catalog version (ADR 7, ADR 19):
  // every table they are read from (collections, their series, series, reader state, want to read) bumps the
  // version, so a hit is as fresh as the queries (counts, mosaics and the covers' series) it saves.

  async page(seriesId: string | undefined, page: number, limit: number) {
    return this.cache.remember(JSON.stringify(['collections', seriesId ?? null, page, limit]), async () => {
      const { items, total } = await this.collections.page(seriesId, (page - 1) * limit, limit);
      return { items: await this.withCovers(items), total };
    });
  }

  async get(id: string): Promise<CollectionView & { seriesIds: string[] }> {
    const { items } = await this.cache.remember(
      JSON.stringify(['collection', id]),
      async () => {
        const row = await this.collections.visible(id);
        if (!row) throw new NotFoundError('Collection', id);
        const [view] = await this.withCovers([row]);
        return { items: [{ ...view!, seriesIds: await this.collections.seriesIds(id) }] };
      },
      { weight: ({ items: [details] }) => details!.seriesIds.length + 1 },
    );
    return items[0]!;
  }

  async seriesPage(id: string, page: number, limit: number): Promise<{ items: SeriesSummary[]; total: number }> {
    return this.cache.remember(JSON.stringify(['collection-series', id, page, limit]), async () => {
      // Many collections' pages are asked in turn: a miss reads no more than the page needs.
      const total = await this.collections.visibleSeriesCount(id);
      if (total === null) throw new NotFoundError('Collection', id);
      const ids = await this.collections.seriesIds(id, (page - 1) * limit, limit);
      return { items: await this.series.summaries(ids), total };
    });
  }

  async create(input: CollectionInput & { name: string }) {
    const seriesIds = await this.checkedSeries(input.seriesIds ?? []);
    const id = await this.collections.create(
      { name: input.name.trim(), summary: input.summary ?? null, ordered: input.ordered ?? false },
      seriesIds,
    );
    return this.get(id);
  }

  async update(id: string, input: CollectionInput) {
    const seriesIds = input.seriesIds === undefined ? undefined : await this.checkedSeries(input.seriesIds);
    const { seriesIds: _given, ...fields } = input;
    if (fields.coverSeriesId !== undefined && fields.coverSeriesId !== null) {
      // The cover is one of its series (those given with it, else those it has): anything else is refused.
      const members = seriesIds ?? (await this.collections.seriesIds(id));
      if (!members.includes(fields.coverSeriesId))
        throw new ValidationError('The cover must be one of the collection’s series.', [
          { path: '/body/cover_series_id', message: 'not one of the collection’s series', code: 'invalid' },
        ]);
    }
    if (fields.name !== undefined) fields.name = fields.name.trim();
    if (!(await this.collections.update(id, fields, seriesIds))) throw new NotFoundError('Collection', id);
    return this.get(id);
  }

  async delete(id: string): Promise<void> {
    if (!(await this.collections.delete(id))) throw new NotFoundError('Collection', id);
  }

  /** Every series named must exist: an unknown one is a 404 and nothing changes. */
  private async checkedSeries(ids: readonly string[]): Promise<readonly string[]> {
    const existing = await this.collections.existingSeries(ids);
    const unknown = ids.find((id) => !existing.has(id));
    if (unknown !== undefined) throw new NotFoundError('Series', unknown);
    return ids;
  }

  private async withCovers(rows: CollectionRow[]): Promise<CollectionView[]> {
    const shown = [...new Set(rows.flatMap((row) => row.mosaicSeriesIds))];
    const covers = new Map((await this.series.summaries(shown)).map((series) => [series.id, series]));
    const chosen = rows.flatMap((row) => (row.coverSeriesId === null ? [] : [row.coverSeriesId]));
    const missing = chosen.filter((id) => !shown.includes(id));
    for (const series of await this.series.summaries([...new Set(missing)])) covers.set(series.id, series);
    return rows.map((row) => {
      // A chosen cover the viewer may see is the whole cover (a mosaic of one); else its first series' mosaic.
      const picked = row.coverSeriesId === null ? undefined : covers.get(row.coverSeriesId);
      if (picked) return { ...row, cover: picked, mosaic: [picked] };
      return {
        ...row,
        cover: covers.get(row.firstSeriesId ?? '') ?? null,
        mosaic: row.mosaicSeriesIds.flatMap((id) => covers.get(id) ?? []),
      };
    });
  }
}

import type { EntityManager } from '@mikro-orm/sql';
import { fold } from '../domain/search-text.js';
import { CollectionSeries } from '../entities/collection-series.entity.js';
import { Collection } from '../entities/collection.entity.js';
import { Series } from '../entities/series.entity.js';
import { visibleLibraryFilter, visibleSeriesSql } from './library-access.js';
import { placeholders, toDate, toNumber } from './sql-values.js';

export interface CollectionRow {
  id: string;
  name: string;
  summary: string | null;
  ordered: boolean;
  /** Its series the viewer may see. */
  seriesCount: number;
  /** Its first series the viewer may see (the cover's), in its order. */
  firstSeriesId: string | null;
  /** The series an admin picked as its cover, when it is still one of its series and the viewer may see it. */
  coverSeriesId: string | null;
  /** Its first four series the viewer may see, in its order (the mosaic's). */
  mosaicSeriesIds: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface CollectionFields {
  name?: string;
  summary?: string | null;
  ordered?: boolean;
  /** One of its series, or null for none (the mosaic). */
  coverSeriesId?: string | null;
}

interface RawRow {
  id: string;
  name: string;
  summary: string | null;
  ordered: boolean | number;
  series_count: number | string;
  cover_series_id: string | null;
  created_at: Date | number | string;
  updated_at: Date | number | string;
}

/**
 * Whether the viewer sees every series (no library limit and no restriction): only then is a collection with none of
 * their series, an empty one included, theirs to see. Any other viewer would learn of a collection they cannot open.
 */
const seesEverySeries = (): boolean => visibleSeriesSql('s') === null;

/** A collection's series in its order: by place when ordered, else by name (then id, so the order is stable). */
const SERIES_ORDER = 'case when c.ordered then cs.position else 0 end, s.sort_name, s.id';

/**
 * Collections of series. What a viewer sees of one goes through the viewer's access (library-access.ts): a reader
 * sees a collection holding at least one series they may see (library, rating, labels), and counts and covers only
 * those series.
 * Admins see every collection, empty ones included.
 */
export class CollectionRepository {
  constructor(private readonly em: EntityManager) {}

  /** The member condition on `collection_series cs join series s` for the viewer, and its parameters. */
  private visibleMembers(): { sql: string; params: unknown[] } {
    const visible = visibleSeriesSql('s');
    return visible ? { sql: ` and ${visible.sql}`, params: visible.params } : { sql: '', params: [] };
  }

  async page(
    seriesId: string | undefined,
    offset: number,
    limit: number,
  ): Promise<{ items: CollectionRow[]; total: number }> {
    const members = this.visibleMembers();
    const where: string[] = [];
    const params: unknown[] = [];
    if (members.sql !== '') {
      where.push(
        `exists (select 1 from collection_series cs join series s on s.id = cs.series_id
                  where cs.collection_id = c.id${members.sql})`,
      );
      params.push(...members.params);
    }
    if (seriesId !== undefined) {
      where.push('exists (select 1 from collection_series m where m.collection_id = c.id and m.series_id = ?)');
      params.push(seriesId);
    }
    const whereSql = where.length === 0 ? '' : `where ${where.join(' and ')}`;
    const [count] = await this.em.execute<{ n: number | string }[]>(
      `select count(*) as n from collections c ${whereSql}`,
      params,
    );
    const total = toNumber(count?.n ?? 0);
    if (offset >= total) return { items: [], total };
    const rows = await this.em.execute<{ id: string }[]>(
      `select c.id from collections c ${whereSql} order by c.sort_name, c.id limit ? offset ?`,
      [...params, limit, offset],
    );
    return { items: await this.rows(rows.map((row) => row.id)), total };
  }

  /** The rows of these collections with the viewer's counts and first series, in the order given. */
  async rows(ids: string[]): Promise<CollectionRow[]> {
    if (ids.length === 0) return [];
    const members = this.visibleMembers();
    const list = placeholders(ids.length);
    const rows = await this.em.execute<RawRow[]>(
      `select c.id, c.name, c.summary, c.ordered, c.created_at, c.updated_at,
              (select count(*) from collection_series cs join series s on s.id = cs.series_id
                where cs.collection_id = c.id${members.sql}) as series_count,
              (select s.id from collection_series cs join series s on s.id = cs.series_id
                where cs.collection_id = c.id and cs.series_id = c.cover_series_id${members.sql}) as cover_series_id
         from collections c where c.id in (${list})`,
      [...members.params, ...members.params, ...ids],
    );
    const firsts = await this.em.execute<{ collection_id: string; series_id: string }[]>(
      `select collection_id, series_id from (
         select cs.collection_id, cs.series_id,
                row_number() over (partition by cs.collection_id order by ${SERIES_ORDER}) as place
           from collection_series cs join collections c on c.id = cs.collection_id
           join series s on s.id = cs.series_id
          where cs.collection_id in (${list})${members.sql}) firsts
        where place <= 4 order by collection_id, place`,
      [...ids, ...members.params],
    );
    const mosaicOf = new Map<string, string[]>();
    for (const row of firsts)
      mosaicOf.set(row.collection_id, [...(mosaicOf.get(row.collection_id) ?? []), row.series_id]);
    const byId = new Map(
      rows.map((row): [string, CollectionRow] => [
        row.id,
        {
          id: row.id,
          name: row.name,
          summary: row.summary,
          ordered: Boolean(row.ordered),
          seriesCount: toNumber(row.series_count),
          firstSeriesId: mosaicOf.get(row.id)?.[0] ?? null,
          coverSeriesId: row.cover_series_id,
          mosaicSeriesIds: mosaicOf.get(row.id) ?? [],
          createdAt: toDate(row.created_at),
          updatedAt: toDate(row.updated_at),
        },
      ]),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The collection if the viewer may see it (a reader: one of its series is theirs), else null. */
  async visible(id: string): Promise<CollectionRow | null> {
    const [row] = await this.rows([id]);
    if (!row) return null;
    return row.seriesCount > 0 || seesEverySeries() ? row : null;
  }

  /**
   * How many of its series the viewer may see, or null when the viewer may not see the collection (as `visible`):
   * what a page of its series needs, without the cover and mosaic of `rows`.
   */
  async visibleSeriesCount(id: string): Promise<number | null> {
    const members = this.visibleMembers();
    const series =
      members.sql === ''
        ? 'select count(*) from collection_series cs where cs.collection_id = c.id'
        : `select count(*) from collection_series cs join series s on s.id = cs.series_id
            where cs.collection_id = c.id${members.sql}`;
    const [row] = await this.em.execute<{ n: number | string }[]>(
      `select (${series}) as n from collections c where c.id = ?`,
      [...members.params, id],
    );
    if (!row) return null;
    const count = toNumber(row.n);
    return count > 0 || seesEverySeries() ? count : null;
  }

  /** Its series the viewer may see, in its order. */
  async seriesIds(id: string, offset = 0, limit?: number): Promise<string[]> {
    const members = this.visibleMembers();
    const page = limit === undefined ? '' : ' limit ? offset ?';
    const rows = await this.em.execute<{ id: string }[]>(
      `select s.id from collection_series cs join collections c on c.id = cs.collection_id
         join series s on s.id = cs.series_id
        where cs.collection_id = ?${members.sql} order by ${SERIES_ORDER}${page}`,
      [id, ...members.params, ...(limit === undefined ? [] : [limit, offset])],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Which of these series exist and the viewer may see. Only admins name a collection's series (createCollection and
   * updateCollection need the admin scope), and admins are never restricted: their library is all that counts.
   */
  async existingSeries(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const library = visibleLibraryFilter();
    const found = await this.em.find(
      Series,
      library === undefined ? { id: { $in: [...ids] } } : { id: { $in: [...ids] }, library },
      { fields: ['id'] },
    );
    return new Set(found.map((series) => series.id));
  }

  /** Creates the collection with its series in the order given, in one transaction. */
  async create(
    fields: Required<Omit<CollectionFields, 'coverSeriesId'>>,
    seriesIds: readonly string[],
  ): Promise<string> {
    return this.em.transactional(async (em) => {
      const collection = em.create(Collection, {
        name: fields.name,
        sortName: fold(fields.name).slice(0, 200),
        summary: fields.summary,
        ordered: fields.ordered,
      });
      em.persist(collection);
      await em.flush();
      await this.insertMembers(em, collection.id, seriesIds);
      return collection.id;
    });
  }

  /** Changes the fields given and, with `seriesIds`, replaces its series; false when it does not exist. */
  async update(id: string, fields: CollectionFields, seriesIds?: readonly string[]): Promise<boolean> {
    return this.em.transactional(async (em) => {
      const collection = await em.findOne(Collection, { id });
      if (!collection) return false;
      const { coverSeriesId, ...rest } = fields;
      em.assign(collection, {
        ...rest,
        ...(fields.name === undefined ? {} : { sortName: fold(fields.name).slice(0, 200) }),
        ...(coverSeriesId === undefined ? {} : { coverSeries: coverSeriesId }),
        // A cover series taken out of the collection is no longer its cover.
        ...(coverSeriesId === undefined &&
        seriesIds !== undefined &&
        !seriesIds.includes(collection.coverSeries?.id ?? '')
          ? { coverSeries: null }
          : {}),
        updatedAt: new Date(),
      });
      await em.flush();
      if (seriesIds !== undefined) {
        await em.nativeDelete(CollectionSeries, { collection: id });
        await this.insertMembers(em, id, seriesIds);
      }
      return true;
    });
  }

  async delete(id: string): Promise<boolean> {
    return (await this.em.nativeDelete(Collection, { id })) > 0;
  }

  private async insertMembers(em: EntityManager, collectionId: string, seriesIds: readonly string[]): Promise<void> {
    if (seriesIds.length === 0) return;
    await em.insertMany(
      CollectionSeries,
      seriesIds.map((seriesId, position) => ({ collection: collectionId, series: seriesId, position })),
    );
  }
}

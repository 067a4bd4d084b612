import type { EntityManager } from '@mikro-orm/sql';
import { WantToRead } from '../entities/want-to-read.entity.js';
import { visibleSeriesSql } from './library-access.js';
import { toNumber } from './sql-values.js';

/** Each reader's own shelf of series they want to read; a reader sees only its series of libraries granted to them. */
export class WantToReadRepository {
  constructor(private readonly em: EntityManager) {}

  /** The user's series the viewer may see, the most recently added first. */
  async page(userId: string, offset: number, limit: number): Promise<{ ids: string[]; total: number }> {
    const visible = visibleSeriesSql('s');
    const from = `from want_to_read w join series s on s.id = w.series_id
      where w.user_id = ?${visible ? ` and ${visible.sql}` : ''}`;
    const params = [userId, ...(visible?.params ?? [])];
    const [count] = await this.em.execute<{ n: number | string }[]>(`select count(*) as n ${from}`, params);
    const total = toNumber(count?.n ?? 0);
    if (offset >= total) return { ids: [], total };
    const rows = await this.em.execute<{ id: string }[]>(
      `select w.series_id as id ${from} order by w.created_at desc, w.series_id desc limit ? offset ?`,
      [...params, limit, offset],
    );
    return { ids: rows.map((row) => row.id), total };
  }

  async add(userId: string, seriesId: string): Promise<void> {
    await this.em
      .createQueryBuilder(WantToRead)
      .insert({ user: userId, series: seriesId, createdAt: new Date() })
      .onConflict(['user', 'series'])
      .ignore()
      .execute();
  }

  async remove(userId: string, seriesId: string): Promise<void> {
    await this.em.nativeDelete(WantToRead, { user: userId, series: seriesId });
  }
}

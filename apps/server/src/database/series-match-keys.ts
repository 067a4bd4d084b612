import type { EntityManager } from '@mikro-orm/sql';
import { cblSeriesKey } from '../domain/cbl-matching.js';
import { updateFromValues, type SqlDialect } from '../repositories/sql-values.js';

const PAGE = 500;

/**
 * Fills `series.match_key` of every series with today's `cblSeriesKey` of its name (the migration that adds the
 * column, and any later one that changes the normalisation). Keyset pages along the primary key, one
 * `UPDATE … FROM (VALUES …)` per page of keys that differ.
 */
export async function fillSeriesMatchKeys(em: EntityManager, dialect: SqlDialect): Promise<void> {
  let after: string | null = null;
  for (;;) {
    const rows: { id: string; name: string; match_key: string }[] = await em.execute(
      `select id, name, match_key from series ${after === null ? '' : 'where id > ?'} order by id limit ?`,
      after === null ? [PAGE] : [after, PAGE],
    );
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const updates = rows.flatMap((row) => {
      const key = cblSeriesKey(row.name);
      return key === row.match_key ? [] : [[row.id, key]];
    });
    if (updates.length > 0) {
      const { sql, params } = updateFromValues(dialect, 'series', [{ name: 'match_key', type: 'text' }], updates);
      await em.execute(sql, params, 'run');
    }
    if (rows.length < PAGE) break;
  }
}

import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import { chunks, placeholders, toNumber } from './sql-values.js';

export interface LabelRow {
  id: string;
  name: string;
  seriesCount: number;
}

/**
 * Labels and the series carrying them (issue 39). Admin work only: what a reader may see of them is decided in
 * library-access.ts, from the names in their restrictions.
 */
export class LabelRepository {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<LabelRow[]> {
    const rows = await this.em.execute<{ id: string; name: string; n: number | string }[]>(
      `select l.id, l.name, (select count(*) from series_labels sl where sl.label_id = l.id) as n
         from labels l order by l.name, l.id`,
    );
    return rows.map((row) => ({ id: row.id, name: row.name, seriesCount: toNumber(row.n) }));
  }

  async ofSeries(seriesId: string): Promise<string[]> {
    const rows = await this.em.execute<{ name: string }[]>(
      `select l.name from series_labels sl join labels l on l.id = sl.label_id where sl.series_id = ? order by l.name`,
      [seriesId],
    );
    return rows.map((row) => row.name);
  }

  /** The series among `ids` that exist. */
  async existingSeries(ids: readonly string[]): Promise<string[]> {
    const found: string[] = [];
    for (const batch of chunks([...ids])) {
      const rows = await this.em.execute<{ id: string }[]>(
        `select id from series where id in (${placeholders(batch.length)})`,
        batch,
      );
      found.push(...rows.map((row) => row.id));
    }
    return found;
  }

  /**
   * Puts each of `add` on every series and takes each of `remove` off, in one transaction; with `only`, takes off
   * every other label (a series' labels replaced).
   */
  async edit(
    seriesIds: readonly string[],
    change: { add: readonly string[]; remove: readonly string[]; only?: boolean },
  ): Promise<void> {
    if (seriesIds.length === 0) return;
    await this.em.transactional(async (em) => {
      const ids = await labelIds(em, change.add);
      for (const batch of chunks([...seriesIds])) {
        const marks = placeholders(batch.length);
        if (change.only) {
          const keep = [...ids.values()];
          await em.execute(
            `delete from series_labels where series_id in (${marks})${
              keep.length > 0 ? ` and label_id not in (${placeholders(keep.length)})` : ''
            }`,
            [...batch, ...keep],
          );
        }
        if (change.remove.length > 0)
          await em.execute(
            `delete from series_labels where series_id in (${marks})
               and label_id in (select id from labels where name in (${placeholders(change.remove.length)}))`,
            [...batch, ...change.remove],
          );
        for (const labelId of ids.values()) {
          await em.execute(
            `insert into series_labels (series_id, label_id)
               select id, ? from series where id in (${marks}) on conflict do nothing`,
            [labelId, ...batch],
          );
        }
      }
    });
  }
}

/** The ids of these labels by name, each made if it is new (a concurrent maker's row is kept). */
async function labelIds(em: EntityManager, names: readonly string[]): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (names.length === 0) return ids;
  for (const name of names) {
    await em.execute(`insert into labels (id, name, created_at) values (?, ?, ?) on conflict (name) do nothing`, [
      randomUUID(),
      name,
      new Date(),
    ]);
  }
  const rows = await em.execute<{ id: string; name: string }[]>(
    `select id, name from labels where name in (${placeholders(names.length)})`,
    [...names],
  );
  for (const row of rows) ids.set(row.name, row.id);
  return ids;
}

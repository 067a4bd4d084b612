import type { EntityManager } from '@mikro-orm/sql';
import { chunks, placeholders, type SqlDialect } from './sql-values.js';

/**
 * What ends a read whose rows a write in the same transaction decides on (locked fields): on PostgreSQL the rows are
 * locked until the transaction ends, so an admin's edit committed meanwhile waits, or is seen. `FOR NO KEY UPDATE`
 * is the lock an UPDATE of plain columns takes: unlike `FOR UPDATE` it lets rows that reference the locked ones be
 * written (a book moved into a locked series, a file of a locked book), which made a scan and a metadata sync wait on
 * each other (a deadlock). SQLite: nothing, its one connection runs one transaction at a time.
 */
export function lockedForEdit(dialect: SqlDialect): string {
  return dialect === 'postgresql' ? ' for no key update' : '';
}

/**
 * Locks rows of `table` by id (see lockedForEdit) before an entity read of them. In id order, so two transactions
 * locking some of the same rows meet them in one order and neither holds one the other waits for.
 */
export async function lockRowsForEdit(
  em: EntityManager,
  dialect: SqlDialect,
  table: 'books' | 'series',
  ids: readonly string[],
): Promise<void> {
  if (dialect !== 'postgresql' || ids.length === 0) return;
  for (const batch of chunks([...new Set(ids)].sort()))
    await em.execute(
      `select id from ${table} where id in (${placeholders(batch.length)}) order by id${lockedForEdit(dialect)}`,
      batch,
    );
}

import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { WatchMode } from '../entities/watch-lease.entity.js';
import { isWatchReasonCode, type WatchReason } from '../domain/watch-reasons.js';
import type { WatchLeaseRow, WatchStateSource } from '../services/watch-state.js';
import { chunks, placeholders } from './sql-values.js';

export interface DirtySummary {
  count: number;
  /** Oldest and newest marks (epoch ms). */
  firstMs: number;
  lastMs: number;
}

/** Watch leases (one holder per library, and per import folder) and the durable set of folders changed since their last scan. */
export class WatchRepository implements WatchStateSource {
  constructor(private readonly em: EntityManager) {}

  async leases(libraryIds: string[]): Promise<Map<string, WatchLeaseRow>> {
    const result = new Map<string, WatchLeaseRow>();
    for (const ids of chunks(libraryIds)) {
      const rows = await this.em.execute<
        {
          library_id: string;
          holder: string;
          expires_at_ms: number | string;
          mode: WatchMode;
          reason: string | null;
          reason_code: string | null;
        }[]
      >(
        `select library_id, holder, expires_at_ms, mode, reason, reason_code from library_watch_leases
          where library_id in (${placeholders(ids.length)})`,
        ids,
      );
      for (const row of rows) {
        result.set(row.library_id, {
          libraryId: row.library_id,
          holder: row.holder,
          expiresAtMs: Number(row.expires_at_ms),
          mode: row.mode,
          reason:
            row.reason === null
              ? null
              : { code: isWatchReasonCode(row.reason_code) ? row.reason_code : null, text: row.reason },
        });
      }
    }
    return result;
  }

  /**
   * Takes or renews the lease in one statement: the row is written only when it is new, already ours, expired, or
   * held under `predecessor` (a holder name prefix: a process that ran before this one on the same data directory,
   * which a restart after a crash need not wait for), so two processes racing for one library cannot both win. A
   * lease taken from another holder says `off` until the new holder reports how it watches: the old holder's mode
   * is no longer true. Answers the mode the lease says (`off` when it is new to this holder), or null when another
   * holder keeps it.
   */
  async acquire(
    libraryId: string,
    holder: string,
    nowMs: number,
    expiresAtMs: number,
    predecessor?: string,
  ): Promise<WatchMode | null> {
    const takeOver = predecessor === undefined ? '' : ' or substr(library_watch_leases.holder, 1, ?) = ?';
    const rows = await this.em.execute<{ holder: string; mode: WatchMode }[]>(
      `insert into library_watch_leases (id, library_id, holder, expires_at_ms, mode, reason)
         values (?, ?, ?, ?, 'off', null)
       on conflict (library_id) do update set holder = excluded.holder, expires_at_ms = excluded.expires_at_ms,
           mode = case when library_watch_leases.holder = excluded.holder then library_watch_leases.mode else 'off' end,
           reason = case when library_watch_leases.holder = excluded.holder then library_watch_leases.reason end,
           reason_code = case when library_watch_leases.holder = excluded.holder then library_watch_leases.reason_code end
         where library_watch_leases.holder = excluded.holder or library_watch_leases.expires_at_ms < ?${takeOver}
       returning holder, mode`,
      [
        randomUUID(),
        libraryId,
        holder,
        expiresAtMs,
        nowMs,
        ...(predecessor === undefined ? [] : [predecessor.length, predecessor]),
      ],
    );
    return rows.length === 1 && rows[0]!.holder === holder ? rows[0]!.mode : null;
  }

  async report(libraryId: string, holder: string, mode: WatchMode, reason: WatchReason | null): Promise<void> {
    await this.em.execute(
      'update library_watch_leases set mode = ?, reason = ?, reason_code = ? where library_id = ? and holder = ?',
      [mode, reason?.text ?? null, reason?.code ?? null, libraryId, holder],
      'run',
    );
  }

  /** Gives a lease back (a clean stop), so another process may take it at its next renewal. */
  async release(libraryId: string, holder: string): Promise<void> {
    await this.em.execute(
      'delete from library_watch_leases where library_id = ? and holder = ?',
      [libraryId, holder],
      'run',
    );
  }

  /**
   * Takes or renews an import folder's lease, by the rule of `acquire` (new, ours, expired, or a predecessor's):
   * true when this holder has it now.
   */
  async acquireImportFolder(
    folder: string,
    holder: string,
    nowMs: number,
    expiresAtMs: number,
    predecessor?: string,
  ): Promise<boolean> {
    const takeOver = predecessor === undefined ? '' : ' or substr(import_folder_leases.holder, 1, ?) = ?';
    const rows = await this.em.execute<{ holder: string }[]>(
      `insert into import_folder_leases (id, folder, holder, expires_at_ms) values (?, ?, ?, ?)
       on conflict (folder) do update set holder = excluded.holder, expires_at_ms = excluded.expires_at_ms
         where import_folder_leases.holder = excluded.holder or import_folder_leases.expires_at_ms < ?${takeOver}
       returning holder`,
      [
        randomUUID(),
        folder,
        holder,
        expiresAtMs,
        nowMs,
        ...(predecessor === undefined ? [] : [predecessor.length, predecessor]),
      ],
    );
    return rows.length === 1 && rows[0]!.holder === holder;
  }

  /** Gives an import folder's lease back (a clean stop, a folder no longer in the setting). */
  async releaseImportFolder(folder: string, holder: string): Promise<void> {
    await this.em.execute('delete from import_folder_leases where folder = ? and holder = ?', [folder, holder], 'run');
  }

  /** Deletes the lease of every import folder not in `kept` (canonical paths), whoever holds it. */
  async deleteImportFolderLeasesExcept(kept: readonly string[]): Promise<void> {
    const unless = kept.length === 0 ? '' : ` where folder not in (${placeholders(kept.length)})`;
    await this.em.execute(`delete from import_folder_leases${unless}`, [...kept], 'run');
  }

  /** Who holds an import folder's lease and until when (the logs and tests). */
  async importFolderLease(folder: string): Promise<{ holder: string; expiresAtMs: number } | undefined> {
    const [row] = await this.em.execute<{ holder: string; expires_at_ms: number | string }[]>(
      'select holder, expires_at_ms from import_folder_leases where folder = ?',
      [folder],
    );
    return row ? { holder: row.holder, expiresAtMs: Number(row.expires_at_ms) } : undefined;
  }

  /** Marks folders dirty; a folder already in the set takes the later time. */
  async markDirty(libraryId: string, folders: readonly string[], atMs: number): Promise<void> {
    for (const batch of chunks([...folders], 200)) {
      const values = batch.map(() => '(?, ?, ?, ?)').join(', ');
      await this.em.execute(
        `insert into watch_dirty_folders (id, library_id, path, marked_at_ms) values ${values}
         on conflict (library_id, path) do update set marked_at_ms = excluded.marked_at_ms`,
        batch.flatMap((folder) => [randomUUID(), libraryId, folder, atMs]),
        'run',
      );
    }
  }

  async dirtySummary(libraryId: string): Promise<DirtySummary> {
    const [row] = await this.em.execute<
      { n: number | string; first_ms: number | string | null; last_ms: number | string | null }[]
    >(
      `select count(*) as n, min(marked_at_ms) as first_ms, max(marked_at_ms) as last_ms
         from watch_dirty_folders where library_id = ?`,
      [libraryId],
    );
    return { count: Number(row?.n ?? 0), firstMs: Number(row?.first_ms ?? 0), lastMs: Number(row?.last_ms ?? 0) };
  }

  /** The folders marked before `beforeMs`: those a scan of the whole library starting then must read. */
  async markedBefore(libraryId: string, beforeMs: number): Promise<string[]> {
    const rows = await this.em.execute<{ path: string }[]>(
      'select path from watch_dirty_folders where library_id = ? and marked_at_ms < ?',
      [libraryId, beforeMs],
    );
    return rows.map((row) => row.path);
  }

  async dirtyFolders(libraryId: string, limit: number): Promise<string[]> {
    const rows = await this.em.execute<{ path: string }[]>(
      'select path from watch_dirty_folders where library_id = ? order by path limit ?',
      [libraryId, limit],
    );
    return rows.map((row) => row.path);
  }

  /**
   * Removes the marks of the folders a scan that started at `startedAtMs` has read (or found gone): never those of
   * folders it did not read, whatever the scan. A folder marked again since the scan started stays, for the next
   * scan.
   */
  async clearDirty(libraryId: string, folders: readonly string[], startedAtMs: number): Promise<void> {
    for (const batch of chunks([...folders])) {
      await this.em.execute(
        `delete from watch_dirty_folders where library_id = ? and marked_at_ms < ?
           and path in (${placeholders(batch.length)})`,
        [libraryId, startedAtMs, ...batch],
        'run',
      );
    }
  }
}

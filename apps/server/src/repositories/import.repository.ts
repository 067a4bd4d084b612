import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/sql';
import type { DatabaseKind } from '../database/orm.js';
import type { GrabFacts, SeriesFacts } from '../domain/import-matching.js';
import {
  ImportEntry,
  type ImportSource,
  type ImportStatus,
  type ImportSuggestion,
} from '../entities/import-entry.entity.js';
import type { ImportHow } from '../entities/import-record.entity.js';
import { ImportRecord } from '../entities/import-record.entity.js';
import type { ImportMode } from '../entities/library.entity.js';
import { executeBatch } from './bound-statements.js';
import { chunks, insertValues, placeholders, timestampParam, updateFromValues } from './sql-values.js';

/** What placing a book needs to know of its series and library. */
export interface ImportTarget {
  seriesId: string;
  seriesName: string;
  folderPath: string;
  libraryId: string;
  libraryRootPath: string;
  importMode: ImportMode;
  namingTemplate: string;
}

/** A book of the series with the same number: importing another is a duplicate unless the admin upgrades it. */
export interface OwnedBook {
  bookId: string;
  /** Relative to the library's root. */
  path: string;
}

/** A queue entry as it is first written: an arrival taken, matched or not. */
export interface NewImportEntry {
  id: string;
  source: ImportSource;
  path: string;
  origin: string | null;
  originalName: string;
  sizeBytes: number | null;
  suggestions: ImportSuggestion[];
  grabId: string | null;
  seriesId: string | null;
  libraryId: string | null;
  submittedBy: string | null;
  at: Date;
}

/** One placed file: its history row, and what the entry and the grabs become. */
export interface PlacedImport {
  entryId: string;
  grabId: string | null;
  libraryId: string;
  seriesId: string;
  sourcePath: string;
  targetPath: string;
  seriesName: string;
  volume: number;
  how: ImportHow;
  replaced: boolean;
  targetSize: number;
  targetMtimeMs: number;
  importedBy: string | null;
  at: Date;
}

/** The key of a series' volume in what `ownedBooks` answers. */
export const ownedKey = (seriesId: string, volume: number): string => `${seriesId}\u0000${volume}`;

/** Rows a multi-row statement takes at once (a statement's parameters stay far under both databases' limits). */
const ROWS_AT_ONCE = 100;
const ENTRY_COLUMNS = [
  'id',
  'source',
  'path',
  'origin',
  'original_name',
  'size_bytes',
  'status',
  'suggestions',
  'series_id',
  'library_id',
  'grab_id',
  'submitted_by_id',
  'created_at',
  'updated_at',
];
const RECORD_COLUMNS = [
  'id',
  'entry_id',
  'library_id',
  'source_path',
  'target_path',
  'series_name',
  'volume',
  'how',
  'replaced',
  'target_size',
  'target_mtime_ms',
  'imported_by_id',
  'created_at',
];

/**
 * The import queue and history (issue 37), and what matching reads of series and grabs. A watcher pass's arrivals
 * are read and written together (a statement for many rows, prepared once per shape on SQLite: bound-statements.ts):
 * one at a time, a thousand arrivals cost about fifteen statements each.
 */
export class ImportRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly kind: DatabaseKind,
  ) {}

  fork(): EntityManager {
    return this.em.fork();
  }

  async entry(id: string): Promise<ImportEntry | null> {
    return this.em.fork().findOne(ImportEntry, { id });
  }

  /** Which import-folder entries were offered already (queued, imported or ignored): each is offered once. */
  async knownOrigins(origins: readonly string[]): Promise<Set<string>> {
    if (origins.length === 0) return new Set();
    const rows = await this.em.fork().find(ImportEntry, { origin: { $in: [...origins] } }, { fields: ['origin'] });
    return new Set(rows.map((row) => row.origin!));
  }

  async queuePage(offset: number, limit: number): Promise<{ items: ImportEntry[]; total: number }> {
    const [items, total] = await this.em
      .fork()
      .findAndCount(
        ImportEntry,
        { status: 'queued' satisfies ImportStatus },
        { orderBy: { createdAt: 'asc', id: 'asc' }, offset, limit },
      );
    return { items, total };
  }

  async historyPage(offset: number, limit: number): Promise<{ items: ImportRecord[]; total: number }> {
    const [items, total] = await this.em
      .fork()
      .findAndCount(ImportRecord, {}, { orderBy: { createdAt: 'desc', id: 'asc' }, offset, limit });
    return { items, total };
  }

  async record(id: string): Promise<ImportRecord | null> {
    return this.em.fork().findOne(ImportRecord, { id });
  }

  /** Series of the libraries open to imports whose match key is one of `keys`. */
  async seriesByKeys(keys: readonly string[]): Promise<SeriesFacts[]> {
    const found: SeriesFacts[] = [];
    for (const batch of chunks([...new Set(keys)], 500)) {
      const rows = await this.em.execute<{ id: string; name: string; library_id: string; match_key: string }[]>(
        `select s.id, s.name, s.library_id, s.match_key from series s join libraries l on l.id = s.library_id
         where l.import_mode <> 'off' and s.match_key in (${placeholders(batch.length)})`,
        batch,
      );
      for (const row of rows) {
        found.push({ id: row.id, name: row.name, libraryId: row.library_id, matchKey: row.match_key });
      }
    }
    return found;
  }

  /** Grabs still waiting for their file (expired ones too: a slow download is still that grab's). */
  async openGrabs(): Promise<GrabFacts[]> {
    const rows = await this.em.execute<
      {
        id: string;
        series_id: string;
        series_name: string;
        library_id: string;
        volume: number | string;
        title: string;
      }[]
    >(
      `select g.id, g.series_id, g.series_name, s.library_id, g.volume, g.title from release_grabs g
       join series s on s.id = g.series_id where g.status in ('grabbed', 'expired')`,
    );
    return rows.map((row) => ({
      id: row.id,
      seriesId: row.series_id,
      seriesName: row.series_name,
      libraryId: row.library_id,
      volume: Number(row.volume),
      title: row.title,
    }));
  }

  /** The targets of these series, by id (a series that is gone is missing). */
  async targets(seriesIds: readonly string[]): Promise<Map<string, ImportTarget>> {
    const found = new Map<string, ImportTarget>();
    for (const batch of chunks([...new Set(seriesIds)], 500)) {
      const rows = await this.em.execute<
        {
          id: string;
          name: string;
          folder_path: string;
          library_id: string;
          root_path: string;
          import_mode: ImportMode;
          naming_template: string;
        }[]
      >(
        `select s.id, s.name, s.folder_path, s.library_id, l.root_path, l.import_mode, l.naming_template
         from series s join libraries l on l.id = s.library_id where s.id in (${placeholders(batch.length)})`,
        batch,
      );
      for (const row of rows) {
        found.set(row.id, {
          seriesId: row.id,
          seriesName: row.name,
          folderPath: row.folder_path,
          libraryId: row.library_id,
          libraryRootPath: row.root_path,
          importMode: row.import_mode,
          namingTemplate: row.naming_template,
        });
      }
    }
    return found;
  }

  /**
   * The books these series already have with these numbers (`ownedKey` names each pair): importing another is a
   * duplicate unless the admin upgrades it. One statement per 200 series and 200 numbers, the pairs kept after.
   */
  async ownedBooks(wanted: readonly { seriesId: string; volume: number }[]): Promise<Map<string, OwnedBook>> {
    const found = new Map<string, OwnedBook>();
    const bySeries = new Map<string, Set<number>>();
    for (const { seriesId, volume } of wanted)
      bySeries.set(seriesId, (bySeries.get(seriesId) ?? new Set()).add(volume));
    const seriesIds = [...bySeries.keys()];
    const volumes = [...new Set(wanted.map((pair) => pair.volume))];
    for (const seriesBatch of chunks(seriesIds, 200)) {
      for (const volumeBatch of chunks(volumes, 200)) {
        const rows = await this.em.execute<{ id: string; path: string; series_id: string; volume: number | string }[]>(
          `select b.id, f.path, b.series_id, b.volume from books b join book_files f on f.book_id = b.id
           where b.series_id in (${placeholders(seriesBatch.length)}) and b.volume in (${placeholders(volumeBatch.length)})
             and b.volume_kind = 'regular' and b.chapter is null
           order by f.path`,
          [...seriesBatch, ...volumeBatch],
        );
        for (const row of rows) {
          const key = ownedKey(row.series_id, Number(row.volume));
          // The first file by path, as one book's lookup took it.
          if (bySeries.get(row.series_id)?.has(Number(row.volume)) && !found.has(key)) {
            found.set(key, { bookId: row.id, path: row.path });
          }
        }
      }
    }
    return found;
  }

  /** Writes the entries of arrivals, all or none (one transaction): each is known before its file is touched. */
  async insertEntries(entries: readonly NewImportEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.em.fork().transactional(async (tx) => {
      for (const batch of chunks(entries, ROWS_AT_ONCE)) {
        const { sql, params } = insertValues(
          'import_entries',
          ENTRY_COLUMNS,
          batch.map((entry) => [
            entry.id,
            entry.source,
            entry.path,
            entry.origin,
            entry.originalName,
            entry.sizeBytes,
            'queued' satisfies ImportStatus,
            JSON.stringify(entry.suggestions),
            entry.seriesId,
            entry.libraryId,
            entry.grabId,
            entry.submittedBy,
            timestampParam(this.kind, entry.at),
            timestampParam(this.kind, entry.at),
          ]),
        );
        await executeBatch(tx, this.kind, sql, params, 'run');
      }
    });
  }

  /**
   * Records placed files, all or none: each one's history row, its entry `imported` to its series, and its grab
   * (any open grab of the same volume too: the file is in now) `imported`.
   */
  async recordImports(placed: readonly PlacedImport[]): Promise<void> {
    if (placed.length === 0) return;
    await this.em.fork().transactional(async (tx) => {
      for (const batch of chunks(placed, ROWS_AT_ONCE)) {
        const records = insertValues(
          'import_history',
          RECORD_COLUMNS,
          batch.map((row) => [
            randomUUID(),
            row.entryId,
            row.libraryId,
            row.sourcePath,
            row.targetPath,
            row.seriesName,
            row.volume,
            row.how,
            this.kind === 'sqlite' ? Number(row.replaced) : row.replaced,
            row.targetSize,
            row.targetMtimeMs,
            row.importedBy,
            timestampParam(this.kind, row.at),
          ]),
        );
        await executeBatch(tx, this.kind, records.sql, records.params, 'run');
        const entries = updateFromValues(
          this.kind,
          'import_entries',
          [
            { name: 'status', type: 'text' },
            { name: 'series_id', type: 'uuid' },
            { name: 'error_code', type: 'text' },
            { name: 'error_message', type: 'text' },
            { name: 'updated_at', type: 'timestamptz' },
          ],
          batch.map((row) => [
            row.entryId,
            'imported' satisfies ImportStatus,
            row.seriesId,
            null,
            null,
            timestampParam(this.kind, row.at),
          ]),
        );
        await executeBatch(tx, this.kind, entries.sql, entries.params, 'run');
        const grabIds = batch.flatMap((row) => (row.grabId === null ? [] : [row.grabId]));
        const sameVolume = batch.map(() => '(series_id = ? and volume = ?)').join(' or ');
        const grabs = grabIds.length === 0 ? '' : `id in (${placeholders(grabIds.length)}) or `;
        await executeBatch(
          tx,
          this.kind,
          `update release_grabs set status = 'imported', updated_at = ?
            where ${grabs}(status in ('grabbed', 'expired') and (${sameVolume}))`,
          [
            timestampParam(this.kind, batch.at(-1)!.at),
            ...grabIds,
            ...batch.flatMap((row) => [row.seriesId, row.volume]),
          ],
          'run',
        );
      }
    });
  }

  /** Why placing the entry's file failed: it stays in the queue for an admin. */
  async entryFailed(entryId: string, code: string, message: string): Promise<void> {
    await this.em.fork().nativeUpdate(ImportEntry, { id: entryId }, { errorCode: code, errorMessage: message });
  }
}

import type { EntityManager } from '@mikro-orm/sql';
import type { GrabFacts, SeriesFacts } from '../domain/import-matching.js';
import { ImportEntry, type ImportStatus } from '../entities/import-entry.entity.js';
import { ImportRecord } from '../entities/import-record.entity.js';
import { ReleaseGrab } from '../entities/release-grab.entity.js';
import type { ImportMode } from '../entities/library.entity.js';

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

/** The import queue and history (issue 37), and what matching reads of series and grabs. */
export class ImportRepository {
  constructor(private readonly em: EntityManager) {}

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
    if (keys.length === 0) return [];
    const rows = await this.em.execute<{ id: string; name: string; library_id: string; match_key: string }[]>(
      `select s.id, s.name, s.library_id, s.match_key from series s join libraries l on l.id = s.library_id
       where l.import_mode <> 'off' and s.match_key in (${keys.map(() => '?').join(', ')})`,
      [...keys],
    );
    return rows.map((row) => ({ id: row.id, name: row.name, libraryId: row.library_id, matchKey: row.match_key }));
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

  async target(seriesId: string): Promise<ImportTarget | null> {
    const [row] = await this.em.execute<
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
       from series s join libraries l on l.id = s.library_id where s.id = ?`,
      [seriesId],
    );
    if (row === undefined) return null;
    return {
      seriesId: row.id,
      seriesName: row.name,
      folderPath: row.folder_path,
      libraryId: row.library_id,
      libraryRootPath: row.root_path,
      importMode: row.import_mode,
      namingTemplate: row.naming_template,
    };
  }

  async ownedBook(seriesId: string, volume: number): Promise<OwnedBook | null> {
    const [row] = await this.em.execute<{ id: string; path: string }[]>(
      `select b.id, f.path from books b join book_files f on f.book_id = b.id
       where b.series_id = ? and b.volume = ? and b.volume_kind = 'regular' and b.chapter is null
       order by f.path limit 1`,
      [seriesId, volume],
    );
    return row === undefined ? null : { bookId: row.id, path: row.path };
  }

  /**
   * The grab becomes `imported`, and so does any other open grab of the same volume (the file is in now); inside
   * `within`, the import's transaction, when given.
   */
  async markGrabsImported(
    grabId: string | null,
    seriesId: string,
    volume: number | null,
    within?: EntityManager,
  ): Promise<void> {
    const em = within ?? this.em.fork();
    if (grabId !== null) await em.nativeUpdate(ReleaseGrab, { id: grabId }, { status: 'imported' });
    if (volume !== null) {
      await em.nativeUpdate(
        ReleaseGrab,
        { series: seriesId, volume, status: { $in: ['grabbed', 'expired'] } },
        { status: 'imported' },
      );
    }
  }
}

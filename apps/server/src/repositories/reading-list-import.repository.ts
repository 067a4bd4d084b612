import type { EntityManager } from '@mikro-orm/sql';
import type { CblEntry } from '../domain/cbl-matching.js';
import { ReadingListBook } from '../entities/reading-list-book.entity.js';
import { executeBatch } from './bound-statements.js';
import { insertListBooks } from './reading-list.repository.js';
import { chunks, insertValues, placeholders, type SqlDialect } from './sql-values.js';

/** One entry of a list's import report as stored: the file's entry, its book once matched, its candidates. */
export interface StoredCblEntry {
  position: number;
  entry: CblEntry;
  bookId: string | null;
  candidateIds: string[];
}

/** Rows per insert: 500 × 8 values, far under SQLite's bound-parameter limit. */
const ENTRIES_PER_STATEMENT = 500;
const COLUMNS = ['reading_list_id', 'position', 'series', 'number', 'volume', 'year', 'book_id', 'candidate_ids'];

/**
 * The import report kept with a reading list made from a `.cbl` (one row per entry of the file), and the list
 * order it completes. What the viewer may see of it is decided by the service with the book repository's
 * visibility; this stores and reads it as it is.
 */
export class ReadingListImportRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly dialect: SqlDialect,
  ) {}

  /** Inside the caller's transaction: a few multi-row inserts, not an entity per entry (bound-statements.ts). */
  async save(em: EntityManager, listId: string, entries: readonly StoredCblEntry[]): Promise<void> {
    for (const batch of chunks(entries, ENTRIES_PER_STATEMENT)) {
      const { sql, params } = insertValues(
        'reading_list_import_entries',
        COLUMNS,
        batch.map((stored) => [
          listId,
          stored.position,
          stored.entry.series,
          stored.entry.number,
          stored.entry.volume,
          stored.entry.year,
          stored.bookId,
          JSON.stringify(stored.candidateIds),
        ]),
      );
      await executeBatch(em, this.dialect, sql, params, 'run');
    }
  }

  /** The report's entries in the file's order; none when the list was not imported. */
  async entries(listId: string): Promise<StoredCblEntry[]> {
    const rows = await this.em.execute<
      {
        position: number | string;
        series: string;
        number: string | null;
        volume: string | null;
        year: string | null;
        book_id: string | null;
        candidate_ids: string[] | string;
      }[]
    >(
      `select position, series, number, volume, year, book_id, candidate_ids from reading_list_import_entries
        where reading_list_id = ? order by position`,
      [listId],
    );
    return rows.map((row) => ({
      position: Number(row.position),
      entry: { series: row.series, number: row.number, volume: row.volume, year: row.year },
      bookId: row.book_id,
      candidateIds:
        typeof row.candidate_ids === 'string' ? (JSON.parse(row.candidate_ids) as string[]) : row.candidate_ids,
    }));
  }

  /** Every book of the list in its order, those of libraries the viewer may not see included. */
  async listBooks(listId: string): Promise<string[]> {
    const rows = await this.em.execute<{ book_id: string }[]>(
      'select book_id from reading_list_books where reading_list_id = ? order by position',
      [listId],
    );
    return rows.map((row) => row.book_id);
  }

  /**
   * Writes the entries changed by matching again or a choice, and the list's new order, in one transaction: the
   * report and the list never disagree.
   */
  async update(listId: string, changed: readonly StoredCblEntry[], bookIds: readonly string[]): Promise<void> {
    await this.em.transactional(async (em) => {
      // The changed entries written anew (delete and insert, a few statements) rather than one update each.
      for (const batch of chunks(changed)) {
        await executeBatch(
          em,
          this.dialect,
          `delete from reading_list_import_entries where reading_list_id = ? and position in (${placeholders(batch.length)})`,
          [listId, ...batch.map((stored) => stored.position)],
          'run',
        );
      }
      await this.save(em, listId, changed);
      await em.nativeDelete(ReadingListBook, { readingList: listId });
      await insertListBooks(em, this.dialect, listId, bookIds, 0);
    });
  }
}

import type { EntityManager } from '@mikro-orm/sql';
import type { CblCandidate } from '../domain/cbl-matching.js';
import { fold } from '../domain/search-text.js';
import { ReadingListBook } from '../entities/reading-list-book.entity.js';
import { ReadingList } from '../entities/reading-list.entity.js';
import { currentViewer } from '../services/viewer-context.js';
import { executeBatch } from './bound-statements.js';
import { visibleBookSql, visibleReadingListSql } from './library-access.js';
import {
  chunks,
  insertValues,
  placeholders,
  toDate,
  toNullableNumber,
  toNumber,
  type SqlDialect,
} from './sql-values.js';

/** Rows per multi-row insert: 500 × 3 values, far under SQLite's bound-parameter limit. */
const ROWS_PER_INSERT = 500;

export interface ReadingListRow {
  id: string;
  ownerId: string;
  name: string;
  summary: string | null;
  shared: boolean;
  /** Made by a `.cbl` import: it has an import report. */
  imported: boolean;
  /** Its books the viewer may see, and of those the ones the viewer has read. */
  bookCount: number;
  readCount: number;
  /** Its first book the viewer may see (the cover's). */
  firstBookId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ReadingListFields {
  name?: string;
  summary?: string | null;
}

interface RawRow {
  id: string;
  owner_id: string;
  name: string;
  summary: string | null;
  shared: boolean | number;
  imported: boolean | number;
  created_at: Date | number | string;
  updated_at: Date | number | string;
}

/**
 * Reading lists of books. A viewer sees their own lists and the shared ones (library-access.ts
 * `visibleReadingListSql`), and of each list only the books they may see (library, rating, labels): counts, covers and the books
 * themselves. Another user's private list is not found, whoever asks.
 */
export class ReadingListRepository {
  constructor(
    private readonly em: EntityManager,
    private readonly dialect: SqlDialect,
  ) {}

  /** The entry condition on `reading_list_books e join books b` for the viewer, and its parameters. */
  private visibleBooks(): { sql: string; params: unknown[] } {
    const visible = visibleBookSql('b');
    return visible ? { sql: ` and ${visible.sql}`, params: visible.params } : { sql: '', params: [] };
  }

  async page(offset: number, limit: number): Promise<{ items: ReadingListRow[]; total: number }> {
    const visible = visibleReadingListSql('rl');
    const [count] = await this.em.execute<{ n: number | string }[]>(
      `select count(*) as n from reading_lists rl where ${visible.sql}`,
      visible.params,
    );
    const total = toNumber(count?.n ?? 0);
    if (offset >= total) return { items: [], total };
    const rows = await this.em.execute<{ id: string }[]>(
      `select rl.id from reading_lists rl where ${visible.sql} order by rl.sort_name, rl.id limit ? offset ?`,
      [...visible.params, limit, offset],
    );
    return { items: await this.rows(rows.map((row) => row.id)), total };
  }

  /** The rows of these lists the viewer may see, with the viewer's counts and first book, in the order given. */
  async rows(ids: string[]): Promise<ReadingListRow[]> {
    if (ids.length === 0) return [];
    const visible = visibleReadingListSql('rl');
    const books = this.visibleBooks();
    const { userId } = currentViewer();
    const list = placeholders(ids.length);
    const rows = await this.em.execute<RawRow[]>(
      `select rl.id, rl.owner_id, rl.name, rl.summary, rl.shared, rl.created_at, rl.updated_at,
              exists (select 1 from reading_list_import_entries r where r.reading_list_id = rl.id) as imported
         from reading_lists rl where rl.id in (${list}) and ${visible.sql}`,
      [...ids, ...visible.params],
    );
    // One walk of the lists' entries for both counts and the first place: each entry's progress is looked up by
    // (user, book). A join that started from the reader's progress would read all of it for every list.
    const counts = await this.em.execute<
      {
        reading_list_id: string;
        book_count: number | string;
        read_count: number | string;
        first_position: number | string;
      }[]
    >(
      `select e.reading_list_id, count(*) as book_count, count(rp.book_id) as read_count, min(e.position) as first_position
         from reading_list_books e join books b on b.id = e.book_id
         left join reading_progress rp on rp.user_id = ? and rp.book_id = e.book_id and rp.status = 'read'
        where e.reading_list_id in (${list})${books.sql}
        group by e.reading_list_id`,
      [userId, ...ids, ...books.params],
    );
    const countOf = new Map(counts.map((row) => [row.reading_list_id, row]));
    const firsts =
      counts.length === 0
        ? []
        : await this.em.execute<{ reading_list_id: string; book_id: string }[]>(
            `select e.reading_list_id, e.book_id from reading_list_books e join books b on b.id = e.book_id
              where (${counts.map(() => '(e.reading_list_id = ? and e.position = ?)').join(' or ')})${books.sql}`,
            [...counts.flatMap((row) => [row.reading_list_id, toNumber(row.first_position)]), ...books.params],
          );
    const firstOf = new Map(firsts.map((row) => [row.reading_list_id, row.book_id]));
    const byId = new Map(
      rows.map((row): [string, ReadingListRow] => [
        row.id,
        {
          id: row.id,
          ownerId: row.owner_id,
          name: row.name,
          summary: row.summary,
          shared: Boolean(row.shared),
          imported: Boolean(row.imported),
          bookCount: toNumber(countOf.get(row.id)?.book_count ?? 0),
          readCount: toNumber(countOf.get(row.id)?.read_count ?? 0),
          firstBookId: firstOf.get(row.id) ?? null,
          createdAt: toDate(row.created_at),
          updatedAt: toDate(row.updated_at),
        },
      ]),
    );
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** The list if the viewer may see it, else null. */
  async visible(id: string): Promise<ReadingListRow | null> {
    const [row] = await this.rows([id]);
    return row ?? null;
  }

  /**
   * How many of its books the viewer may see, or null when the viewer may not see the list: what a page of its books
   * needs, without the counts and first book of `rows`. Every entry's book exists (on delete cascade), so a viewer
   * of every library counts the entries alone.
   */
  async visibleBookCount(id: string): Promise<number | null> {
    const visible = visibleReadingListSql('rl');
    const books = this.visibleBooks();
    const entries =
      books.sql === ''
        ? 'select count(*) from reading_list_books e where e.reading_list_id = rl.id'
        : `select count(*) from reading_list_books e join books b on b.id = e.book_id
            where e.reading_list_id = rl.id${books.sql}`;
    const [row] = await this.em.execute<{ n: number | string }[]>(
      `select (${entries}) as n from reading_lists rl where rl.id = ? and ${visible.sql}`,
      [...books.params, id, ...visible.params],
    );
    return row ? toNumber(row.n) : null;
  }

  /** A page of its books the viewer may see, in order (ids only). */
  async bookIds(id: string, offset: number, limit: number): Promise<string[]> {
    const books = this.visibleBooks();
    const join = books.sql === '' ? '' : ' join books b on b.id = e.book_id';
    const rows = await this.em.execute<{ book_id: string }[]>(
      `select e.book_id from reading_list_books e${join}
        where e.reading_list_id = ?${books.sql} order by e.position limit ? offset ?`,
      [id, ...books.params, limit, offset],
    );
    return rows.map((row) => row.book_id);
  }

  /** Its books the viewer may see, in order, with whether the viewer has read each. */
  async entries(id: string, offset = 0, limit?: number): Promise<{ bookId: string; read: boolean }[]> {
    const books = this.visibleBooks();
    const page = limit === undefined ? '' : ' limit ? offset ?';
    const rows = await this.em.execute<{ id: string; read: number | string | boolean }[]>(
      `select b.id, case when rp.status = 'read' then 1 else 0 end as read
         from reading_list_books e join books b on b.id = e.book_id
         left join reading_progress rp on rp.book_id = b.id and rp.user_id = ?
        where e.reading_list_id = ?${books.sql} order by e.position${page}`,
      [currentViewer().userId, id, ...books.params, ...(limit === undefined ? [] : [limit, offset])],
    );
    return rows.map((row) => ({ bookId: row.id, read: toNumber(row.read as number | string) === 1 }));
  }

  /** Which of these books exist and the viewer may see. */
  async existingBooks(ids: readonly string[]): Promise<Set<string>> {
    const visible = visibleBookSql('b');
    const found = new Set<string>();
    for (const batch of chunks([...new Set(ids)])) {
      const rows = await this.em.execute<{ id: string }[]>(
        `select b.id from books b where b.id in (${placeholders(batch.length)})${visible ? ` and ${visible.sql}` : ''}`,
        [...batch, ...(visible?.params ?? [])],
      );
      for (const row of rows) found.add(row.id);
    }
    return found;
  }

  /**
   * The books a `.cbl` may name: those the viewer may see of the series whose name has one of these keys
   * (domain/cbl-matching `cblSeriesKey`, stored as `series.match_key`), found through that column's index, a few
   * hundred keys per query. Each key's books come in volume order.
   */
  async cblCandidates(seriesKeys: ReadonlySet<string>): Promise<CblCandidate[]> {
    const visible = visibleBookSql('b');
    const candidates: CblCandidate[] = [];
    for (const keys of chunks([...seriesKeys])) {
      const books = await this.em.execute<
        {
          id: string;
          series_name: string;
          start_year: number | string | null;
          volume: number | string | null;
          chapter: number | string | null;
          publish_date: string | null;
        }[]
      >(
        `select b.id, s.name as series_name, s.start_year, b.volume, b.chapter, b.publish_date
           from series s join books b on b.series_id = s.id
          where s.match_key in (${placeholders(keys.length)})${visible ? ` and ${visible.sql}` : ''}
          order by b.volume_sort, b.chapter_sort, b.id`,
        [...keys, ...(visible?.params ?? [])],
      );
      for (const book of books)
        candidates.push({
          bookId: book.id,
          seriesName: book.series_name,
          seriesStartYear: toNullableNumber(book.start_year),
          volume: toNullableNumber(book.volume),
          chapter: toNullableNumber(book.chapter),
          year: book.publish_date ? Number(book.publish_date.slice(0, 4)) : null,
        });
    }
    return candidates;
  }

  /** Creates the list with its books; `alongside` writes what goes with it in the same transaction (a report). */
  async create(
    ownerId: string,
    fields: { name: string; summary: string | null },
    bookIds: readonly string[],
    alongside?: (em: EntityManager, listId: string) => Promise<void>,
  ) {
    return this.em.transactional(async (em) => {
      const list = em.create(ReadingList, {
        owner: ownerId,
        name: fields.name,
        sortName: fold(fields.name).slice(0, 200),
        summary: fields.summary,
        shared: false,
      });
      em.persist(list);
      await em.flush();
      await this.insertEntries(em, list.id, bookIds, 0);
      await alongside?.(em, list.id);
      return list.id;
    });
  }

  /**
   * Changes the fields given and, with `bookIds`, replaces the books the viewer may see by those, in that order;
   * books of libraries the viewer may no longer see stay, after them (the list is not the viewer's view of it).
   */
  async update(id: string, fields: ReadingListFields & { shared?: boolean }, bookIds?: readonly string[]) {
    await this.em.transactional(async (em) => {
      const list = await em.findOneOrFail(ReadingList, { id });
      em.assign(list, {
        ...fields,
        ...(fields.name === undefined ? {} : { sortName: fold(fields.name).slice(0, 200) }),
        updatedAt: new Date(),
      });
      await em.flush();
      if (bookIds === undefined) return;
      const hidden = await this.hiddenEntries(em, id);
      await em.nativeDelete(ReadingListBook, { readingList: id });
      const kept = hidden.filter((bookId) => !bookIds.includes(bookId));
      await this.insertEntries(em, id, [...bookIds, ...kept], 0);
    });
  }

  async delete(id: string): Promise<void> {
    await this.em.nativeDelete(ReadingList, { id });
  }

  /** The list's books of libraries the viewer may not see, in order. */
  private async hiddenEntries(em: EntityManager, id: string): Promise<string[]> {
    const visible = visibleBookSql('b');
    if (!visible) return [];
    const rows = await em.execute<{ id: string }[]>(
      `select b.id from reading_list_books e join books b on b.id = e.book_id
        where e.reading_list_id = ? and not (${visible.sql}) order by e.position`,
      [id, ...visible.params],
    );
    return rows.map((row) => row.id);
  }

  private async insertEntries(em: EntityManager, id: string, bookIds: readonly string[], from: number) {
    await insertListBooks(em, this.dialect, id, bookIds, from);
  }
}

/**
 * Writes a list's entries `position` from, `from` on: a few multi-row inserts (statements prepared once per shape on
 * SQLite, bound-statements.ts) rather than an entity per row, which cost more than the database's own work for a
 * `.cbl` of 5,000 entries. Inside the caller's transaction.
 */
export async function insertListBooks(
  em: EntityManager,
  dialect: SqlDialect,
  listId: string,
  bookIds: readonly string[],
  from: number,
): Promise<void> {
  for (const [index, batch] of chunks(bookIds, ROWS_PER_INSERT).entries()) {
    const offset = from + index * ROWS_PER_INSERT;
    const { sql, params } = insertValues(
      'reading_list_books',
      ['reading_list_id', 'book_id', 'position'],
      batch.map((bookId, i) => [listId, bookId, offset + i]),
    );
    await executeBatch(em, dialect, sql, params, 'run');
  }
}

import type { EntityManager } from '@mikro-orm/sql';
import { LOCKABLE_BOOK_FIELDS, type LockableBookField, type VolumeKind } from '../entities/book.entity.js';
import { yearAsDate } from '../domain/book-numbers.js';
import type { Author } from '../domain/people.js';
import { chapterSort, volumeSort } from '../domain/search-text.js';
import { earlierTitles, parseFileName } from '../indexer/filename-parser.js';
import { derivedColumns } from '../repositories/book.repository.js';
import { refreshSeriesCounts } from '../repositories/series.repository.js';
import {
  toJsonList,
  toNullableNumber,
  toStringList,
  updateFromValues,
  type SqlDialect,
} from '../repositories/sql-values.js';

const PAGE = 500;

interface StoredBook {
  id: string;
  path: string;
  volume: number | string | null;
  volume_end: number | string | null;
  chapter: number | string | null;
  chapter_end: number | string | null;
  volume_kind: VolumeKind;
  publish_date: string | null;
  locked_fields: string[] | string;
  title: string;
  authors: (string | Author)[] | string;
  series_name: string | null;
}

const COLUMNS = [
  { name: 'volume', type: 'double precision' },
  { name: 'volume_end', type: 'double precision' },
  { name: 'chapter', type: 'double precision' },
  { name: 'chapter_end', type: 'double precision' },
  { name: 'volume_kind', type: 'text' },
  { name: 'publish_date', type: 'text' },
  { name: 'volume_sort', type: 'double precision' },
  { name: 'chapter_sort', type: 'double precision' },
] as const;
/** With `titles`, the title and the columns made from it follow the numbers. */
const TITLE_COLUMNS = [
  ...COLUMNS,
  { name: 'title', type: 'text' },
  { name: 'search_text', type: 'text' },
  { name: 'sort_title', type: 'text' },
] as const;

export interface ReparseOptions {
  /**
   * Also give a book the title today's parser reads in its name, when its title is not locked and is one an earlier
   * parser gave the name (`earlierTitles`): a title from embedded metadata is none of them and stays.
   */
  titles?: boolean;
  /** Passed to the series' count refresh (see CountOptions): false before the series cover choice's columns exist. */
  chosenCovers?: boolean;
}

/**
 * Reads every stored file name again with today's parser (no file is opened) and stores the numbers it gives
 * wherever the field is not locked: volume, volume end, chapter, chapter end, kind, and the name's year as the
 * publication date of a book that has none. The sort columns follow, then the series aggregates. The arguments are
 * those of a scan (services/scan.service.ts analyse): the file name and the name of the folder holding it.
 * A name that gives no number at all keeps the stored numbers, which came from the file's ComicInfo.
 * With `titles` (migration reparse_book_names_and_titles) the title follows too, with its search and sort columns.
 */
export async function reparseBookNames(
  em: EntityManager,
  dialect: SqlDialect,
  options: ReparseOptions = {},
): Promise<number> {
  const titles = options.titles === true;
  let after: string | null = null;
  let changed = 0;
  for (;;) {
    // Keyset pages along the primary key (ids are UUIDs on PostgreSQL: no '' to start from).
    const rows: StoredBook[] = await em.execute<StoredBook[]>(
      `select b.id, f.path, b.volume, b.volume_end, b.chapter, b.chapter_end, b.volume_kind, b.publish_date,
              b.locked_fields, b.title, b.authors, s.name as series_name
         from books b join book_files f on f.book_id = b.id left join series s on s.id = b.series_id
        ${after === null ? '' : 'where b.id > ?'} order by b.id limit ?`,
      after === null ? [PAGE] : [after, PAGE],
    );
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const updates: unknown[][] = [];
    for (const row of rows) {
      const update = reparsed(row, titles);
      if (update === null) continue;
      updates.push([row.id, ...update]);
    }
    if (updates.length > 0) {
      const { sql, params } = updateFromValues(dialect, 'books', titles ? TITLE_COLUMNS : COLUMNS, updates);
      await em.execute(sql, params, 'run');
      changed += updates.length;
    }
    if (rows.length < PAGE) break;
  }
  // Every series, not only those of changed books: the loose-chapter aggregates are new and start empty.
  const series = await em.execute<{ id: string }[]>('select id from series');
  await refreshSeriesCounts(
    em,
    dialect,
    series.map((row) => row.id),
    { chosenCovers: options.chosenCovers ?? true },
  );
  return changed;
}

/** The new column values of a book (in COLUMNS or TITLE_COLUMNS order), or null when nothing changes. */
function reparsed(row: StoredBook, titles: boolean): unknown[] | null {
  const locked = new Set(toStringList(row.locked_fields).filter(isLockable));
  const slash = row.path.lastIndexOf('/');
  const folder = slash < 0 ? null : row.path.slice(0, slash);
  const seriesFolderName = folder === null ? null : folder.slice(folder.lastIndexOf('/') + 1);
  const fileName = row.path.slice(slash + 1);
  const parsed = parseFileName(fileName, seriesFolderName);
  const title =
    titles &&
    !locked.has('title') &&
    row.title !== parsed.title &&
    earlierTitles(fileName, seriesFolderName).includes(row.title)
      ? parsed.title
      : null;
  const before = {
    volume: toNullableNumber(row.volume),
    volumeEnd: toNullableNumber(row.volume_end),
    chapter: toNullableNumber(row.chapter),
    chapterEnd: toNullableNumber(row.chapter_end),
    kind: row.volume_kind,
    publishDate: row.publish_date,
  };
  // A name without any number leaves the stored ones: they came from the file's ComicInfo, which only a scan reads.
  const nameIsSilent = parsed.volume === null && parsed.chapter === null;
  const keep = <T>(lock: LockableBookField, stored: T, fresh: T): T =>
    locked.has(lock) || (nameIsSilent && lock !== 'kind') ? stored : fresh;
  const after = {
    volume: keep('volume', before.volume, parsed.volume),
    volumeEnd: keep('volume_end', before.volumeEnd, parsed.volumeEnd),
    chapter: keep('chapter', before.chapter, parsed.chapter),
    chapterEnd: keep('chapter_end', before.chapterEnd, parsed.chapterEnd),
    kind: keep('kind', before.kind, parsed.kind),
    // Only fills a gap: a stored date came from the file's own metadata or an edit, both better than a name.
    publishDate:
      before.publishDate === null && !locked.has('publish_date') ? yearAsDate(parsed.year) : before.publishDate,
  };
  const same = (Object.keys(before) as (keyof typeof before)[]).every((key) => before[key] === after[key]);
  // The sort columns are recomputed even for an unchanged book: chapter_sort is new and starts at its default.
  if (same && after.chapter === null && title === null) return null;
  const numbers = [
    after.volume,
    after.volumeEnd,
    after.chapter,
    after.chapterEnd,
    after.kind,
    after.publishDate,
    volumeSort(after.volume, after.kind),
    chapterSort(after.chapter),
  ];
  if (!titles) return numbers;
  const shown = title ?? row.title;
  // Authors are names before the book-metadata migration and `{name, role}` after it: search text needs the names.
  const authors = toJsonList<string | Author>(row.authors).map((author) =>
    typeof author === 'string' ? { name: author, role: 'author' as const } : author,
  );
  const derived = derivedColumns(row.series_name, shown, authors, null, 'regular', null);
  return [...numbers, shown, derived.searchText, derived.sortTitle];
}

function isLockable(field: string): field is LockableBookField {
  return (LOCKABLE_BOOK_FIELDS as readonly string[]).includes(field);
}

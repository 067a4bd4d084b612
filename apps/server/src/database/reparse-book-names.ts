import type { EntityManager } from '@mikro-orm/sql';
import { LOCKABLE_BOOK_FIELDS, type LockableBookField, type VolumeKind } from '../entities/book.entity.js';
import { yearAsDate } from '../domain/book-numbers.js';
import { chapterSort, volumeSort } from '../domain/search-text.js';
import { parseFileName } from '../indexer/filename-parser.js';
import { refreshSeriesCounts } from '../repositories/series.repository.js';
import { toNullableNumber, toStringList, updateFromValues, type SqlDialect } from '../repositories/sql-values.js';

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

/**
 * Reads every stored file name again with today's parser (no file is opened) and stores the numbers it gives
 * wherever the field is not locked: volume, volume end, chapter, chapter end, kind, and the name's year as the
 * publication date of a book that has none. The sort columns follow, then the series aggregates. The arguments are
 * those of a scan (services/scan.service.ts analyse): the file name and the name of the folder holding it.
 * A name that gives no number at all keeps the stored numbers, which came from the file's ComicInfo.
 */
export async function reparseBookNames(em: EntityManager, dialect: SqlDialect): Promise<number> {
  let after: string | null = null;
  let changed = 0;
  for (;;) {
    // Keyset pages along the primary key (ids are UUIDs on PostgreSQL: no '' to start from).
    const rows: StoredBook[] = await em.execute<StoredBook[]>(
      `select b.id, f.path, b.volume, b.volume_end, b.chapter, b.chapter_end, b.volume_kind, b.publish_date,
              b.locked_fields
         from books b join book_files f on f.book_id = b.id
        ${after === null ? '' : 'where b.id > ?'} order by b.id limit ?`,
      after === null ? [PAGE] : [after, PAGE],
    );
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const updates: unknown[][] = [];
    for (const row of rows) {
      const update = reparsed(row);
      if (update === null) continue;
      updates.push([row.id, ...update]);
    }
    if (updates.length > 0) {
      const { sql, params } = updateFromValues(dialect, 'books', COLUMNS, updates);
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
  );
  return changed;
}

/** The new column values of a book (in COLUMNS order), or null when nothing changes. */
function reparsed(row: StoredBook): unknown[] | null {
  const locked = new Set(toStringList(row.locked_fields).filter(isLockable));
  const slash = row.path.lastIndexOf('/');
  const folder = slash < 0 ? null : row.path.slice(0, slash);
  const seriesFolderName = folder === null ? null : folder.slice(folder.lastIndexOf('/') + 1);
  const parsed = parseFileName(row.path.slice(slash + 1), seriesFolderName);
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
  if (same && after.chapter === null) return null;
  return [
    after.volume,
    after.volumeEnd,
    after.chapter,
    after.chapterEnd,
    after.kind,
    after.publishDate,
    volumeSort(after.volume, after.kind),
    chapterSort(after.chapter),
  ];
}

function isLockable(field: string): field is LockableBookField {
  return (LOCKABLE_BOOK_FIELDS as readonly string[]).includes(field);
}

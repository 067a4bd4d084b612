/**
 * npm run bench:reparse [-- --books 100000] [--database-url postgres://…]
 *
 * The upgrade that re-reads every stored file name (migrations chapters + reparse_book_names): a database built by
 * the previous version's migrations is filled with `--books` books (a third loose chapters, a third volumes holding
 * chapter ranges, a third plain volumes, 10% of them with locked numbers), then the pending migrations run as a
 * server start runs them. Prints the time and the books per second. SQLite in a temporary file unless a PostgreSQL
 * URL is given (its database is created and dropped).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { MikroORM, type Options } from '@mikro-orm/sql';

// The built server (its migrations import modules by their .js names), as much of it as this needs.
const DIST = '../../apps/server/dist';
interface ServerConfig {
  loadConfig: (env: Record<string, string>) => { database: unknown };
}
interface ServerOrm {
  ormOptions: (database: unknown) => Promise<Options>;
}
const { loadConfig } = (await import(`${DIST}/config.js`)) as ServerConfig;
const { ormOptions } = (await import(`${DIST}/database/orm.js`)) as ServerOrm;

const PREVIOUS_VERSION = 'Migration20261125100000_job_completed_with_errors';
const { values } = parseArgs({
  options: { books: { type: 'string', default: '20000' }, 'database-url': { type: 'string' } },
});
const books = Number(values.books);
const BATCH = 500;

async function database(): Promise<{ url: string; drop: () => Promise<void> }> {
  const given = values['database-url'];
  if (given === undefined) {
    const dir = await mkdtemp(path.join(tmpdir(), 'shelfmark-reparse-'));
    return { url: `sqlite:${path.join(dir, 'bench.db')}`, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const name = `shelfmark_reparse_${process.pid}`;
  const admin = new pg.Client({ connectionString: given });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(given);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A file name, the folder it is in, and what the previous version stored for it. */
function bookOf(n: number): { path: string; volume: number | null; kind: string; locked: string[] } {
  const series = `Series ${String(n % 500).padStart(3, '0')}`;
  const locked = n % 10 === 0 ? ['volume', 'chapter'] : [];
  switch (n % 3) {
    case 0:
      return { path: `${series}/${series} c${String(n).padStart(4, '0')}.cbz`, volume: null, kind: 'chapter', locked };
    case 1:
      return {
        path: `${series}/${series} v${(n % 90) + 1} c${n}-${n + 7}.cbz`,
        volume: (n % 90) + 1,
        kind: 'regular',
        locked,
      };
    default:
      return {
        path: `${series}/${series} T${(n % 90) + 1} - Part ${n}.cbz`,
        volume: (n % 90) + 1,
        kind: 'regular',
        locked,
      };
  }
}

const target = await database();
const orm = await MikroORM.init(await ormOptions(loadConfig({ DATABASE_URL: target.url }).database));
try {
  await orm.migrator.up({ to: PREVIOUS_VERSION });
  const connection = orm.em.fork().getConnection();
  const now = new Date().toISOString();
  const library = randomUUID();
  await connection.execute(
    `insert into libraries (id, name, root_path, created_at, updated_at) values (?, 'Bench', 'bench', ?, ?)`,
    [library, now, now],
    'run',
  );
  const seriesIds = new Map<string, string>();
  for (let s = 0; s < 500; s++) {
    const name = `Series ${String(s).padStart(3, '0')}`;
    const id = randomUUID();
    seriesIds.set(name, id);
    await connection.execute(
      `insert into series (id, library_id, name, folder_path, authors, publishers, genres, locked_fields, sort_name,
                           created_at, updated_at) values (?, ?, ?, ?, '[]', '[]', '[]', '[]', ?, ?, ?)`,
      [id, library, name, name, name.toLowerCase(), now, now],
      'run',
    );
  }
  for (let start = 0; start < books; start += BATCH) {
    const bookRows: unknown[] = [];
    const fileRows: unknown[] = [];
    const count = Math.min(BATCH, books - start);
    for (let n = start; n < start + count; n++) {
      const book = bookOf(n);
      const id = randomUUID();
      const series = seriesIds.get(book.path.slice(0, book.path.indexOf('/')))!;
      bookRows.push(
        id,
        library,
        series,
        book.path,
        book.volume,
        book.kind,
        JSON.stringify(book.locked),
        book.volume ?? 1e9,
        now,
        now,
      );
      fileRows.push(randomUUID(), id, library, book.path, now, now);
    }
    await connection.execute(
      `insert into books (id, library_id, series_id, title, volume, volume_kind, format, authors, locked_fields,
                          sort_series, volume_sort, sort_title, created_at, updated_at)
         values ${Array.from({ length: count }, () => `(?, ?, ?, ?, ?, ?, 'cbz', '[]', ?, 'x', ?, 't', ?, ?)`).join(', ')}`,
      bookRows,
      'run',
    );
    await connection.execute(
      `insert into book_files (id, book_id, library_id, path, format, size_bytes, mtime_ms, created_at, updated_at)
         values ${Array.from({ length: count }, () => `(?, ?, ?, ?, 'cbz', 10, 1, ?, ?)`).join(', ')}`,
      fileRows,
      'run',
    );
  }
  const started = performance.now();
  await orm.migrator.up();
  const elapsed = performance.now() - started;
  const kind = target.url.startsWith('sqlite') ? 'sqlite' : 'postgresql';
  console.log(
    `reparse migration, ${kind}: ${books} books in ${Math.round(elapsed)} ms (${Math.round((books / elapsed) * 1000)} books/s)`,
  );
} finally {
  await orm.close(true);
  await target.drop();
}

/**
 * npm run bench:api [-- --books 100000 --series 10000 --duration 8 --database-url postgres://…/db] [--as reader]
 *
 * Loads 100k books in 10k series (load.ts: the server's own storage code, no files), starts the real server on
 * that database, and measures with autocannon at 32 connections: req/s, p50 and p99 of GET /health (the framework
 * floor) and of the series and books lists (first page, filtered, deep page, the metadata filters and facets) and
 * a book's details, then of the shelves (shelves.ts: `--collections 500 --reading-lists 1000 --list-books 500`): the
 * collections and reading lists pages (first and last), a collection's series, a list's books (first and last page).
 * Runs on SQLite
 * and on PostgreSQL in one go (PostgreSQL: a fresh `shelfmark_bench` database on 127.0.0.1:5432 unless
 * --database-url names another). Targets from the issue are printed next to each figure; nothing is asserted.
 * `--as reader` asks as a user of role reader granted every loaded library (their queries carry the library-access
 * condition, and their list cache entries are their own) instead of the bootstrap admin. `--only reading,collection`
 * measures only those whose name holds one of the words (and the /health floor). `--databases sqlite` (or
 * `postgresql`) runs on that one only.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  figureLine,
  figuresTable,
  freshPostgres,
  measure,
  slowdown,
  type Figure,
  type Measure,
} from '../lib/measure.ts';
import { api, startServer } from '../lib/server.ts';
import { loadLibrary, type DatabaseConfig } from './load.ts';
import { loadShelves } from './shelves.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '100000' },
    series: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '32' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/shelfmark_bench' },
    only: { type: 'string' },
    collections: { type: 'string', default: '500' },
    'reading-lists': { type: 'string', default: '1000' },
    'list-books': { type: 'string', default: '500' },
    as: { type: 'string', default: 'admin' },
    databases: { type: 'string', default: 'sqlite,postgresql' },
  },
});
const books = Number(values.books);
const seriesCount = Number(values.series);
const duration = Number(values.duration);
const connections = Number(values.connections);
/** `--only a,b`: the measures whose name holds one of these (the /health floor is always measured, for the shares). */
const only = values.only?.split(',').map((part) => part.trim());
/** `--databases sqlite`: one of the two only (both by default). */
const databases = values.databases.split(',').map((part) => part.trim());
const unknownDatabase = databases.find((name) => name !== 'sqlite' && name !== 'postgresql');
if (unknownDatabase) throw new Error(`--databases: ${unknownDatabase} is neither sqlite nor postgresql`);

/** The last page of `count` items at the lists' default 50 per page. */
const lastPage = (count: number) => Math.max(1, Math.ceil(count / 50));

async function runOn(label: string, database: DatabaseConfig, env: Record<string, string>): Promise<Figure[]> {
  const librariesRoot = path.join(here, '../.data/api-libraries');
  mkdirSync(librariesRoot, { recursive: true });
  console.log(`\n[${label}] loading ${books} books in ${seriesCount} series…`);
  const started = performance.now();
  const loaded = await loadLibrary({ repo, database, librariesRoot, books, series: seriesCount });
  console.log(`[${label}] loaded in ${Math.round((performance.now() - started) / 1000)} s`);
  const server = await startServer({ ...env, LIBRARIES_ROOT: librariesRoot });
  try {
    const total = await api<{ total: number }>(server.url, '/series?limit=1');
    const lastSeriesPage = Math.max(1, Math.ceil(total.total / 50));
    const lastBooksPage = Math.max(1, Math.ceil(books / 50));
    const read = await api<{ total: number }>(server.url, '/books?sort=recently_read&limit=1');
    const lastReadPage = Math.max(1, Math.ceil(read.total / 50));
    const deck = await api<{ total: number }>(server.url, '/books/on-deck?limit=1');
    const lastDeckPage = Math.max(1, Math.ceil(deck.total / 50));
    const wanted = await api<{ total: number }>(server.url, '/wanted?limit=1');
    const lastWantedPage = Math.max(1, Math.ceil(wanted.total / 50));
    console.log(
      `[${label}] ${read.total} books read or in progress, ${deck.total} series on deck, ${wanted.total} wanted volumes`,
    );
    const [library] = loaded.libraryIds;
    const shelvesStarted = performance.now();
    const shelves = await loadShelves(server.url, loaded.bookIds, {
      collections: Number(values.collections),
      readingLists: Number(values['reading-lists']),
      maxBooks: Number(values['list-books']),
    });
    console.log(
      `[${label}] ${shelves.collectionIds.length} collections and ${shelves.readingListIds.length} shared reading lists ` +
        `made in ${Math.round((performance.now() - shelvesStarted) / 1000)} s`,
    );
    const headers = values.as === 'reader' ? await readerHeaders(server.url, loaded.libraryIds) : undefined;
    const targets: Measure[] = [
      { name: 'health (floor)', path: '/api/v1/health', list: false },
      { name: 'series: first page', path: '/api/v1/series', list: true },
      { name: 'series: q', path: '/api/v1/series?q=chroniques', list: true },
      { name: 'series: has_missing', path: '/api/v1/series?has_missing=true', list: true },
      { name: 'series: deep page', path: `/api/v1/series?page=${lastSeriesPage}`, list: true },
      // The reading-status filters: on the reader's own series state since progress is per reader.
      { name: 'series: status=read', path: '/api/v1/series?reading_status=read', list: true },
      { name: 'series: status=reading', path: '/api/v1/series?reading_status=reading', list: true },
      { name: 'series: status=unread', path: '/api/v1/series?reading_status=unread', list: true },
      {
        name: 'series: status=unread deep',
        path: `/api/v1/series?reading_status=unread&page=${Math.max(1, Math.floor(lastSeriesPage / 2))}`,
        list: true,
      },
      { name: 'series: name_desc', path: '/api/v1/series?sort=name_desc', list: true },
      { name: 'series: added_desc', path: '/api/v1/series?sort=added_desc', list: true },
      { name: 'series: updated_desc', path: '/api/v1/series?sort=updated_desc', list: true },
      { name: 'series: year_asc', path: '/api/v1/series?sort=year_asc', list: true },
      { name: 'series: year_desc', path: '/api/v1/series?sort=year_desc', list: true },
      {
        name: 'series: year_desc deep page',
        path: `/api/v1/series?sort=year_desc&page=${lastSeriesPage}`,
        list: true,
      },
      // The wanted list (issue 36): every missing volume across the libraries, paged and filtered.
      { name: 'wanted: first page', path: '/api/v1/wanted', list: true },
      { name: 'wanted: deep page', path: `/api/v1/wanted?page=${lastWantedPage}`, list: true },
      {
        name: 'wanted: library+series_status',
        path: `/api/v1/wanted?library_id=${library}&series_status=ended`,
        list: true,
      },
      { name: 'wanted: status=missing', path: '/api/v1/wanted?status=missing', list: true },
      { name: 'books: first page', path: '/api/v1/books', list: true },
      { name: 'books: q', path: '/api/v1/books?q=author12', list: true },
      {
        name: 'books: library+status',
        path: `/api/v1/books?library_id=${library}&reading_status=read`,
        list: true,
      },
      { name: 'books: status=reading', path: '/api/v1/books?reading_status=reading', list: true },
      { name: 'books: status=unread', path: '/api/v1/books?reading_status=unread', list: true },
      { name: 'books: deep page', path: `/api/v1/books?page=${lastBooksPage}`, list: true },
      { name: 'books: recently_read', path: '/api/v1/books?sort=recently_read', list: true },
      {
        name: 'books: recently_read+read',
        path: '/api/v1/books?sort=recently_read&reading_status=read',
        list: true,
      },
      {
        name: 'books: recently_read deep',
        path: `/api/v1/books?sort=recently_read&page=${lastReadPage}`,
        list: true,
      },
      { name: 'books: on-deck', path: '/api/v1/books/on-deck', list: true },
      { name: 'books: on-deck deep page', path: `/api/v1/books/on-deck?page=${lastDeckPage}`, list: true },
      { name: 'books: on-deck library', path: `/api/v1/books/on-deck?library_id=${library}`, list: true },
      // Collections and reading lists (issue 32): the lists, one collection's series, one list's books in order.
      { name: 'collections: first page', path: '/api/v1/collections', list: true },
      {
        name: 'collections: deep page',
        path: `/api/v1/collections?page=${lastPage(shelves.collectionIds.length)}`,
        list: true,
      },
      {
        name: 'collection series',
        path: (i: number) => `/api/v1/collections/${shelves.collectionIds[i % shelves.collectionIds.length]}/series`,
        list: true,
      },
      { name: 'reading lists: first page', path: '/api/v1/reading-lists', list: true },
      {
        name: 'reading lists: deep page',
        path: `/api/v1/reading-lists?page=${lastPage(shelves.readingListIds.length)}`,
        list: true,
      },
      {
        name: 'reading list books',
        path: (i: number) => `/api/v1/reading-lists/${shelves.readingListIds[i % shelves.readingListIds.length]}/books`,
        list: true,
      },
      {
        name: 'reading list books: deep',
        path: `/api/v1/reading-lists/${shelves.longestListId}/books?page=${lastPage(Number(values['list-books']))}`,
        list: true,
      },
      { name: 'reading list (ids)', path: `/api/v1/reading-lists/${shelves.longestListId}`, list: false },
      // The metadata filters and their facets (issue: repeatable filters and facets), as the admin's filter screen
      // asks for them: lists with one or several values and parameters, and the counts beside them.
      ...filterTargets('series'),
      ...filterTargets('books'),
      {
        name: 'book details',
        path: (i: number) => `/api/v1/books/${loaded.bookIds[i % loaded.bookIds.length]}`,
        list: false,
      },
    ].filter(
      // The /health floor always runs: every figure is read against it. `--only a,b` keeps the names holding a or b.
      (target) => target.name === 'health (floor)' || !only || only.some((part) => target.name.includes(part)),
    );
    // The first few seconds of a fresh process are JIT warm-up; no figure should pay for them.
    await autocannon({ url: `${server.url}/api/v1/health`, connections, duration: Math.min(3, duration) });
    const figures: Figure[] = [];
    for (const target of targets) {
      const cpuBefore = server.mainThreadCpuMs();
      const figure = { database: label, ...(await measure(server.url, target, { connections, duration, headers })) };
      const cpuMs = (server.mainThreadCpuMs() - cpuBefore) / Math.max(1, figure.requests ?? 0);
      figures.push(figure);
      cpuPerRequest.set(`${label}\n${figure.name}`, cpuMs);
      console.log(`${figureLine(figure, 24)}  CPU ${cpuMs.toFixed(2)} ms/req`);
    }
    return figures;
  } finally {
    await server.stop();
  }
}

/** The filters and facets of one list: each filter alone, repeated values, several parameters, the facets. */
function filterTargets(kind: 'series' | 'books'): Measure[] {
  const list = (name: string, query: string): Measure => ({
    name: `${kind}: ${name}`,
    path: `/api/v1/${kind}?${query}`,
    list: true,
  });
  const facets = (name: string, query: string): Measure => ({
    name: `${kind} facets: ${name}`,
    path: `/api/v1/${kind}/facets${query ? `?${query}` : ''}`,
    list: true,
  });
  return [
    list('genre', 'genre=Humour'),
    list('genre×2', 'genre=Humour&genre=Policier'),
    list('publisher', 'publisher=Dargaud'),
    list('tag', 'tag=tag7'),
    list('author', 'author=Jean+Author5'),
    list('author+role', 'author=Jean+Author5&author=Ana+Author3&author_role=writer'),
    list('age_max', 'age_max=13&unrated=exclude'),
    list('language', 'language=ja'),
    list('year range', 'year_from=1980&year_to=1990'),
    list('comic_format', 'comic_format=Webtoon'),
    list('story_arc', 'story_arc=Arc+12'),
    list('combined', 'genre=Humour&genre=Policier&language=fr&age_max=13&year_from=1970'),
    facets('all', ''),
    facets('under genre', 'genre=Humour'),
    facets('combined', 'genre=Humour&language=fr&age_max=13&tag=tag7'),
    // Each request a different filter: what the list cache cannot answer (a screen being clicked through).
    {
      name: `${kind} facets: uncached`,
      path: (i: number) => `/api/v1/${kind}/facets?tag=tag${i % 300}&year_from=${1950 + (i % 70)}`,
      list: true,
    },
  ];
}

/** The Authorization header of a new reader granted these libraries (a read token of their own). */
async function readerHeaders(url: string, libraryIds: string[]): Promise<Record<string, string>> {
  const credentials = { username: `bench-reader-${Date.now()}`, password: 'bench reader password' };
  await api(url, '/users', { method: 'POST', body: { ...credentials, role: 'reader', library_ids: libraryIds } });
  const login = await fetch(`${url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
  const token = await fetch(`${url}/api/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bench', scope: 'read' }),
  });
  if (token.status !== 201) throw new Error(`reader token: ${token.status} ${await token.text()}`);
  return { authorization: `Bearer ${((await token.json()) as { token: string }).token}` };
}

/**
 * The server's main-thread CPU time per request of each measure (SQLite's queries included, PostgreSQL's not): on a
 * machine shared with other work, req/s follow the load, this much less, and /health's over a measure's says what
 * share of /health's req/s it can reach when the event loop is the limit.
 */
const cpuPerRequest = new Map<string, number>();

/** The measures issue 32's target is about: the lists of collections and reading lists, and their contents. */
const SHELF_MEASURE = /^(collection|reading list)/;

function table(figures: Figure[]): string {
  const lines = figuresTable(figures, 'query');
  for (const database of new Set(figures.map((f) => f.database))) {
    const ratio = (deep: string, first: string) => slowdown(figures, database, first, deep)?.toFixed(2) ?? 'n/a';
    lines.push(
      `\n${database}: deep page slowdown (first req/s ÷ deep req/s): series ${ratio('series: deep page', 'series: first page')}×, books ${ratio('books: deep page', 'books: first page')}×`,
    );
  }
  lines.push('\nTargets: every list p99 ≤ 25 ms and ≥ 30% of /health req/s; a deep page no slower than 2× the first.');
  lines.push("Issue 32: collections and reading lists pages and a list's books ≥ 50% of /health req/s, p99 ≤ 50 ms.");
  lines.push('Filters and facets (issue 35): every filter and facet ≥ 50% of /health req/s, p99 ≤ 50 ms.');
  lines.push('Wanted list (issue 36): every GET /wanted measure ≥ 50% of /health req/s, p99 ≤ 50 ms.');
  for (const database of new Set(figures.map((f) => f.database))) {
    const floor = figures.find((f) => f.database === database && f.name === 'health (floor)');
    const wanted = figures.filter((f) => f.database === database && f.name.startsWith('wanted'));
    if (!floor || wanted.length === 0) continue;
    const missed = wanted.filter((f) => f.reqPerSec < floor.reqPerSec / 2 || f.p99 > 50).map((f) => f.name);
    lines.push(
      `${database}: ${missed.length === 0 ? 'every wanted measure meets it' : `missed by ${missed.join(', ')}`}`,
    );
  }
  for (const database of new Set(figures.map((f) => f.database))) {
    const floor = figures.find((f) => f.database === database && f.name === 'health (floor)');
    const shelves = figures.filter((f) => f.database === database && SHELF_MEASURE.test(f.name));
    if (!floor || shelves.length === 0) continue;
    const missed = shelves.filter((f) => f.reqPerSec < floor.reqPerSec / 2 || f.p99 > 50).map((f) => f.name);
    lines.push(
      `${database}: ${missed.length === 0 ? 'every shelf measure meets it' : `missed by ${missed.join(', ')}`}`,
    );
    const cpu = (name: string) => cpuPerRequest.get(`${database}\n${name}`);
    const floorCpu = cpu(floor.name);
    if (floorCpu === undefined) continue;
    const shares = shelves.map((f) => `${f.name} ${Math.round((floorCpu / (cpu(f.name) ?? Infinity)) * 100)}%`);
    lines.push(`${database}: /health's main-thread CPU per request ÷ the measure's: ${shares.join(', ')}`);
  }
  return lines.join('\n');
}

const figures: Figure[] = [];
const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-api-bench-'));
try {
  if (databases.includes('sqlite')) {
    figures.push(
      ...(await runOn('sqlite', { kind: 'sqlite', path: path.join(dataDir, 'shelfmark.db') }, { DATA_DIR: dataDir })),
    );
  }
  if (databases.includes('postgresql')) {
    const pgUrl = values['database-url'];
    await freshPostgres(pgUrl);
    figures.push(
      ...(await runOn('postgresql', { kind: 'postgresql', url: pgUrl }, { DATA_DIR: dataDir, DATABASE_URL: pgUrl })),
    );
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
const report = table(figures);
console.log(`\n${report}`);
const resultsDir = path.join(here, '../results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `api-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
writeFileSync(
  file,
  `# bench:api — ${books} books, ${seriesCount} series, ${connections} connections, ${duration} s each, as ${values.as}\n\n${report}\n`,
);
console.log(`\nWritten to ${path.relative(repo, file)}`);

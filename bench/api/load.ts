/**
 * The fast loader of `npm run bench:api`: writes what the indexer would write for 100k books, through the
 * server's own storage code (ScanRepository.saveBatch and SeriesRepository.refreshLibraryCounts, from
 * apps/server/dist), without generating or reading 100k files; the facet rows of the filters are written by the
 * database's own triggers as for a scan. Reading progress and series metadata are then set
 * the way the API would set them, so every filter has matches to find.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { seriesNames } from '../lib/names.ts';

const FORMATS = ['cbz', 'cbz', 'cbz', 'cbr', 'pdf', 'epub'] as const;
const AUTHORS = Array.from({ length: 400 }, (_, i) => `${['Jean', 'Marie', 'Akira', 'Ana', 'Tom'][i % 5]} Author${i}`);
const GENRES = ['Aventure', 'Humour', 'Science-fiction', 'Policier', 'Fantastique', 'Historique'];
const PUBLISHERS = ['Dupuis', 'Dargaud', 'Casterman', 'Glénat', 'Delcourt'];
const STATUSES = ['ongoing', 'ended', 'ended', 'hiatus', 'série en cours'];
// The metadata filters and facets (issue: repeatable filters): enough distinct values that a facet has a long tail.
const TAGS = Array.from({ length: 300 }, (_, i) => `tag${i}`);
const LANGUAGES = ['fr', 'fr', 'fr', 'en', 'en', 'ja', 'de', 'es'];
const COMIC_FORMATS = [null, null, 'Album', 'Trade Paperback', 'One-Shot', 'Webtoon'];
const AGE_RATINGS: [string | null, number | null][] = [
  [null, null],
  ['Everyone', 0],
  ['Everyone 10+', 10],
  ['Teen', 13],
  ['Mature 17+', 17],
  ['Adults Only 18+', 18],
];
const ARCS = Array.from({ length: 200 }, (_, i) => `Arc ${i}`);
/** The name of the `longSeries` option's series. */
export const LONG_SERIES = 'Long Run Chronicles';

export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgresql'; url: string };

interface Em {
  fork(): Em;
  execute<T>(sql: string, params?: unknown[], method?: string): Promise<T>;
  transactional<T>(work: (em: Em) => Promise<T>): Promise<T>;
}

/** The loader only writes; the repositories' list cache is never consulted. */
interface NoCache {
  remember<T>(key: string, compute: () => Promise<T>): Promise<T>;
}
const noCache: NoCache = { remember: (_key, compute) => compute() };

interface ServerModules {
  openDatabase(config: DatabaseConfig): Promise<{ em: Em; close(force?: boolean): Promise<void> }>;
  ScanRepository: new (
    em: Em,
    kind: DatabaseConfig['kind'],
  ) => {
    // What the server's IndexedBook holds (apps/server/src/repositories/scan.repository.ts): every field given,
    // as a scan gives them, so a new column's absence fails here rather than in SQL.
    saveBatch(libraryId: string, added: Record<string, unknown>[], changed: []): Promise<unknown>;
    refreshPlannerStatistics(): Promise<void>;
  };
  /** What a scan does after saving books: the series take their metadata (genres, tags, authors…) from them. */
  fillSeriesFromBooks(em: Em, dialect: DatabaseConfig['kind'], seriesIds: readonly string[]): Promise<void>;
  SeriesRepository: new (
    em: Em,
    cache: NoCache,
    dialect: DatabaseConfig['kind'],
  ) => { refreshLibraryCounts(libraryId: string): Promise<void> };
}

async function serverModules(repo: string): Promise<ServerModules> {
  // The server builds JavaScript without declarations; ServerModules states the little used here.
  const dist = (file: string) =>
    import(pathToFileURL(path.join(repo, 'apps/server/dist', file)).href) as Promise<Record<string, unknown>>;
  const [orm, scan, series, fill] = await Promise.all([
    dist('database/orm.js'),
    dist('repositories/scan.repository.js'),
    dist('repositories/series.repository.js'),
    dist('repositories/series-fill.js'),
  ]);
  return {
    openDatabase: orm.openDatabase,
    fillSeriesFromBooks: fill.fillSeriesFromBooks,
    ScanRepository: scan.ScanRepository,
    SeriesRepository: series.SeriesRepository,
  } as ServerModules;
}

/** Deterministic pseudo-random numbers, so every run loads the same data. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

export interface LoadedData {
  libraryIds: string[];
  bookIds: string[];
}

export async function loadLibrary(options: {
  repo: string;
  database: DatabaseConfig;
  librariesRoot: string;
  books: number;
  series: number;
  /** One more series in the first library holding this many volumes (a long run, for per-series feeds). */
  longSeries?: number;
}): Promise<LoadedData> {
  const modules = await serverModules(options.repo);
  const orm = await modules.openDatabase(options.database);
  const next = random(42);
  try {
    const em = orm.em.fork();
    const libraryIds: string[] = [];
    const names = seriesNames(options.series);
    const perSeries = Math.ceil(options.books / options.series);
    const scans = new modules.ScanRepository(em, options.database.kind);
    const libraries = [
      { name: 'Comics', share: 0.6 },
      { name: 'Manga', share: 0.4 },
    ];
    let seriesOffset = 0;
    for (const library of libraries) {
      const id = randomUUID();
      const folder = `api-bench-${library.name.toLowerCase()}`;
      mkdirSync(path.join(options.librariesRoot, folder), { recursive: true });
      await em.execute(
        `insert into libraries (id, name, root_path, metadata_provider, fallback_metadata_provider,
           metadata_refresh_mode, created_at, updated_at) values (?, ?, ?, 'none', 'none', 'manual', ?, ?)`,
        [id, library.name, folder, now(options.database), now(options.database)],
      );
      libraryIds.push(id);
      const seriesHere = names.slice(seriesOffset, seriesOffset + Math.round(options.series * library.share));
      seriesOffset += seriesHere.length;
      const volumesOf = new Map(seriesHere.map((name) => [name, perSeries]));
      if (options.longSeries && libraryIds.length === 1) volumesOf.set(LONG_SERIES, options.longSeries);
      let batch: Record<string, unknown>[] = [];
      for (const [series, volumes] of volumesOf) {
        // A series keeps one language, age rating and format across its volumes, as real ones mostly do.
        const language = LANGUAGES[Math.floor(next() * LANGUAGES.length)]!;
        const [ageRating, ageRatingAge] = AGE_RATINGS[Math.floor(next() * AGE_RATINGS.length)]!;
        const comicFormat = COMIC_FORMATS[Math.floor(next() * COMIC_FORMATS.length)]!;
        const firstYear = 1950 + Math.floor(next() * 75);
        for (let volume = 1; volume <= volumes; volume++) {
          const format = FORMATS[Math.floor(next() * FORMATS.length)]!;
          const tags = Array.from({ length: Math.floor(next() * 4) }, () => TAGS[Math.floor(next() * TAGS.length)]!);
          batch.push({
            path: `${series}/${series} - T${String(volume).padStart(2, '0')}.${format}`,
            sizeBytes: 5_000_000 + Math.floor(next() * 50_000_000),
            mtimeMs: 1_700_000_000_000 + volume,
            ctimeMs: 1_700_000_000_000 + volume,
            partialHash: null,
            format,
            seriesName: series,
            seriesFolder: series,
            title: `${series} - Tome ${volume}`,
            volume,
            volumeEnd: null,
            volumeKind: 'regular',
            chapter: null,
            chapterEnd: null,
            runYear: null,
            pageCount: 20 + Math.floor(next() * 200),
            publishDate: `${firstYear + Math.min(volume, 40)}-01-01`,
            readingDirection: null,
            parseStatus: 'ok',
            parseError: null,
            coverFingerprint: null,
            authors: [
              { name: AUTHORS[Math.floor(next() * AUTHORS.length)]!, role: 'writer' },
              { name: AUTHORS[Math.floor(next() * AUTHORS.length)]!, role: 'penciller' },
            ],
            summary: null,
            isbn: null,
            language,
            count: null,
            genres: [GENRES[Math.floor(next() * GENRES.length)]!],
            publishers: [PUBLISHERS[Math.floor(next() * PUBLISHERS.length)]!],
            imprint: null,
            tags: [...new Set(tags)],
            ageRating,
            ageRatingAge,
            webLinks: [],
            storyArcs: next() < 0.2 ? [{ name: ARCS[Math.floor(next() * ARCS.length)]!, number: volume }] : [],
            seriesGroup: null,
            characters: [],
            teams: [],
            locations: [],
            comicFormat,
            blackAndWhite: null,
          });
          if (batch.length === 1000) {
            await scans.saveBatch(id, batch, []);
            batch = [];
          }
        }
      }
      if (batch.length > 0) await scans.saveBatch(id, batch, []);
    }

    // Progress: a fifth of the series read, a tenth half-read; metadata: 30% of the series know their total, one to
    // six volumes more than they hold: at 100k books in 10k series, about 10k missing volumes for GET /wanted.
    const series = await em.execute<{ id: string }[]>('select id from series order by sort_name');
    // The series' own genres, tags, authors, language and age, which their filters and facets read.
    await modules.fillSeriesFromBooks(
      orm.em.fork(),
      options.database.kind,
      series.map((row) => row.id),
    );
    // Two readers, each with their own progress: the first admin (whom the bench's bootstrap token acts as) and a
    // reader who read the same books, so every reader-keyed index holds twice the rows one reader needs.
    const readers = [randomUUID(), randomUUID()];
    for (const [i, reader] of readers.entries()) {
      await em.execute(
        `insert into users (id, username, password_hash, role, created_at, updated_at) values (?, ?, 'x', ?, ?, ?)`,
        [reader, `bench${i}`, i === 0 ? 'admin' : 'reader', at(options.database, i), at(options.database, i)],
      );
    }
    await em.transactional(async (tx) => {
      for (const [index, { id }] of series.entries()) {
        const roll = next();
        // Four series in five know the year they started (the `year` sort puts the others last).
        if (index % 5 !== 0)
          await tx.execute('update series set start_year = ? where id = ?', [1950 + ((index * 7) % 75), id]);
        if (roll < 0.3) {
          const status = index % 50 === 0 ? 'hiatus' : STATUSES[index % STATUSES.length]!;
          await tx.execute('update series set total_volumes = ?, status = ? where id = ?', [
            perSeries + 1 + Math.floor(next() * 6),
            status,
            id,
          ]);
        }
        if (roll > 0.7) {
          const books = await tx.execute<{ id: string; page_count: number }[]>(
            'select id, page_count from books where series_id = ? order by volume_sort',
            [id],
          );
          const upTo = roll > 0.9 ? Math.ceil(books.length / 2) : books.length;
          for (const [i, book] of books.slice(0, upTo).entries()) {
            const reading = roll > 0.9 && i === upTo - 1;
            for (const reader of readers)
              await tx.execute(
                `insert into reading_progress (id, user_id, book_id, status, current_page, last_read_at, updated_at)
                   values (?, ?, ?, ?, ?, ?, ?)`,
                [
                  randomUUID(),
                  reader,
                  book.id,
                  reading ? 'reading' : 'read',
                  reading ? 1 : book.page_count,
                  now(options.database),
                  now(options.database),
                ],
              );
          }
        }
      }
    });
    // The dialect matters: PostgreSQL casts the uuid values of the counts' UPDATE … FROM VALUES.
    const counts = new modules.SeriesRepository(orm.em.fork(), noCache, options.database.kind);
    for (const id of libraryIds) await counts.refreshLibraryCounts(id);
    await scans.refreshPlannerStatistics();
    const bookIds = (await em.execute<{ id: string }[]>('select id from books order by id limit 2000')).map(
      (r) => r.id,
    );
    return { libraryIds, bookIds };
  } finally {
    await orm.close(true);
  }
}

/** Timestamps as each database stores them through the ORM: epoch ms on SQLite, a timestamp on PostgreSQL. */
function now(database: DatabaseConfig): unknown {
  return database.kind === 'sqlite' ? Date.now() : new Date();
}

/** A creation time `i` seconds after a fixed start, so the first user is the oldest. */
function at(database: DatabaseConfig, i: number): unknown {
  const ms = 1_700_000_000_000 + i * 1000;
  return database.kind === 'sqlite' ? ms : new Date(ms);
}

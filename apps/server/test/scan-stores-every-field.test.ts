import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Orm } from '../src/database/orm.js';
import { fileMetadata } from '../src/domain/file-metadata.js';
import { Book } from '../src/entities/book.entity.js';
import { Series } from '../src/entities/series.entity.js';
import type { EmbeddedMetadata } from '../src/indexer/formats/types.js';
import { ScanRepository, type IndexedBook } from '../src/repositories/scan.repository.js';
import { fillSeriesFromBooks } from '../src/repositories/series-fill.js';
import { createTestDatabase, type TestDatabase } from './support/test-database.js';

// Every field EmbeddedMetadata can carry, through the scan's own batched statements (plain inserts, then
// UPDATE … FROM VALUES for a changed file) on the real database: what the parsers of this branch do not read yet
// (genres, tags, story arcs…) is given as a parser will give it.
let database: TestDatabase;
let orm: Orm;
let scans: ScanRepository;
const libraryId = randomUUID();

const FULL: EmbeddedMetadata = {
  title: 'Fort Navajo',
  authors: [
    { name: 'Jean-Michel Charlier', role: 'writer' },
    { name: 'Jean Giraud', role: 'penciller' },
    { name: 'Jean Giraud', role: 'cover' },
    { name: 'Claude Poppé', role: 'colorist' },
  ],
  summary: 'A lieutenant rides west.',
  count: 28,
  publishers: ['Dargaud'],
  imprint: 'Pilote',
  genres: ['Western'],
  tags: ['cavalry', 'Apache'],
  ageRating: 'Everyone 10+',
  webLinks: ['https://example.org/blueberry/1'],
  storyArcs: [
    { name: 'Fort Navajo cycle', number: 1 },
    { name: 'Lieutenant Blueberry', number: null },
  ],
  seriesGroup: 'Blueberry universe',
  characters: ['Mike Blueberry', 'Jimmy McClure'],
  teams: ['US Cavalry'],
  locations: ['Arizona'],
  comicFormat: 'Album',
  blackAndWhite: true,
  isbn: '9782205000014',
  language: 'fr',
  publishDate: '1965-01-01',
};

function indexed(metadata: EmbeddedMetadata, sizeBytes: number): IndexedBook {
  return {
    path: 'Blueberry/Blueberry T01.cbz',
    sizeBytes,
    mtimeMs: 1_000 + sizeBytes,
    ctimeMs: 1_000 + sizeBytes,
    partialHash: null,
    format: 'cbz',
    seriesName: 'Blueberry',
    seriesFolder: 'Blueberry',
    title: metadata.title ?? 'Blueberry T01',
    volume: 1,
    volumeEnd: null,
    volumeKind: 'regular',
    chapter: null,
    chapterEnd: null,
    runYear: null,
    pageCount: 3,
    ...fileMetadata(metadata),
    publishDate: metadata.publishDate ?? null,
    readingDirection: null,
    parseStatus: 'ok',
    parseError: null,
    coverFingerprint: null,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  orm = await openDatabase(loadConfig({ DATABASE_URL: database.url }).database);
  scans = new ScanRepository(orm.em.fork(), database.kind);
  const now = new Date().toISOString();
  await orm.em
    .getConnection()
    .execute(`insert into libraries (id, name, root_path, created_at, updated_at) values (?, 'Shelf', 'shelf', ?, ?)`, [
      libraryId,
      now,
      now,
    ]);
}, 60_000);
afterAll(async () => {
  await orm?.close(true);
  await database?.drop();
});

const stored = (id: string) => orm.em.fork().findOneOrFail(Book, { id });

describe('the scan stores what a file says', () => {
  let bookId: string;

  it('keeps every field of a new book, each marked as the file’s', async () => {
    const { newBookIds } = await scans.saveBatch(libraryId, [indexed(FULL, 100)], []);
    bookId = newBookIds[0]!;
    const book = await stored(bookId);
    expect(book).toMatchObject({
      authors: FULL.authors,
      summary: FULL.summary,
      count: 28,
      publishers: ['Dargaud'],
      imprint: 'Pilote',
      genres: ['Western'],
      tags: ['cavalry', 'Apache'],
      ageRating: 'Everyone 10+',
      ageRatingAge: 10,
      webLinks: FULL.webLinks,
      storyArcs: FULL.storyArcs,
      seriesGroup: 'Blueberry universe',
      characters: FULL.characters,
      teams: ['US Cavalry'],
      locations: ['Arizona'],
      comicFormat: 'Album',
      blackAndWhite: true,
      isbn: '9782205000014',
      language: 'fr',
      publishDate: '1965-01-01',
    });
    expect(book.metadataSources).toEqual({
      authors: 'file',
      summary: 'file',
      isbn: 'file',
      publish_date: 'file',
      language: 'file',
      count: 'file',
      genres: 'file',
      publishers: 'file',
      imprint: 'file',
      tags: 'file',
      age_rating: 'file',
      web_links: 'file',
      story_arcs: 'file',
      series_group: 'file',
      characters: 'file',
      teams: 'file',
      locations: 'file',
      comic_format: 'file',
      black_and_white: 'file',
    });
  });

  it('refreshes the file’s values of a changed file, and keeps a locked field and an admin’s one', async () => {
    const before = await stored(bookId);
    await orm.em
      .fork()
      .nativeUpdate(
        Book,
        { id: bookId },
        { lockedFields: ['genres'], metadataSources: { ...before.metadataSources, tags: 'admin' }, tags: ['mine'] },
      );
    const [file] = await orm.em
      .getConnection()
      .execute<{ id: string }[]>('select id from book_files where book_id = ?', [bookId]);
    const rewritten = indexed(
      {
        ...FULL,
        genres: ['Aventure'],
        tags: ['retagged'],
        ageRating: 'Unknown',
        blackAndWhite: false,
        storyArcs: [{ name: 'Fort Navajo cycle', number: 2 }],
        imprint: undefined,
        authors: [{ name: 'J.-M. Charlier', role: 'writer' }],
      },
      200,
    );
    await scans.saveBatch(
      libraryId,
      [],
      [
        {
          known: {
            fileId: file!.id,
            bookId,
            path: rewritten.path,
            sizeBytes: 100,
            mtimeMs: 1_100,
            ctimeMs: 1_100,
            parseStatus: 'ok',
            partialHash: null,
            coverless: false,
          },
          book: rewritten,
        },
      ],
    );
    const book = await stored(bookId);
    expect(book).toMatchObject({
      genres: ['Western'],
      tags: ['mine'],
      ageRating: null,
      ageRatingAge: null,
      blackAndWhite: false,
      storyArcs: [{ name: 'Fort Navajo cycle', number: 2 }],
      imprint: null,
      authors: [{ name: 'J.-M. Charlier', role: 'writer' }],
    });
    // The values the file no longer gives have no source; the admin's stays theirs.
    expect(book.metadataSources).toMatchObject({ tags: 'admin', genres: 'file', black_and_white: 'file' });
    expect(book.metadataSources).not.toHaveProperty('age_rating');
    expect(book.metadataSources).not.toHaveProperty('imprint');
  });

  it('fills its series from it: publishers, genres, tags, age rating, count, description', async () => {
    const series = await orm.em.fork().findOneOrFail(Series, { name: 'Blueberry' });
    await fillSeriesFromBooks(orm.em.fork(), database.kind, [series.id]);
    const filled = await orm.em.fork().findOneOrFail(Series, { id: series.id });
    expect(filled).toMatchObject({
      description: 'A lieutenant rides west.',
      descriptionFromVolume: 1,
      publishers: ['Dargaud'],
      genres: ['Western'],
      tags: ['mine'],
      totalVolumes: 28,
      language: 'fr',
      startYear: 1965,
      authors: [{ name: 'J.-M. Charlier', role: 'writer' }],
    });
    expect(filled.metadataSources).toMatchObject({ description: 'file', tags: 'file', total_volumes: 'file' });
  });
});

describe('a batch larger than one statement may bind', () => {
  it('stores 1,000 new books of every field in one call (40 values a book are past SQLite’s 32,766)', async () => {
    const many = Array.from({ length: 1000 }, (_, i) => ({
      ...indexed(FULL, 10_000 + i),
      path: `Big/Big ${i + 1}.cbz`,
      seriesName: 'Big',
      seriesFolder: 'Big',
      title: `Big ${i + 1}`,
      volume: i + 1,
    }));
    const { newBookIds } = await scans.saveBatch(libraryId, many, []);
    expect(new Set(newBookIds).size).toBe(1000);
    const series = await orm.em.fork().findOneOrFail(Series, { name: 'Big' });
    expect(await orm.em.fork().count(Book, { series: series.id })).toBe(1000);
    expect((await stored(newBookIds[999]!)).tags).toEqual(FULL.tags);
  });
});

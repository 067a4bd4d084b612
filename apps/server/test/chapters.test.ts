import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, type ApiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { writeComic } from './support/library-builder.js';
import { validateAtom, validateOpds2 } from './support/opds-validators.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer, type TestServer } from './support/test-server.js';

// Chapters as numbers of their own: read from names and ComicInfo, sorted, counted, edited, locked, and shown in
// the catalogs. The real server over HTTP, on the database the test project runs on.
const token = BOOTSTRAP_TOKEN;
let server: TestServer;
let call: ApiClient;
let libraryId: string;
let readToken: string;
const seriesIds: Record<string, string> = {};

async function scan(mode: 'incremental' | 'full' = 'incremental') {
  const job = await call(`/libraries/${libraryId}/scan`, { method: 'POST', token, body: { mode } });
  expect((await waitForJob(call, token, job.body.id)).status).toBe('succeeded');
}

async function seriesBooks(name: string): Promise<any[]> {
  const page = await call(`/series/${seriesIds[name]}/books`, { token, query: { limit: '100' } });
  expect(page.status, page.text).toBe(200);
  return page.body.items;
}

const numbers = (book: any) => [book.volume, book.volume_end, book.chapter, book.chapter_end, book.kind];

beforeAll(async () => {
  server = await startTestServer({ thumbnails: false });
  call = apiClient(server.url);
  const root = path.join(server.librariesRoot, 'manga');
  // Titles in reverse alphabetical order, so an order by title would show up.
  const loose: [string, string][] = [
    ['Kaiju c010.cbz', 'Quebec'],
    ['Kaiju c001.cbz', 'Zulu'],
    ['Kaiju c003-005.cbz', 'Whiskey'],
    ['Kaiju c010.5.cbz', 'Papa'],
    ['Kaiju c002.cbz', 'Yankee'],
  ];
  for (const [name, title] of loose) await writeComic(root, `Kaiju/${name}`, { pages: 1, comicInfo: { Title: title } });
  await writeComic(root, 'Berserk/Berserk v02 c009-016.cbz', { pages: 1, comicInfo: { Title: 'Guardians' } });
  await writeComic(root, 'Berserk/Berserk v01 c001-008.cbz', { pages: 1, comicInfo: { Title: 'Black Swordsman' } });
  // No number in the names: ComicInfo says where the books belong.
  await writeComic(root, 'Tagged/bonus.cbz', { pages: 1, comicInfo: { Title: 'Bonus', Volume: 3, Number: 25 } });
  await writeComic(root, 'Tagged/tankobon.cbz', { pages: 1, comicInfo: { Title: 'Tankobon', Volume: 4, Number: 4 } });
  await writeComic(root, 'Batman/issue.cbz', { pages: 1, comicInfo: { Title: 'Issue', Volume: 2016, Number: 12 } });

  libraryId = (await call('/libraries', { method: 'POST', token, body: { name: 'Manga', root_path: 'manga' } })).body
    .id;
  await scan();
  readToken = (await call('/tokens', { method: 'POST', token, body: { name: 'reader', scope: 'read' } })).body.token;
  const series = await call('/series', { token, query: { library_id: libraryId } });
  for (const item of series.body.items) seriesIds[item.name] = item.id;
});
afterAll(() => server.close());
afterEach(() => {
  expect(server.responseFailures).toEqual([]);
});

describe('chapters read by a scan', () => {
  it('sorts a series of loose chapters by chapter, ranges and fractions included', async () => {
    const books = await seriesBooks('Kaiju');
    expect(books.map((book) => [book.chapter, book.chapter_end, book.title])).toEqual([
      [1, null, 'Zulu'],
      [2, null, 'Yankee'],
      [3, 5, 'Whiskey'],
      [10, null, 'Quebec'],
      [10.5, null, 'Papa'],
    ]);
    expect(books.every((book) => book.volume === null && book.kind === 'chapter')).toBe(true);
    // The global list uses the same order within the series.
    const all = await call('/books', { token, query: { series: 'Kaiju', limit: '100' } });
    expect(all.body.items.map((book: any) => book.chapter)).toEqual([1, 2, 3, 10, 10.5]);
  });

  it('stores `v01 c001-008` as volume 1 holding chapters 1 to 8, in volume order', async () => {
    expect((await seriesBooks('Berserk')).map(numbers)).toEqual([
      [1, null, 1, 8, 'regular'],
      [2, null, 9, 16, 'regular'],
    ]);
  });

  it('maps ComicInfo: Volume and Number are volume and chapter, a year in Volume makes Number the issue', async () => {
    expect((await seriesBooks('Tagged')).map((book) => [book.title, ...numbers(book)])).toEqual([
      ['Bonus', 3, null, 25, null, 'regular'],
      // A Number that repeats the Volume is the volume's own number, not a chapter.
      ['Tankobon', 4, null, null, null, 'regular'],
    ]);
    expect((await seriesBooks('Batman')).map(numbers)).toEqual([[12, null, null, null, 'regular']]);
    // The year is the run's start: the series' start year, which was unknown.
    expect((await call(`/series/${seriesIds.Batman}`, { token })).body.start_year).toBe(2016);
    expect((await call(`/series/${seriesIds.Tagged}`, { token })).body.start_year).toBeNull();
  });

  it('counts volumes for a series of volumes and chapters for a series made only of chapters', async () => {
    const series = await call('/series', { token, query: { library_id: libraryId } });
    const byName = Object.fromEntries(series.body.items.map((item: any) => [item.name, item]));
    expect(byName.Kaiju).toMatchObject({ owned_count: 0, chapter_count: 7, first_chapter: 1, last_chapter: 10.5 });
    expect(byName.Berserk).toMatchObject({ owned_count: 2, chapter_count: 0, first_chapter: null, last_chapter: null });
    const details = await call(`/series/${seriesIds.Kaiju}`, { token });
    expect(details.body).toMatchObject({ chapter_count: 7, first_chapter: 1, last_chapter: 10.5 });
    // Reading apps see the same: the library's navigation feed describes Kaiju by its chapters.
    const feed = await fetch(`${server.url}/opds/v1.2/libraries/${libraryId}`, {
      headers: { authorization: `Basic ${Buffer.from(`app:${readToken}`).toString('base64')}` },
    });
    const xml = await feed.text();
    expect(xml).toContain('7 chapters (Ch. 1–10.5)');
    expect(xml).not.toContain('0 of');
  });
});

describe('editing and locking the numbers', () => {
  it('edits volume, chapters and kind; a full rescan keeps the locked ones and restores the others', async () => {
    const [, , , quebec, papa] = await seriesBooks('Kaiju');
    const edited = await call(`/books/${quebec.id}`, {
      method: 'PATCH',
      token,
      body: { volume: 2, chapter: 9, chapter_end: 9.5, kind: 'regular', locked_fields: ['volume', 'chapter', 'kind'] },
    });
    expect(edited.status, edited.text).toBe(200);
    expect(numbers(edited.body)).toEqual([2, null, 9, 9.5, 'regular']);
    expect(edited.body.locked_fields).toEqual(['volume', 'chapter', 'kind']);
    // Unlocked: the scan's value comes back.
    expect((await call(`/books/${papa.id}`, { method: 'PATCH', token, body: { chapter: 99 } })).status).toBe(200);
    // A volume now: it left the loose chapters, and sorts before them.
    expect((await seriesBooks('Kaiju')).map((book) => book.title)).toEqual([
      'Quebec',
      'Zulu',
      'Yankee',
      'Whiskey',
      'Papa',
    ]);
    expect((await call(`/series/${seriesIds.Kaiju}`, { token })).body).toMatchObject({
      owned_count: 1,
      chapter_count: 6,
      last_chapter: 99,
    });

    await scan('full');
    const after = await call(`/books/${quebec.id}`, { token });
    // chapter_end was not locked: the name's (none) is back; the locked fields kept the edit.
    expect(numbers(after.body)).toEqual([2, null, 9, null, 'regular']);
    expect((await call(`/books/${papa.id}`, { token })).body.chapter).toBe(10.5);
    expect((await call(`/series/${seriesIds.Kaiju}`, { token })).body).toMatchObject({
      chapter_count: 6,
      last_chapter: 10.5,
    });
  });

  it('refuses negative numbers, reversed ranges and an end without a start, and changes nothing', async () => {
    const [book] = await seriesBooks('Berserk');
    const before = (await call(`/books/${book.id}`, { token })).body;
    const patch = (body: unknown) => call(`/books/${book.id}`, { method: 'PATCH', token, body });
    for (const body of [
      { volume: -1 },
      { chapter: -0.5 },
      { chapter_end: 0.5 },
      { volume: 3, volume_end: 2 },
      { kind: 'annual' },
      { volume: '2' },
      { chapter: 2_000_000 },
      { title: 'Renamed', chapter: 10 },
    ]) {
      const response = await patch(body);
      expectProblem(response, 400);
      expect(JSON.stringify(response.body.errors ?? response.body)).toMatch(/volume|chapter|kind/);
    }
    const bare = await call(`/books/${book.id}`, {
      method: 'PATCH',
      token,
      rawBody: '{"chapter": 1e400}',
    });
    expectProblem(bare, 400);
    const noStart = await call(`/books/${(await seriesBooks('Batman'))[0].id}`, {
      method: 'PATCH',
      token,
      body: { chapter_end: 4 },
    });
    expectProblem(noStart, 400);
    expect(noStart.body.errors).toEqual([
      { path: '/body/chapter_end', message: expect.stringMatching(/chapter/), code: 'rangeStart' },
    ]);
    expect((await call(`/books/${book.id}`, { token })).body).toEqual(before);
  });
});

describe('OPDS titles', () => {
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'entry' });
  const basic = () => `Basic ${Buffer.from(`app:${readToken}`).toString('base64')}`;
  const opds = (pathname: string) => fetch(`${server.url}${pathname}`, { headers: { authorization: basic() } });

  it('carry volume and chapter ranges in OPDS 1.2 and 2.0, and both validate', async () => {
    const atomXml = await (await opds(`/opds/v1.2/series/${seriesIds.Berserk}`)).text();
    const entries = parser.parse(atomXml).feed.entry as { title: string }[];
    expect(entries.map((entry) => entry.title)).toEqual([
      'Vol. 1 – Ch. 1–8 – Black Swordsman',
      'Vol. 2 – Ch. 9–16 – Guardians',
    ]);
    const kaijuXml = await (await opds(`/opds/v1.2/series/${seriesIds.Kaiju}`)).text();
    const kaiju = (parser.parse(kaijuXml).feed.entry as { title: string }[]).map((entry) => entry.title);
    expect(kaiju).toContain('Ch. 1 – Zulu');
    expect(kaiju).toContain('Ch. 3–5 – Whiskey');
    expect(kaiju).toContain('Ch. 10.5 – Papa');

    const v2: any = await (await opds(`/opds/v2/series/${seriesIds.Kaiju}`)).json();
    const publications = v2.publications.map((publication: any) => publication.metadata);
    expect(publications.map((metadata: any) => metadata.title)).toContain('Ch. 10.5 – Papa');
    const papa = publications.find((metadata: any) => metadata.title === 'Ch. 10.5 – Papa');
    expect(papa.belongsTo.series[0].position).toBe(10.5);

    expect(
      await validateAtom(
        new Map([
          ['berserk', atomXml],
          ['kaiju', kaijuXml],
        ]),
      ),
    ).toEqual([]);
    expect(await validateOpds2(new Map([['kaiju', v2]]))).toEqual([]);
  }, 60_000);
});

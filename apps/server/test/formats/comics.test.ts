import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BookFileError, inspectBook, readCover, readPage } from '../../src/indexer/formats/index.js';
import { RarArchive } from '../../src/indexer/formats/rar-archive.js';
import { jpeg, png, scratchDir, widthOf } from './support/books.js';
import { buildRar5 } from './support/rar5-writer.js';
import { buildZip, type ZipEntrySpec } from './support/zip-writer.js';

/** A ZIP book's cover entry, as a rescan compares it: CRC-32, size and name from the central directory. */
const ZIP_FINGERPRINT = expect.stringMatching(/^zip:[0-9a-f]{1,8}:\d+:./);

type Scratch = Awaited<ReturnType<typeof scratchDir>>;
let scratch: Scratch;

beforeAll(async () => {
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.remove();
});

async function errorOf(promise: Promise<unknown>): Promise<BookFileError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(BookFileError);
  return error as BookFileError;
}

const COMIC_INFO = `<?xml version="1.0" encoding="utf-8"?>
<ComicInfo xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Title>Le Grand Départ</Title>
  <Series>Les Aventures de Test</Series>
  <Number>3.5</Number>
  <Summary>First line &amp; more.&lt;br&gt;Second line.</Summary>
  <Writer>Alice Martin, Bob Durand</Writer>
  <Penciller>Bob Durand, Carol Petit</Penciller>
  <Inker>Dan Moreau</Inker>
  <Colorist>Eve Colour</Colorist>
  <Letterer>Lou Letter</Letterer>
  <LanguageISO>fr</LanguageISO>
  <Year>2019</Year>
  <Month>7</Month>
  <GTIN>978-2-8001-0083-8</GTIN>
  <PageCount>99</PageCount>
  <Pages>
    <Page Image="0" Type="InnerCover" />
    <Page Image="2" Type="FrontCover" />
  </Pages>
</ComicInfo>`;

/** Twelve pages named page1…page12, stored shuffled, page N being 100 + N pixels wide, plus litter to skip. */
async function comicEntries(): Promise<ZipEntrySpec[]> {
  const order = [10, 2, 7, 1, 12, 5, 3, 9, 11, 4, 8, 6];
  const pages = await Promise.all(
    order.map(async (n) => ({ name: `Book/page${n}.jpg`, data: await jpeg(100 + n), method: n % 2 === 0 ? 0 : 8 })),
  );
  return [
    { name: 'Book/' },
    ...pages.slice(0, 6),
    { name: '__MACOSX/Book/._page1.jpg', data: Buffer.from('resource fork') },
    { name: 'Book/.hidden.jpg', data: await jpeg(50) },
    { name: 'Book/._page2.jpg', data: Buffer.from('apple double') },
    { name: 'Book/empty.jpg' },
    { name: 'Book/notes.txt', data: Buffer.from('not a page') },
    { name: 'comicinfo.XML', data: Buffer.from(COMIC_INFO) },
    ...pages.slice(6),
  ];
}

describe('a generated CBZ', () => {
  let path: string;
  beforeAll(async () => {
    path = await scratch.write('generated.cbz', buildZip(await comicEntries()));
  });

  it('counts only real pages and reads ComicInfo.xml', async () => {
    expect(await inspectBook(path, 'cbz')).toEqual({
      coverFingerprint: ZIP_FINGERPRINT,
      format: 'cbz',
      pageCount: 12, // not ComicInfo's PageCount of 99
      metadata: {
        title: 'Le Grand Départ',
        series: 'Les Aventures de Test',
        number: 3.5,
        summary: 'First line & more.\nSecond line.',
        // Every role, each person once per role: Bob Durand wrote and drew it.
        authors: [
          { name: 'Alice Martin', role: 'writer' },
          { name: 'Bob Durand', role: 'writer' },
          { name: 'Bob Durand', role: 'penciller' },
          { name: 'Carol Petit', role: 'penciller' },
          { name: 'Dan Moreau', role: 'inker' },
          { name: 'Eve Colour', role: 'colorist' },
          { name: 'Lou Letter', role: 'letterer' },
        ],
        language: 'fr',
        publishDate: '2019-07-01',
        isbn: '9782800100838',
      },
    });
  });

  it('serves page N as the N-th image in natural order', async () => {
    for (const n of [1, 2, 9, 10, 12]) {
      const page = await readPage(path, 'cbz', n);
      expect(page.mediaType).toBe('image/jpeg');
      expect(await widthOf(page.data)).toBe(100 + n);
    }
  });

  it('uses the FrontCover page of ComicInfo as the cover', async () => {
    const cover = await readCover(path, 'cbz');
    expect(cover?.mediaType).toBe('image/jpeg');
    expect(await widthOf(cover!.data)).toBe(103);
  });

  it('refuses pages out of range with not_found', async () => {
    for (const n of [0, 13, -1, 1.5, Number.NaN])
      expect((await errorOf(readPage(path, 'cbz', n))).kind).toBe('not_found');
  });
});

describe('CBZ details', () => {
  it('serves a page by its real type, not its extension, and takes page 1 as cover without ComicInfo', async () => {
    const path = await scratch.write(
      'mislabelled.cbz',
      buildZip([
        { name: 'b.jpg', data: await png(120) },
        { name: 'a.JPEG', data: await png(110) },
      ]),
    );
    expect(await inspectBook(path, 'cbz')).toEqual({
      format: 'cbz',
      coverFingerprint: ZIP_FINGERPRINT,
      pageCount: 2,
      metadata: {},
    });
    const cover = await readCover(path, 'cbz');
    expect(cover?.mediaType).toBe('image/png');
    expect(await widthOf(cover!.data)).toBe(110);
  });

  it('finds the FrontCover of a UTF-16 ComicInfo whatever its case, and takes page 1 when ComicInfo names none', async () => {
    const pages = [
      { name: 'p1.jpg', data: await jpeg(101) },
      { name: 'p2.jpg', data: await jpeg(102) },
    ];
    const utf16 = (xml: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml, 'utf16le')]);
    const named = await scratch.write(
      'front-cover-utf16.cbz',
      buildZip([
        ...pages,
        {
          name: 'ComicInfo.xml',
          data: utf16('<ComicInfo><Pages><Page Image="1" Type="frontcover"/></Pages></ComicInfo>'),
        },
      ]),
    );
    expect(await widthOf((await readCover(named, 'cbz'))!.data)).toBe(102);
    const unnamed = await scratch.write(
      'no-front-cover.cbz',
      buildZip([
        ...pages,
        { name: 'ComicInfo.xml', data: Buffer.from('<ComicInfo><Pages><Page Image="1"/></Pages></ComicInfo>') },
      ]),
    );
    expect(await widthOf((await readCover(unnamed, 'cbz'))!.data)).toBe(101);
  });

  it('takes the same cover page to fingerprint and to thumbnail when ComicInfo spells FrontCover with character references', async () => {
    const pages = [
      { name: 'p1.jpg', data: await jpeg(101) },
      { name: 'p2.jpg', data: await jpeg(102) },
    ];
    const withInfo = (name: string, xml: string) =>
      scratch.write(name, buildZip([...pages, { name: 'ComicInfo.xml', data: Buffer.from(xml) }]));
    const plain = await withInfo(
      'front-plain.cbz',
      '<ComicInfo><Pages><Page Image="1" Type="FrontCover"/></Pages></ComicInfo>',
    );
    const referenced = await withInfo(
      'front-referenced.cbz',
      '<ComicInfo><Pages><Page Image="1" Type="&#70;ront&#x43;over"/></Pages></ComicInfo>',
    );
    const none = await withInfo('front-none.cbz', '<ComicInfo><Pages><Page Image="1"/></Pages></ComicInfo>');
    const fingerprintOf = async (file: string) => (await inspectBook(file, 'cbz')).coverFingerprint;
    expect(await fingerprintOf(plain)).not.toBe(await fingerprintOf(none));
    expect(await fingerprintOf(referenced)).toBe(await fingerprintOf(plain));
    expect(await widthOf((await readCover(referenced, 'cbz'))!.data)).toBe(102);
  });

  it('an archive with no image is empty', async () => {
    const path = await scratch.write(
      'no-pages.cbz',
      buildZip([{ name: 'ComicInfo.xml', data: Buffer.from(COMIC_INFO) }]),
    );
    expect((await errorOf(inspectBook(path, 'cbz'))).kind).toBe('empty');
  });

  it('ignores ComicInfo.xml that is not at the root or does not parse', async () => {
    const path = await scratch.write(
      'sloppy.cbz',
      buildZip([
        { name: 'p1.jpg', data: await jpeg(101) },
        { name: 'sub/ComicInfo.xml', data: Buffer.from('<ComicInfo><Title>nested</Title></ComicInfo>') },
      ]),
    );
    expect(await inspectBook(path, 'cbz')).toMatchObject({ pageCount: 1, metadata: {} });
    const broken = await scratch.write(
      'broken-info.cbz',
      buildZip([
        { name: 'p1.jpg', data: await jpeg(101) },
        { name: 'ComicInfo.xml', data: Buffer.from('<ComicInfo><Title>x</Title><constructor>1</constructor>') },
      ]),
    );
    expect(await inspectBook(broken, 'cbz')).toEqual({
      format: 'cbz',
      coverFingerprint: ZIP_FINGERPRINT,
      pageCount: 1,
      metadata: {},
    });
  });

  it.each([
    [9, 'deflate64'],
    [12, 'bzip2'],
    [14, 'lzma'],
    [98, 'ppmd'],
  ])('compression method %i: pages are counted, reading one is unsupported naming %s', async (method, label) => {
    // ComicInfo.xml uses the same method, so the metadata is out of reach too; the count is still true.
    const path = await scratch.write(
      `method-${method}.cbz`,
      buildZip([
        { name: 'p1.jpg', data: await jpeg(101), method },
        { name: 'p2.jpg', data: await jpeg(102), method },
        { name: 'ComicInfo.xml', data: Buffer.from(COMIC_INFO), method },
      ]),
    );
    expect(await inspectBook(path, 'cbz')).toEqual({
      format: 'cbz',
      coverFingerprint: ZIP_FINGERPRINT,
      pageCount: 2,
      metadata: {},
    });
    const error = await errorOf(readPage(path, 'cbz', 1));
    expect(error.kind).toBe('unsupported');
    expect(error.message).toContain(label);
    expect((await errorOf(readCover(path, 'cbz'))).kind).toBe('unsupported');
  });

  it('an encrypted page makes the book encrypted', async () => {
    const path = await scratch.write(
      'half-locked.cbz',
      buildZip([
        { name: 'p1.jpg', data: await jpeg(101) },
        { name: 'p2.jpg', data: await jpeg(102), encrypted: true },
      ]),
    );
    expect((await errorOf(inspectBook(path, 'cbz'))).kind).toBe('encrypted');
  });
});

describe('a generated CBR (RAR5)', () => {
  it('skips folder and link entries, reads pages in subfolders and ComicInfo.xml', async () => {
    const path = await scratch.write(
      'generated.cbr',
      buildRar5([
        { name: 'Book', directory: true },
        { name: 'Book/page10.png', data: await png(110) },
        { name: 'Book/page2.png', data: await png(102) },
        { name: 'Book/page1.png', data: await png(101) },
        { name: 'Book/zz-link.png', linkTarget: 'page1.png' },
        { name: 'Book/extras', directory: true },
        {
          name: 'ComicInfo.xml',
          data: Buffer.from('<ComicInfo><Series>Rar Series</Series><Number>2</Number></ComicInfo>'),
        },
      ]),
    );
    expect(await inspectBook(path, 'cbr')).toEqual({
      format: 'cbr',
      pageCount: 3,
      metadata: { series: 'Rar Series', number: 2 },
    });
    expect(await widthOf((await readPage(path, 'cbr', 1)).data)).toBe(101);
    expect(await widthOf((await readPage(path, 'cbr', 2)).data)).toBe(102);
    expect(await widthOf((await readPage(path, 'cbr', 3)).data)).toBe(110);
    expect(await widthOf((await readCover(path, 'cbr'))!.data)).toBe(101);
    expect((await errorOf(readPage(path, 'cbr', 4))).kind).toBe('not_found');
  });

  it('stops extraction on the real byte count when a header is believed but wrong', async () => {
    const path = await scratch.write('cap.cbr', buildRar5([{ name: 'p1.png', data: await png(300, 300) }]));
    const archive = await RarArchive.open(path);
    const entry = archive.entries[0]!;
    // Pretend the header declared 10 bytes: the write callback must still stop at the cap.
    expect(() => archive.read({ ...entry, size: 10 }, 100, 'page 1')).toThrow(
      expect.objectContaining({ kind: 'too_large', message: 'page 1 unpacks beyond 100 bytes' }),
    );
    // A header that lies with nothing to stop it fails unrar's own size/CRC check.
    const liar = await scratch.write(
      'liar.cbr',
      buildRar5([{ name: 'p1.png', data: Buffer.alloc(5000, 1), declaredSize: 10 }]),
    );
    expect((await errorOf(readPage(liar, 'cbr', 1))).kind).toBe('corrupt');
    // And the shared unrar instance still works afterwards.
    expect(archive.read(entry, 1_000_000, 'page 1').length).toBe(entry.size);
  });

  it('a solid RAR refuses a page that sits behind too much data', async () => {
    const path = await scratch.write(
      'solid-behind.cbr',
      buildRar5(
        [
          { name: 'huge.bin', data: Buffer.alloc(16), declaredSize: 600 * 1024 * 1024 },
          { name: 'p1.png', data: await png(101) },
        ],
        { solid: true },
      ),
    );
    expect(await inspectBook(path, 'cbr')).toMatchObject({ pageCount: 1 });
    expect((await errorOf(readPage(path, 'cbr', 1))).kind).toBe('too_large');
  });
});

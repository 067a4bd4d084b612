import { open } from 'node:fs/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inspectBook, readCover, readPage } from '../../src/indexer/formats/index.js';
import { MAX_PAGE_BYTES } from '../../src/indexer/formats/limits.js';
import { jpeg, kindOf, komga, scratchDir, widthOf } from './support/books.js';
import { build7z } from './support/seven-zip-writer.js';
import { buildTar } from './support/tar-writer.js';

type Scratch = Awaited<ReturnType<typeof scratchDir>>;
let scratch: Scratch;

beforeAll(async () => {
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.remove();
});

const comicInfo = (cover: number) =>
  Buffer.from(
    `<?xml version="1.0"?><ComicInfo><Title>Le titre</Title><Series>La série</Series><Number>3</Number>` +
      `<Writer>Ann, Bob</Writer><Pages><Page Image="${cover}" Type="FrontCover"/></Pages></ComicInfo>`,
  );

/** Pages 1, 2 and 10 stored out of order, so natural order (not archive order) must put them right. */
async function pages(): Promise<{ name: string; data: Buffer }[]> {
  return [
    { name: 'chap/p10.jpg', data: await jpeg(110) },
    { name: 'chap/p2.jpg', data: await jpeg(102) },
    { name: 'chap/p1.jpg', data: await jpeg(101) },
    { name: 'ComicInfo.xml', data: comicInfo(1) },
  ];
}

describe.each([
  ['cbt', async () => buildTar(await pages())],
  ['cb7', async () => build7z(await pages())],
] as const)('%s books', (format, build) => {
  it('pages in natural order, ComicInfo metadata, the FrontCover page as cover', async () => {
    const path = await scratch.write(`book.${format}`, await build());
    const inspection = await inspectBook(path, format);
    expect(inspection).toMatchObject({ format, pageCount: 3 });
    expect(inspection.metadata).toMatchObject({
      title: 'Le titre',
      series: 'La série',
      number: 3,
      authors: [
        { name: 'Ann', role: 'writer' },
        { name: 'Bob', role: 'writer' },
      ],
    });
    const widths = [];
    for (const page of [1, 2, 3]) widths.push(await widthOf((await readPage(path, format, page)).data));
    expect(widths).toEqual([101, 102, 110]);
    expect((await readPage(path, format, 1)).mediaType).toBe('image/jpeg');
    expect(await widthOf((await readCover(path, format))!.data)).toBe(102);
    expect(await kindOf(readPage(path, format, 4))).toBe('not_found');
  });

  it('the bytes decide, not the name: one named .cbz is read as what it is', async () => {
    const path = await scratch.write(`misnamed-${format}.cbz`, await build());
    expect(await inspectBook(path, 'cbz')).toMatchObject({ format, pageCount: 3 });
  });

  it('truncated is corrupt', async () => {
    const whole = await build();
    const path = await scratch.write(`cut.${format}`, whole.subarray(0, Math.floor(whole.length / 2)));
    expect(await kindOf(inspectBook(path, format))).toBe('corrupt');
    expect(await kindOf(readCover(path, format))).toBe('corrupt');
  });

  it('a file that is not an archive is corrupt, an empty one empty', async () => {
    const path = await scratch.write(`text.${format}`, Buffer.from('not an archive at all\n'.repeat(100)));
    expect(await kindOf(inspectBook(path, format))).toBe('corrupt');
    expect(await kindOf(readPage(path, format, 1))).toBe('corrupt');
    const empty = await scratch.write(`empty.${format}`, Buffer.alloc(0));
    expect(await kindOf(inspectBook(empty, format))).toBe('empty');
  });

  it('a ComicInfo.xml past the XML cap fails like in other formats', async () => {
    const huge = Buffer.concat([Buffer.from('<ComicInfo><Summary>'), Buffer.alloc(3 * 1024 * 1024, 0x61)]);
    const entries = [
      { name: 'p1.jpg', data: await jpeg(101) },
      { name: 'ComicInfo.xml', data: huge },
    ];
    const path = await scratch.write(
      `bigxml.${format}`,
      format === 'cbt' ? await buildTar(entries) : await build7z(entries),
    );
    expect(await kindOf(inspectBook(path, format))).toBe('too_large');
  });
});

describe('CB7 specifics', () => {
  it('reads the Komga fixture, and its encrypted twin is encrypted', async () => {
    expect(await inspectBook(komga('7zip.7z'), 'cb7')).toMatchObject({ format: 'cb7', pageCount: 1 });
    expect((await readCover(komga('7zip.7z'), 'cb7'))?.mediaType).toBe('image/png');
    expect(await kindOf(inspectBook(komga('7zip-encrypted.7z'), 'cb7'))).toBe('encrypted');
    expect(await kindOf(readPage(komga('7zip-encrypted.7z'), 'cb7', 1))).toBe('encrypted');
  });

  it('an archive whose listing is encrypted is encrypted', async () => {
    const data = await build7z([{ name: 'p1.jpg', data: await jpeg(101) }], { password: 'x', encryptHeaders: true });
    const path = await scratch.write('headers-locked.cb7', data);
    expect(await kindOf(inspectBook(path, 'cb7'))).toBe('encrypted');
  });

  it('a page declaring more than the page cap is too large, refused before it is decompressed', async () => {
    const data = await build7z([
      { name: 'p1.jpg', data: await jpeg(101) },
      { name: 'p2.jpg', data: Buffer.alloc(MAX_PAGE_BYTES + 1) },
    ]);
    const path = await scratch.write('bomb.cb7', data);
    expect(data.length).toBeLessThan(1024 * 1024);
    expect(await inspectBook(path, 'cb7')).toMatchObject({ pageCount: 2 });
    expect(await kindOf(readPage(path, 'cb7', 2))).toBe('too_large');
    expect(await widthOf((await readPage(path, 'cb7', 1)).data)).toBe(101);
  });

  it('path traversal names are just names', async () => {
    const data = await build7z(
      [
        { name: '../evil1.jpg', data: await jpeg(101) },
        { name: 'sub/../../evil2.jpg', data: await jpeg(102) },
      ],
      { fullPaths: true },
    );
    const path = await scratch.write('traversal.cb7', data);
    const inspection = await inspectBook(path, 'cb7');
    expect(inspection.pageCount).toBe(2);
    expect(await widthOf((await readPage(path, 'cb7', 1)).data)).toBeGreaterThan(100);
    expect(await widthOf((await readPage(path, 'cb7', 2)).data)).toBeGreaterThan(100);
  });
});

describe('CBT specifics', () => {
  it('path traversal, absolute and `./` names are names; links and folders are never pages', async () => {
    const data = await buildTar([
      { name: './', type: 'directory' },
      { name: './p1.jpg', data: await jpeg(101) },
      { name: '../../evil.jpg', data: await jpeg(102) },
      { name: '/etc/p3.jpg', data: await jpeg(103) },
      { name: 'link.jpg', type: 'symlink', linkname: '/etc/passwd' },
      { name: 'hard.jpg', type: 'link', linkname: 'p1.jpg' },
    ]);
    const path = await scratch.write('names.cbt', data);
    expect(await inspectBook(path, 'cbt')).toMatchObject({ pageCount: 3 });
    for (const page of [1, 2, 3]) expect(await widthOf((await readPage(path, 'cbt', page)).data)).toBeGreaterThan(100);
  });

  it('a page declaring more than the page cap is too large, refused before it is read', async () => {
    // A real tar with a 101 MB entry, written sparse: the disk holds only the headers.
    const head = await buildTar([{ name: 'p1.jpg', data: await jpeg(101) }]);
    const bigHeader = (await buildTar([{ name: 'p2.jpg', data: Buffer.alloc(1) }])).subarray(0, 512);
    const size = MAX_PAGE_BYTES + 1;
    const header = Buffer.from(bigHeader);
    header.write(size.toString(8).padStart(11, '0') + '\0', 124, 12, 'latin1');
    header.fill(0x20, 148, 156);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'latin1');
    const path = await scratch.write('bomb.cbt', Buffer.concat([head.subarray(0, head.length - 1024), header]));
    const handle = await open(path, 'r+');
    const dataEnd = head.length - 1024 + 512 + Math.ceil(size / 512) * 512;
    await handle.write(Buffer.alloc(1024), 0, 1024, dataEnd);
    await handle.close();
    expect(await inspectBook(path, 'cbt')).toMatchObject({ pageCount: 2 });
    expect(await kindOf(readPage(path, 'cbt', 2))).toBe('too_large');
  });

  it('a header that claims more data than the file holds is corrupt', async () => {
    const data = Buffer.from(await buildTar([{ name: 'p1.jpg', data: await jpeg(101) }]));
    const header = data.subarray(0, 512);
    header.write((50 * 1024 * 1024).toString(8).padStart(11, '0') + '\0', 124, 12, 'latin1');
    header.fill(0x20, 148, 156);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 8, 'latin1');
    const path = await scratch.write('lying.cbt', data);
    expect(await kindOf(inspectBook(path, 'cbt'))).toBe('corrupt');
  });
});

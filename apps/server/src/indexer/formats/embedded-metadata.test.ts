import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  comicWithInfo,
  EXPECTED_FULL_COMIC_INFO,
  EXPECTED_OPF2,
  EXPECTED_OPF3,
  FULL_COMIC_INFO_XML,
  opf2Epub,
  opf3Epub,
  pdfWithInfo,
} from '../../../test/support/metadata-fixtures.js';
import { buildZip } from '../../../test/formats/support/zip-writer.js';
import { BookFileError, inspectBook, readEmbeddedMetadata } from './index.js';

let folder: string;
const write = async (name: string, data: Buffer): Promise<string> => {
  const path = join(folder, name);
  await writeFile(path, data);
  return path;
};

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'shelfmark-embedded-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('readEmbeddedMetadata', () => {
  it.each([
    ['cbz', 'book.cbz', false],
    ['cbr', 'book.cbr', false],
    ['cbr', 'solid.cbr', true],
    ['cb7', 'book.cb7', false],
    ['cb7', 'solid.cb7', true],
    ['cbt', 'book.cbt', false],
  ] as const)('reads ComicInfo.xml from a %s (%s)', async (container, name, solid) => {
    const path = await write(name, await comicWithInfo(container, FULL_COMIC_INFO_XML, { solid }));
    expect(await readEmbeddedMetadata(path, container)).toEqual(EXPECTED_FULL_COMIC_INFO);
  });

  it('reads the OPF of an EPUB 2 and an EPUB 3, and of an EPUB misnamed .pdf (the bytes decide, as for a scan)', async () => {
    expect(await readEmbeddedMetadata(await write('two.epub', opf2Epub()), 'epub')).toEqual(EXPECTED_OPF2);
    expect(await readEmbeddedMetadata(await write('three.epub', opf3Epub()), 'epub')).toEqual(EXPECTED_OPF3);
    expect(await readEmbeddedMetadata(await write('misnamed.pdf', opf3Epub()), 'pdf')).toEqual(EXPECTED_OPF3);
  });

  it('reads the info dictionary of a PDF, keywords as tags', async () => {
    const path = await write(
      'info.pdf',
      pdfWithInfo({
        Title: 'Field Notes',
        Author: 'Ann Lee; Bo Park',
        Keywords: 'birds, field guide;Birds',
        Subject: 'Notes from the field',
      }),
    );
    expect(await readEmbeddedMetadata(path, 'pdf')).toEqual({
      title: 'Field Notes',
      authors: [
        { name: 'Ann Lee', role: 'author' },
        { name: 'Bo Park', role: 'author' },
      ],
      tags: ['birds', 'field guide'],
      summary: 'Notes from the field',
    });
  });

  it('never reads a page: a CBZ whose pages cannot be decoded still gives its metadata', async () => {
    const path = await write(
      'broken-pages.cbz',
      buildZip([
        { name: 'page1.jpg', data: Buffer.alloc(5000, 1), compressed: Buffer.from('not deflate at all'), method: 8 },
        { name: 'page2.jpg', data: Buffer.alloc(10), encrypted: true },
        { name: 'ComicInfo.xml', data: Buffer.from(FULL_COMIC_INFO_XML) },
      ]),
    );
    await expect(inspectBook(path, 'cbz')).rejects.toMatchObject({ kind: 'encrypted' });
    expect(await readEmbeddedMetadata(path, 'cbz')).toEqual(EXPECTED_FULL_COMIC_INFO);
  });

  it('gives {} for a comic without ComicInfo, and a BookFileError for a missing or unreadable file', async () => {
    const bare = await write('bare.cbz', buildZip([{ name: 'page1.jpg', data: Buffer.alloc(10, 1) }]));
    expect(await readEmbeddedMetadata(bare, 'cbz')).toEqual({});
    await expect(readEmbeddedMetadata(join(folder, 'missing.cbz'), 'cbz')).rejects.toMatchObject({
      kind: 'not_found',
    });
    const garbage = await write('garbage.cbz', Buffer.from('PK\u0003\u0004 but nothing else'));
    await expect(readEmbeddedMetadata(garbage, 'cbz')).rejects.toBeInstanceOf(BookFileError);
  });
});

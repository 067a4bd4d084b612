import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BookFileError, inspectBook, readCover, readPage } from '../../src/indexer/formats/index.js';
import { kindOf, komga, scratchDir } from './support/books.js';

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

describe('RAR fixtures', () => {
  it.each([
    ['rar4.rar', 3],
    ['rar4-solid.rar', 3],
    ['rar5.rar', 1],
    ['rar5-solid.rar', 3],
  ])('%s: counts its pages and extracts them', async (name, pages) => {
    const inspection = await inspectBook(komga(name), 'cbr');
    expect(inspection).toEqual({ format: 'cbr', pageCount: pages, metadata: {} });
    const last = await readPage(komga(name), 'cbr', pages);
    expect(last.mediaType).toBe('image/png');
    expect((await sharp(last.data).metadata()).format).toBe('png');
    const cover = await readCover(komga(name), 'cbr');
    expect(cover?.data.equals(last.data)).toBe(true); // all pages of these fixtures are the same image
    expect(await kindOf(readPage(komga(name), 'cbr', pages + 1))).toBe('not_found');
  });

  it.each(['rar4-encrypted.rar', 'rar5-encrypted.rar'])('%s is encrypted', async (name) => {
    expect(await kindOf(inspectBook(komga(name), 'cbr'))).toBe('encrypted');
    expect(await kindOf(readPage(komga(name), 'cbr', 1))).toBe('encrypted');
    expect(await kindOf(readCover(komga(name), 'cbr'))).toBe('encrypted');
  });
});

describe('ZIP fixtures', () => {
  // Komga's zip-bzip2/deflate64/lzma/ppmd fixtures hold a PNG that did not compress, so their writer stored it:
  // every one of them is method 0 despite its name. Real unsupported methods are tested with generated archives.
  it.each(['zip.zip', 'zip-copy.zip', 'zip-bzip2.zip', 'zip-deflate64.zip', 'zip-lzma.zip', 'zip-ppmd.zip'])(
    '%s read as a CBZ',
    async (name) => {
      const file = await scratch.copy(name, `${name}.cbz`);
      expect(await inspectBook(file, 'cbz')).toEqual({
        format: 'cbz',
        coverFingerprint: ZIP_FINGERPRINT,
        pageCount: 1,
        metadata: {},
      });
      const page = await readPage(file, 'cbz', 1);
      expect(page.mediaType).toBe('image/png');
      expect((await sharp(page.data).metadata()).width).toBeGreaterThan(0);
    },
  );

  it('zip-encrypted.zip is encrypted', async () => {
    const file = await scratch.copy('zip-encrypted.zip', 'locked.cbz');
    expect(await kindOf(inspectBook(file, 'cbz'))).toBe('encrypted');
    expect(await kindOf(readPage(file, 'cbz', 1))).toBe('encrypted');
  });

  it('zip-as-epub.epub is not an EPUB (no OPF)', async () => {
    const error = await inspectBook(komga('zip-as-epub.epub'), 'epub').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(BookFileError);
    expect(error).toMatchObject({ kind: 'corrupt', message: expect.stringMatching(/no OPF/) });
    expect(await kindOf(readCover(komga('zip-as-epub.epub'), 'epub'))).toBe('corrupt');
  });
});

describe('7z fixtures', () => {
  // A 7z archive is a CB7 book whatever its extension says: the bytes decide (cb7-cbt.test.ts covers CB7 itself).
  it('7zip.7z named book.cbz is read as the CB7 book it is', async () => {
    const file = await scratch.copy('7zip.7z', 'book.cbz');
    expect(await inspectBook(file, 'cbz')).toMatchObject({ format: 'cb7', pageCount: 1 });
    expect((await readPage(file, 'cbz', 1)).mediaType).toBe('image/png');
  });

  it('7zip-encrypted.7z named book.cbr is refused as encrypted, with a clear kind', async () => {
    const file = await scratch.copy('7zip-encrypted.7z', 'book.cbr');
    expect(await kindOf(inspectBook(file, 'cbr'))).toBe('encrypted');
    expect(await kindOf(readPage(file, 'cbz', 1))).toBe('encrypted');
  });
});

describe('EPUB fixtures', () => {
  it('epub3.epub: calibre placeholders are dropped, the cover-image is found', async () => {
    const inspection = await inspectBook(komga('epub3.epub'), 'epub');
    // dc:creator "Unknown" and dc:date 0101-01-01 are what calibre writes when it knows nothing.
    expect(inspection).toEqual({
      format: 'epub',
      coverFingerprint: ZIP_FINGERPRINT,
      pageCount: null,
      metadata: { title: 'zip', language: 'en' },
    });
    const cover = await readCover(komga('epub3.epub'), 'epub');
    expect(cover?.mediaType).toBe('image/jpeg');
    expect((await sharp(cover!.data).metadata()).format).toBe('jpeg');
    expect(await kindOf(readPage(komga('epub3.epub'), 'epub', 1))).toBe('unsupported');
  });

  it('The Incomplete Theft: metadata from an OPF that starts with blank space', async () => {
    const path = komga('The Incomplete Theft - Ralph Burke.epub');
    expect(await inspectBook(path, 'epub')).toEqual({
      coverFingerprint: ZIP_FINGERPRINT,
      format: 'epub',
      pageCount: null,
      metadata: {
        title: 'The Incomplete Theft',
        authors: [{ name: 'Ralph Burke', role: 'author' }],
        language: 'en',
        publishDate: '2021-06-20',
      },
    });
    const cover = await readCover(path, 'epub');
    expect(cover?.mediaType).toBe('image/jpeg');
    expect((await sharp(cover!.data).metadata()).width).toBeGreaterThan(100);
  });
});

describe('PDF fixture', () => {
  it('counts pages, reads the Info dictionary and renders PNG pages', async () => {
    const inspection = await inspectBook(komga('komga.pdf'), 'pdf');
    // The Title ends in an encoded NUL; the Author is ImageMagick's URL, which is not a person.
    expect(inspection).toEqual({
      format: 'pdf',
      pageCount: 1,
      metadata: { title: 'komga', publishDate: '2022-01-05' },
    });
    const page = await readPage(komga('komga.pdf'), 'pdf', 1);
    expect(page.mediaType).toBe('image/png');
    const { width, height, format } = await sharp(page.data).metadata();
    expect({ width, height, format }).toEqual({ width: 1600, height: 1600, format: 'png' });
    expect(await kindOf(readPage(komga('komga.pdf'), 'pdf', 2))).toBe('not_found');
    expect(await kindOf(readPage(komga('komga.pdf'), 'pdf', 0))).toBe('not_found');
    // The cover is only ever made into a thumbnail: rendered at the thumbnail's size, as pixels (no encoding).
    const cover = await readCover(komga('komga.pdf'), 'pdf', { width: 300, height: 400 });
    expect(cover && 'raw' in cover ? cover.raw : null).toEqual({ width: 300, height: 300, channels: 3 });
    expect(cover!.data.length).toBe(300 * 300 * 3);
  });
});

describe('the bytes decide, not the extension', () => {
  it('a .cbz that is really a RAR is read as a CBR', async () => {
    const file = await scratch.copy('rar5-solid.rar', 'really-rar.cbz');
    expect(await inspectBook(file, 'cbz')).toMatchObject({ format: 'cbr', pageCount: 3 });
    expect((await readPage(file, 'cbz', 2)).mediaType).toBe('image/png');
  });

  it('a .cbr that is really a ZIP is read as a CBZ', async () => {
    const file = await scratch.copy('zip.zip', 'really-zip.cbr');
    expect(await inspectBook(file, 'cbr')).toMatchObject({ format: 'cbz', pageCount: 1 });
    expect((await readCover(file, 'cbr'))?.mediaType).toBe('image/png');
  });

  it('a PDF named .cbz is read as a PDF', async () => {
    const file = await scratch.copy('komga.pdf', 'really-pdf.cbz');
    expect(await inspectBook(file, 'cbz')).toMatchObject({ format: 'pdf', pageCount: 1 });
    expect((await readPage(file, 'cbz', 1)).mediaType).toBe('image/png');
  });

  it('an EPUB named .pdf is read as an EPUB', async () => {
    const file = await scratch.copy('epub3.epub', 'really-epub.pdf');
    expect(await inspectBook(file, 'pdf')).toMatchObject({ format: 'epub', metadata: { title: 'zip' } });
  });

  it('a missing file is not_found', async () => {
    expect(await kindOf(inspectBook(komga('does-not-exist.cbz'), 'cbz'))).toBe('not_found');
    expect(await kindOf(readPage(komga('does-not-exist.pdf'), 'pdf', 1))).toBe('not_found');
  });
});

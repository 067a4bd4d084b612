import { readFile } from 'node:fs/promises';

import * as mupdf from 'mupdf';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BookFileError, inspectBook, readCover, readPage } from '../../src/indexer/formats/index.js';
import { komga, scratchDir } from './support/books.js';

type Scratch = Awaited<ReturnType<typeof scratchDir>>;
let scratch: Scratch;

beforeAll(async () => {
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.remove();
});

/** The Komga PDF, re-saved by MuPDF with other Info values and write options (encryption). */
async function variant(name: string, info: Record<string, string>, options = ''): Promise<string> {
  const document = mupdf.Document.openDocument(await readFile(komga('komga.pdf')), 'application/pdf').asPDF()!;
  for (const [key, value] of Object.entries(info)) document.setMetaData(`info:${key}`, value);
  const saved = document.saveToBuffer(options);
  const path = await scratch.write(name, Buffer.from(saved.asUint8Array()));
  saved.destroy();
  document.destroy();
  return path;
}

describe('PDF', () => {
  it('splits authors, keeps the subject as summary and drops impossible dates', async () => {
    const path = await variant('info.pdf', {
      Title: '  Le Titre ',
      Author: 'Jean Dupont; Marie Curie & Ada Lovelace and Alan Turing, Jean Dupont',
      Subject: 'A <b>short</b> summary',
      CreationDate: 'D:19700101000000Z',
    });
    expect(await inspectBook(path, 'pdf')).toEqual({
      format: 'pdf',
      pageCount: 1,
      metadata: {
        title: 'Le Titre',
        authors: [
          { name: 'Jean Dupont', role: 'author' },
          { name: 'Marie Curie', role: 'author' },
          { name: 'Ada Lovelace', role: 'author' },
          { name: 'Alan Turing', role: 'author' },
        ],
        summary: 'A short summary',
      },
    });
  });

  it('a PDF that needs a password is encrypted; one with only an owner password is readable', async () => {
    const locked = await variant('locked.pdf', {}, 'encrypt=aes-256,user-password=secret,owner-password=owner');
    for (const operation of [
      () => inspectBook(locked, 'pdf'),
      () => readPage(locked, 'pdf', 1),
      () => readCover(locked, 'pdf'),
    ]) {
      const error = await operation().catch((err: unknown) => err);
      expect(error).toBeInstanceOf(BookFileError);
      expect((error as BookFileError).kind).toBe('encrypted');
    }
    const ownerOnly = await variant('owner-only.pdf', {}, 'encrypt=aes-128,owner-password=owner');
    expect(await inspectBook(ownerOnly, 'pdf')).toMatchObject({ pageCount: 1 });
    const page = await readPage(ownerOnly, 'pdf', 1);
    expect((await sharp(page.data).metadata()).format).toBe('png');
  });
});

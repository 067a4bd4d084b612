import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cbr, cbz, epub, pageImages, pdf, pdfOfImages } from '../lib/books.ts';
import { fileName, seriesNames } from '../lib/names.ts';
import { REAL_PAGE, realPages } from '../lib/real-pages.ts';

/**
 * `small`: 800×1200 flat-colour pages (quick to make, quick to read: CI runs it). `real`: 1600×2400 photographic-like
 * pages of 300–800 KB, mostly JPEG with some PNG and WebP covers, PDFs made of page images and EPUBs with a cover,
 * so that the covers cost what they cost on a real collection.
 */
export type PageKind = 'small' | 'real';

type Book = (series: string, volume: number, extension: string) => Buffer;

export type Extension = 'cbz' | 'cbr' | 'pdf' | 'epub';

/** The formats of a generated library, given to its files in turn: by default 70% CBZ, 10% each CBR, PDF and EPUB. */
export const MIXED: readonly Extension[] = ['cbz', 'cbz', 'cbz', 'cbz', 'cbz', 'cbz', 'cbz', 'cbr', 'pdf', 'epub'];

async function smallBooks(): Promise<Book> {
  const pages = await pageImages();
  const rar = cbr();
  return (series, volume, extension) =>
    extension === 'cbz'
      ? cbz(pages, { series, number: volume, title: `${series} ${volume}`, writer: 'Auteur Exemple' })
      : extension === 'cbr'
        ? rar
        : extension === 'pdf'
          ? pdf(`${series} ${volume}`, 'Auteur Exemple')
          : epub(`${series} ${volume}`, 'Autrice Exemple');
}

/**
 * Books of three pages (a cover and two more): enough for the cover and the page count, while 10k books stay near
 * 20 GB. One CBZ in seven has a PNG cover and one in seven a WebP cover; the rest are JPEG.
 */
async function realBooks(cacheDir: string): Promise<Book> {
  const pages = await realPages(cacheDir);
  const rar = cbr();
  let made = 0;
  return (series, volume, extension) => {
    const n = made++;
    const jpeg = (k: number) => pages.jpeg[(n + k) % pages.jpeg.length]!;
    const title = `${series} ${volume}`;
    if (extension === 'cbr') return rar;
    if (extension === 'pdf') return pdfOfImages(title, 'Auteur Exemple', [jpeg(0), jpeg(1), jpeg(2)], REAL_PAGE);
    if (extension === 'epub') return epub(title, 'Autrice Exemple', jpeg(0));
    const kind = n % 7;
    const cover =
      kind === 5 ? pages.png[n % pages.png.length]! : kind === 6 ? pages.webp[n % pages.webp.length]! : jpeg(0);
    return cbz([cover, jpeg(1), jpeg(2)], { series, number: volume, title, writer: 'Auteur Exemple' });
  };
}

/**
 * A synthetic library: `files` books across `files / 10` series folders, in the `formats` given in turn (70% CBZ,
 * 10% each CBR, PDF and EPUB unless told), named in real-world styles. Made once per root and reused (a `.complete`
 * marker says so): a root holds one size, kind of pages and mix. The real pages themselves are kept in
 * `<root>/../real-pages`.
 */
export async function generateLibrary(
  root: string,
  files: number,
  pageKind: PageKind = 'small',
  formats: readonly Extension[] = MIXED,
): Promise<void> {
  if (existsSync(path.join(root, '.complete'))) return;
  await rm(root, { recursive: true, force: true });
  const book = pageKind === 'real' ? await realBooks(path.join(root, '..', 'real-pages')) : await smallBooks();
  const perSeries = 10;
  const names = seriesNames(Math.ceil(files / perSeries));
  let written = 0;
  for (const series of names) {
    const folder = path.join(root, series.replace(/\//g, '-'));
    await mkdir(folder, { recursive: true });
    const writes: Promise<void>[] = [];
    for (let volume = 1; volume <= perSeries && written < files; volume++, written++) {
      const extension = formats[written % formats.length]!;
      writes.push(writeFile(path.join(folder, fileName(series, volume, extension)), book(series, volume, extension)));
    }
    await Promise.all(writes);
  }
  await writeFile(path.join(root, '.complete'), String(files));
}

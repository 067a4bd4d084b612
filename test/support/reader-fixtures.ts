import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { buildZip } from './comics.js';
import { REPO_ROOT } from './server-process.js';

/**
 * Books for the reader's modes (issue 21), drawn by sharp so that a test and a screenshot can tell the pages
 * apart: a right-to-left manga volume whose page 5 is a double-page spread (one wide image), its second volume, a
 * webtoon strip of tall pages, and a PDF. Shared by the reader's e2e files.
 */
export const READER_FIXTURES = {
  rootPath: 'reader-modes',
  manga: { series: 'Kaze no Michi', pages: 8, widePage: 5, secondVolumePages: 3 },
  webtoon: { series: 'Long Strip', pages: 6, width: 400, height: 2000 },
  pdf: { series: 'Manual' },
} as const;

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page with its number large in the middle (and a label above), `width`×`height` pixels. */
export async function numberedPage(
  page: number,
  { width, height, colour, label }: { width: number; height: number; colour: string; label: string },
): Promise<Buffer> {
  const font = 'font-family="DejaVu Sans, Liberation Sans, sans-serif" text-anchor="middle"';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="${width}" height="${height}" fill="#f4f1ea"/>
    <rect x="10" y="10" width="${width - 20}" height="${height - 20}" fill="none" stroke="${colour}" stroke-width="6"/>
    <text x="${width / 2}" y="${Math.min(height / 2 - 90, 120)}" ${font} font-size="28" fill="${colour}">${escapeXml(label)}</text>
    ${Array.from({ length: Math.max(1, Math.floor(height / 900)) }, (_, i) => `<text x="${width / 2}" y="${450 + i * 900}" ${font} font-size="160" font-weight="bold" fill="${colour}">${page}</text>`).join('')}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 70 }).toBuffer();
}

const comicInfo = (series: string, volume: number, manga: boolean) =>
  Buffer.from(
    `<?xml version="1.0" encoding="utf-8"?>
<ComicInfo><Series>${escapeXml(series)}</Series><Volume>${volume}</Volume><Number>${volume}</Number>${
      manga ? '<Manga>YesAndRightToLeft</Manga>' : ''
    }</ComicInfo>`,
  );

async function cbz(file: string, series: string, volume: number, manga: boolean, pages: Promise<Buffer>[]) {
  const images = await Promise.all(pages);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(
    file,
    buildZip([
      ...images.map((data, i) => ({ name: `p${String(i + 1).padStart(3, '0')}.jpg`, data })),
      { name: 'ComicInfo.xml', data: comicInfo(series, volume, manga) },
    ]),
  );
}

/** Writes the reader's books under `librariesRoot/READER_FIXTURES.rootPath`. */
export async function writeReaderFixtures(librariesRoot: string): Promise<void> {
  const root = path.join(librariesRoot, READER_FIXTURES.rootPath);
  const { manga, webtoon, pdf } = READER_FIXTURES;
  const mangaPage = (volume: number) => (page: number) =>
    numberedPage(page, {
      width: volume === 1 && page === manga.widePage ? 1200 : 600,
      height: 900,
      colour: volume === 1 ? '#8a3b2f' : '#2f5d8a',
      label: volume === 1 && page === manga.widePage ? 'spread' : `vol. ${volume}`,
    });
  await Promise.all([
    cbz(
      path.join(root, manga.series, `${manga.series} v01.cbz`),
      manga.series,
      1,
      true,
      Array.from({ length: manga.pages }, (_, i) => mangaPage(1)(i + 1)),
    ),
    cbz(
      path.join(root, manga.series, `${manga.series} v02.cbz`),
      manga.series,
      2,
      true,
      Array.from({ length: manga.secondVolumePages }, (_, i) => mangaPage(2)(i + 1)),
    ),
    cbz(
      path.join(root, webtoon.series, `${webtoon.series} v01.cbz`),
      webtoon.series,
      1,
      false,
      Array.from({ length: webtoon.pages }, (_, i) =>
        numberedPage(i + 1, { width: webtoon.width, height: webtoon.height, colour: '#3b7a4a', label: 'strip' }),
      ),
    ),
    (async () => {
      await mkdir(path.join(root, pdf.series), { recursive: true });
      await copyFile(
        path.join(REPO_ROOT, 'apps/server/test/fixtures/komga/komga.pdf'),
        path.join(root, pdf.series, `${pdf.series} v01.pdf`),
      );
    })(),
  ]);
}

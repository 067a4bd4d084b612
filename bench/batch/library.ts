import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { cbz } from '../lib/books.ts';
import { fileName } from '../lib/names.ts';

/** The folder a series lives in; the scanner names the series after it. */
export const folderOf = (series: string) => series.replace(/\//g, '-');

/**
 * One tiny CBZ (a single 60×90 page) per series, in a folder named after it: the batch works on series, so the books
 * only have to exist. Made once per size and reused (a `.complete` marker says so).
 */
export async function generateSeriesLibrary(root: string, names: readonly string[]): Promise<void> {
  if (existsSync(path.join(root, '.complete'))) return;
  await rm(root, { recursive: true, force: true });
  const page = await sharp({ create: { width: 60, height: 90, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg({ quality: 50 })
    .toBuffer();
  for (let start = 0; start < names.length; start += 100) {
    await Promise.all(
      names.slice(start, start + 100).map(async (series) => {
        const folder = path.join(root, folderOf(series));
        await mkdir(folder, { recursive: true });
        const data = cbz([page], { series, number: 1, title: `${series} 1`, writer: 'Auteur Exemple' });
        await writeFile(path.join(folder, fileName(series, 1, 'cbz')), data);
      }),
    );
  }
  await writeFile(path.join(root, '.complete'), String(names.length));
}

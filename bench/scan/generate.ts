import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cbr, cbz, epub, pageImages, pdf } from '../lib/books.ts';
import { fileName, seriesNames } from '../lib/names.ts';

/**
 * A synthetic library: `files` books across `files / 10` series folders, 70% CBZ, 10% each CBR, PDF
 * and EPUB, named in real-world styles. Made once per size and reused (a `.complete` marker says so).
 */
export async function generateLibrary(root: string, files: number): Promise<void> {
  if (existsSync(path.join(root, '.complete'))) return;
  await rm(root, { recursive: true, force: true });
  const pages = await pageImages();
  const rar = cbr();
  const perSeries = 10;
  const names = seriesNames(Math.ceil(files / perSeries));
  let written = 0;
  for (const series of names) {
    const folder = path.join(root, series.replace(/\//g, '-'));
    await mkdir(folder, { recursive: true });
    const writes: Promise<void>[] = [];
    for (let volume = 1; volume <= perSeries && written < files; volume++, written++) {
      const kind = written % 10;
      const extension = kind < 7 ? 'cbz' : kind === 7 ? 'cbr' : kind === 8 ? 'pdf' : 'epub';
      const data =
        extension === 'cbz'
          ? cbz(pages, { series, number: volume, title: `${series} ${volume}`, writer: 'Auteur Exemple' })
          : extension === 'cbr'
            ? rar
            : extension === 'pdf'
              ? pdf(`${series} ${volume}`, 'Auteur Exemple')
              : epub(`${series} ${volume}`, 'Autrice Exemple');
      writes.push(writeFile(path.join(folder, fileName(series, volume, extension)), data));
    }
    await Promise.all(writes);
  }
  await writeFile(path.join(root, '.complete'), String(files));
}

/**
 * node bench/backfill/run.ts [--books 10000]
 *
 * The one-time metadata backfill of issue 31 (services/metadata-backfill.service.ts) at `--books` books: a generated
 * library (CBZs whose ComicInfo fills every field, one EPUB in ten, ten books a series) is scanned by the built
 * server (SQLite, covers left to first requests); the database is then put back to what the previous version stored
 * (the new fields empty, no sources, authors without roles), the library marked as the upgrade's migration marks it,
 * and the server started again: it starts the backfill, whose rate is printed (books/s, CPU per book of the server
 * and its readers). Figures are written to bench/results.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MikroORM, type Options } from '@mikro-orm/sql';
import { epub, pageImages } from '../lib/books.ts';
import { fileName, seriesNames } from '../lib/names.ts';
import { api, runJob, startServer, type RunningServer } from '../lib/server.ts';
import { zip } from '../lib/zip.ts';

const DIST = '../../apps/server/dist';
const { loadConfig } = (await import(`${DIST}/config.js`)) as {
  loadConfig: (env: Record<string, string>) => { database: unknown };
};
const { ormOptions } = (await import(`${DIST}/database/orm.js`)) as {
  ormOptions: (database: unknown) => Promise<Options>;
};

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({ options: { books: { type: 'string', default: '10000' } } });
const books = Number(values.books);
const librariesRoot = path.join(here, '../.data');
const libraryFolder = `backfill-${books}`;
const libraryRoot = path.join(librariesRoot, libraryFolder);

/** A ComicInfo.xml with every field a tagger fills. */
const comicInfo = (series: string, number: number) => `<?xml version="1.0" encoding="utf-8"?>
<ComicInfo><Title>${series} ${number}</Title><Series>${series}</Series><Number>${number}</Number><Count>10</Count>
<Summary>Volume ${number} of ${series}: the watch holds the bridge until dawn.</Summary><Year>2021</Year><Month>6</Month>
<Writer>Ada Writer</Writer><Penciller>Ben Penciller</Penciller><Inker>Cy Inker</Inker><Colorist>Di Colorist</Colorist>
<Letterer>Ed Letterer</Letterer><CoverArtist>Fay Cover</CoverArtist><Publisher>Lantern Press</Publisher>
<Imprint>Lantern Noir</Imprint><Genre>Fantasy, Adventure</Genre><Tags>bridges, night</Tags>
<Web>https://example.org/${number}</Web><LanguageISO>en</LanguageISO><Format>Trade Paperback</Format>
<Characters>Mara, Tom</Characters><Teams>The Watch</Teams><Locations>Old Bridge</Locations><StoryArc>Dawn Siege</StoryArc>
<StoryArcNumber>${number}</StoryArcNumber><SeriesGroup>Watch Universe</SeriesGroup><AgeRating>Teen</AgeRating></ComicInfo>`;

async function generate(): Promise<void> {
  if (existsSync(path.join(libraryRoot, '.complete'))) return;
  await rm(libraryRoot, { recursive: true, force: true });
  const pages = (await pageImages()).slice(0, 3);
  let written = 0;
  for (const series of seriesNames(Math.ceil(books / 10))) {
    const folder = path.join(libraryRoot, series.replace(/\//g, '-'));
    await mkdir(folder, { recursive: true });
    for (let volume = 1; volume <= 10 && written < books; volume++, written++) {
      const isEpub = written % 10 === 9;
      const data = isEpub
        ? epub(`${series} ${volume}`, 'Autrice Exemple')
        : zip([
            ...pages.map((page, i) => ({
              name: `${String(i + 1).padStart(3, '0')}.${page[0] === 0xff ? 'jpg' : 'png'}`,
              data: page,
            })),
            { name: 'ComicInfo.xml', data: Buffer.from(comicInfo(series, volume)) },
          ]);
      await writeFile(path.join(folder, fileName(series, volume, isEpub ? 'epub' : 'cbz')), data);
    }
  }
  await writeFile(path.join(libraryRoot, '.complete'), String(books));
}

/** The database as the version before the backfill left it, the library marked as the upgrade marks it. */
async function putBackPreviousVersion(env: Record<string, string>): Promise<void> {
  const orm = await MikroORM.init(await ormOptions(loadConfig(env).database));
  try {
    const connection = orm.em.fork().getConnection();
    await connection.execute(
      `update books set count = null, genres = '[]', publishers = '[]', imprint = null, tags = '[]',
         age_rating = null, age_rating_age = null, web_links = '[]', story_arcs = '[]', series_group = null,
         characters = '[]', teams = '[]', locations = '[]', comic_format = null, black_and_white = null,
         metadata_sources = '{}',
         authors = '[{"name":"Ada Writer","role":"writer"},{"name":"Ben Penciller","role":"writer"},{"name":"Cy Inker","role":"writer"}]'
       where format = 'cbz'`,
      [],
      'run',
    );
    await connection.execute(`update libraries set metadata_backfill_pending = 1`, [], 'run');
  } finally {
    await orm.close(true);
  }
}

console.log(`Generating ${books} books (reused when already there)…`);
await generate();
const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-bench-backfill-'));
const env: Record<string, string> = { DATA_DIR: dataDir, LIBRARIES_ROOT: librariesRoot, SCAN_COVERS: 'on-demand' };
let server: RunningServer | undefined;
try {
  server = await startServer(env);
  const library = await api<{ id: string }>(server.url, '/libraries', {
    method: 'POST',
    body: { name: 'Backfill', root_path: libraryFolder, watch: 'off' },
  });
  // Its first scan was started at creation; a scan asked for now is the same job, waited for.
  const scan = await runJob(server.url, `/libraries/${library.id}/scan`, { mode: 'incremental' });
  console.log(`scanned: ${scan.job.report.added} books in ${scan.job.report.index_ms} ms`);
  await server.stop();
  await putBackPreviousVersion(env);

  server = await startServer(env);
  // startServer gives up waiting after 30 s; a loaded machine's start with 10k books can take longer.
  for (
    let tries = 0;
    !(await fetch(`${server.url}/api/v1/health`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 600) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const cpuBefore = server.cpuMs();
  const mainBefore = server.mainThreadCpuMs();
  const started = performance.now();
  let job: { id: string; status: string; report: { duration_ms: number } & Record<string, number> } | undefined;
  for (;;) {
    const list = await api<{ items: { id: string; status: string }[] }>(
      server.url,
      `/jobs?type=metadata_backfill&library_id=${library.id}`,
    );
    const found = list.items[0];
    if (found && ['succeeded', 'completed_with_errors', 'failed', 'cancelled'].includes(found.status)) {
      job = await api(server.url, `/jobs/${found.id}`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const wallMs = performance.now() - started;
  const cpuMs = server.cpuMs() - cpuBefore;
  const mainMs = server.mainThreadCpuMs() - mainBefore;
  const report = job!.report;
  console.log(`\nShelfmark metadata backfill — ${books} books (90% CBZ with a full ComicInfo, 10% EPUB), SQLite\n`);
  console.log(`job ${job!.status}: ${JSON.stringify(report)}`);
  console.log(
    `${Math.round(books / (report.duration_ms / 1000))} books/s (${report.duration_ms} ms in the job; ${Math.round(wallMs)} ms from the server's start)`,
  );
  console.log(
    `${(cpuMs / books).toFixed(2)} ms CPU per book (server + readers), ${(mainMs / books).toFixed(2)} on the event loop; server peak ${server.peakRssMb()} MB`,
  );
  mkdirSync(path.join(here, '../results'), { recursive: true });
  writeFileSync(
    path.join(here, `../results/backfill-${books}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
    JSON.stringify({ books, report, wallMs, cpuMs, mainMs, peakRssMb: server.peakRssMb() }, null, 2),
  );
} finally {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
}

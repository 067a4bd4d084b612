/**
 * npm run bench:opds [-- --books 100000 --series 10000 --duration 8 --database-url postgres://…/db]
 *
 * The same data as bench:api (100k books in 10k series, loaded through the server's storage code) plus one
 * 200-volume series, the real server, autocannon at 32 connections with HTTP Basic and a read token, as a reading
 * app signs in. Measures GET /api/v1/health (the floor) and, in OPDS 1.2 and 2.0: the root, a library feed, the
 * all-series feed (first and last page) and the 200-book series feed. SQLite, then PostgreSQL. Targets are printed
 * next to the figures; nothing is asserted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadLibrary, LONG_SERIES, type DatabaseConfig } from '../api/load.ts';
import {
  figureLine,
  figuresTable,
  freshPostgres,
  measure,
  slowdown,
  type Figure,
  type Measure,
} from '../lib/measure.ts';
import { api, startServer } from '../lib/server.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '100000' },
    series: { type: 'string', default: '10000' },
    duration: { type: 'string', default: '8' },
    connections: { type: 'string', default: '32' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/shelfmark_bench' },
    only: { type: 'string' },
  },
});
const books = Number(values.books);
const seriesCount = Number(values.series);
const load = { duration: Number(values.duration), connections: Number(values.connections) };
const LONG_RUN = 200;
const cold: string[] = [];

async function runOn(label: string, database: DatabaseConfig, env: Record<string, string>): Promise<Figure[]> {
  const librariesRoot = path.join(here, '../.data/opds-libraries');
  mkdirSync(librariesRoot, { recursive: true });
  console.log(`\n[${label}] loading ${books} books in ${seriesCount} series and one of ${LONG_RUN}…`);
  const started = performance.now();
  const loaded = await loadLibrary({ repo, database, librariesRoot, books, series: seriesCount, longSeries: LONG_RUN });
  console.log(`[${label}] loaded in ${Math.round((performance.now() - started) / 1000)} s`);
  const server = await startServer({ ...env, LIBRARIES_ROOT: librariesRoot });
  try {
    const { token } = await api<{ token: string }>(server.url, '/tokens', {
      method: 'POST',
      body: { name: 'bench reader', scope: 'read' },
    });
    const basic = { authorization: `Basic ${Buffer.from(`reader:${token}`).toString('base64')}` };
    const total = await api<{ total: number }>(server.url, '/series?limit=1');
    const lastPage = Math.max(1, Math.ceil(total.total / 50));
    const long = await api<{ items: { id: string; book_count: number }[] }>(
      server.url,
      `/series?q=${encodeURIComponent(LONG_SERIES)}`,
    );
    const longRun = long.items.find((item) => item.book_count === LONG_RUN)!.id;
    const [library] = loaded.libraryIds;
    const feeds = (version: 'v1.2' | 'v2'): Measure[] => [
      { name: `${version} root`, path: `/opds/${version}`, list: true },
      { name: `${version} library`, path: `/opds/${version}/libraries/${library}`, list: true },
      { name: `${version} all series`, path: `/opds/${version}/series`, list: true },
      { name: `${version} all series deep`, path: `/opds/${version}/series?page=${lastPage}`, list: true },
      { name: `${version} series (${LONG_RUN} books)`, path: `/opds/${version}/series/${longRun}`, list: true },
    ];
    const targets = [
      { name: 'health (floor)', path: '/api/v1/health', list: false },
      ...feeds('v1.2'),
      ...feeds('v2'),
    ].filter((target) => !values.only || target.name.includes(values.only));
    // The first request of each document renders it (later ones at the same catalog version are served from the
    // rendered-feed cache, as they would be for a popular feed): time that cold render too.
    for (const target of targets) {
      const started = performance.now();
      const response = await fetch(`${server.url}${String(target.path)}`, { headers: basic });
      await response.arrayBuffer();
      const ms = (performance.now() - started).toFixed(1);
      console.log(`[${label}] ${target.name.padEnd(28)} first request ${ms} ms (${response.status})`);
      cold.push(`| ${label} | ${target.name} | ${ms} |`);
    }
    await autocannon({
      url: `${server.url}/api/v1/health`,
      connections: load.connections,
      duration: Math.min(3, load.duration),
    });
    const figures: Figure[] = [];
    for (const target of targets) {
      const figure = { database: label, ...(await measure(server.url, target, { ...load, headers: basic })) };
      figures.push(figure);
      console.log(figureLine(figure, 28));
    }
    return figures;
  } finally {
    await server.stop();
  }
}

function table(figures: Figure[]): string {
  const lines = figuresTable(figures, 'document');
  for (const database of new Set(figures.map((f) => f.database))) {
    for (const version of ['v1.2', 'v2']) {
      const ratio = slowdown(figures, database, `${version} all series`, `${version} all series deep`);
      if (ratio !== undefined) {
        lines.push(`\n${database} ${version}: deep page slowdown (first req/s ÷ deep req/s): ${ratio.toFixed(2)}×`);
      }
    }
  }
  lines.push('\nTargets: every feed ≥ 30% of /health req/s; the deep page no slower than 2× the first.');
  lines.push('\nFirst request of each document (cold: list queries and rendering), one client:\n');
  lines.push('| database | document | ms |', '|---|---|---:|', ...cold);
  return lines.join('\n');
}

const figures: Figure[] = [];
const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-opds-bench-'));
try {
  figures.push(
    ...(await runOn('sqlite', { kind: 'sqlite', path: path.join(dataDir, 'shelfmark.db') }, { DATA_DIR: dataDir })),
  );
  const pgUrl = values['database-url'];
  await freshPostgres(pgUrl);
  figures.push(
    ...(await runOn('postgresql', { kind: 'postgresql', url: pgUrl }, { DATA_DIR: dataDir, DATABASE_URL: pgUrl })),
  );
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
const report = table(figures);
console.log(`\n${report}`);
const resultsDir = path.join(here, '../results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `opds-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
writeFileSync(
  file,
  `# bench:opds — ${books} books, ${seriesCount} series (+${LONG_RUN}), ${load.connections} connections, ${load.duration} s each\n\n${report}\n`,
);
console.log(`\nWritten to ${path.relative(repo, file)}`);

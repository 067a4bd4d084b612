/**
 * node bench/cbl/run.ts [-- --books 100000 --series 10000 --entries 5000 --database-url postgres://…/db]
 *
 * Imports a ComicRack `.cbl` of 5,000 entries (issue 32: under 10 s on this machine) into a catalogue of 100k books
 * (bench/api/load.ts), over HTTP as the admin's upload sends it (multipart, POST /reading-lists/import), on SQLite
 * and on PostgreSQL. The entries name real books by series and number (with a year), with some the catalogue does not
 * hold and some named twice, as traded lists do. Then "Match again" on the same list. Prints the wall time of each;
 * nothing is asserted.
 */
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { freshPostgres } from '../lib/measure.ts';
import { api, startServer } from '../lib/server.ts';
import { benchOwner } from '../api/shelves.ts';
import { loadLibrary, type DatabaseConfig } from '../api/load.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const { values } = parseArgs({
  options: {
    books: { type: 'string', default: '100000' },
    series: { type: 'string', default: '10000' },
    entries: { type: 'string', default: '5000' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/shelfmark_bench' },
  },
});
const entries = Number(values.entries);

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A list of `entries` books of the catalogue, 5% unknown and 2% named twice. */
async function cblOf(url: string): Promise<string> {
  const books: { series: string | null; volume: number | null; chapter: number | null }[] = [];
  for (let page = 1; books.length < entries; page++) {
    const found = await api<{ items: typeof books }>(url, `/books?sort=series&limit=500&page=${page}`);
    if (found.items.length === 0) break;
    books.push(...found.items.filter((book) => book.series !== null));
  }
  const lines: string[] = [];
  for (let i = 0; i < entries; i++) {
    const book = books[i % books.length]!;
    const number = book.volume ?? book.chapter ?? 1;
    if (i % 20 === 19) lines.push(`<Book Series="Not In This Catalogue ${i}" Number="${i}" Year="2020" />`);
    else if (i % 50 === 49) lines.push(lines.at(-1)!);
    else
      lines.push(
        `<Book Series="${xml(book.series!)}" Number="${number}" Year="2019"><Database Name="cv" Series="${i}" Issue="${i}" /></Book>`,
      );
  }
  return `<?xml version="1.0"?>\n<ReadingList xmlns:xsd="http://www.w3.org/2001/XMLSchema"><Name>Bench event</Name><Books>\n${lines.join('\n')}\n</Books></ReadingList>`;
}

async function runOn(label: string, database: DatabaseConfig, env: Record<string, string>): Promise<string> {
  const librariesRoot = path.join(here, '../.data/cbl-libraries');
  mkdirSync(librariesRoot, { recursive: true });
  console.log(`\n[${label}] loading ${values.books} books in ${values.series} series…`);
  await loadLibrary({ repo, database, librariesRoot, books: Number(values.books), series: Number(values.series) });
  const server = await startServer({ ...env, LIBRARIES_ROOT: librariesRoot });
  try {
    const owner = await benchOwner(server.url);
    const cbl = await cblOf(server.url);
    const form = new FormData();
    form.append('file', new Blob([cbl], { type: 'application/xml' }), 'bench.cbl');
    const started = performance.now();
    const response = await fetch(`${server.url}/api/v1/reading-lists/import`, {
      method: 'POST',
      headers: owner,
      body: form,
    });
    const importMs = performance.now() - started;
    const body = (await response.json()) as {
      id: string;
      book_count: number;
      import_report: { matched: number; ambiguous: number; missing: number };
    };
    if (response.status !== 201) throw new Error(`import: ${response.status} ${JSON.stringify(body)}`);
    const againStarted = performance.now();
    const again = await fetch(`${server.url}/api/v1/reading-lists/${body.id}/import-report/match`, {
      method: 'POST',
      headers: owner,
    });
    const againMs = performance.now() - againStarted;
    if (again.status !== 200) throw new Error(`match again: ${again.status} ${await again.text()}`);
    const { matched, ambiguous, missing } = body.import_report;
    const line =
      `${label}: ${entries} entries (${(cbl.length / 1024).toFixed(0)} KiB) imported in ${(importMs / 1000).toFixed(2)} s ` +
      `(${matched} matched, ${ambiguous} ambiguous, ${missing} missing; ${body.book_count} books in the list); ` +
      `Match again in ${(againMs / 1000).toFixed(2)} s`;
    console.log(line);
    return line;
  } finally {
    await server.stop();
  }
}

const lines: string[] = [];
const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-cbl-bench-'));
try {
  lines.push(
    await runOn('sqlite', { kind: 'sqlite', path: path.join(dataDir, 'shelfmark.db') }, { DATA_DIR: dataDir }),
  );
  const pgUrl = values['database-url'];
  await freshPostgres(pgUrl);
  lines.push(await runOn('postgresql', { kind: 'postgresql', url: pgUrl }, { DATA_DIR: dataDir, DATABASE_URL: pgUrl }));
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`\n${lines.join('\n')}\nTarget (issue 32): a .cbl of 5,000 entries imports in under 10 s.`);

/**
 * node bench/scan/first-scan-only.ts [--files 20000] [--database-url postgres://…] [--runs 1]
 *
 * Only the first scan without covers of bench:scan (index-only.ts), `--runs` times on the same generated library:
 * files/s, CPU per file of the server and its readers and of its event loop alone, and on PostgreSQL the CPU of the
 * database's own backends per file (sampled from /proc every 200 ms: the scan's queries cost the cores there too).
 * For comparing two builds of the indexing path quickly; bench:scan measures everything else.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateLibrary } from './generate.ts';
import { firstScanWithoutCovers } from './index-only.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '20000' },
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '1' },
  },
});
const files = Number(values.files);
const librariesRoot = path.join(here, '../.data');
const libraryFolder = `scan-${files}`;
await generateLibrary(path.join(librariesRoot, libraryFolder), files, 'small');
const dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-bench-first-'));
const env: Record<string, string> = { DATA_DIR: dataDir, LIBRARIES_ROOT: librariesRoot };
const databaseUrl = values['database-url'];
if (databaseUrl) env.DATABASE_URL = databaseUrl;

/** CPU time (ms) of each PostgreSQL backend serving `database`, as last seen. */
function sampleBackends(database: string, seen: Map<number, number>): void {
  try {
    const pids = execFileSync(
      'psql',
      [
        '-h',
        new URL(databaseUrl!).hostname,
        '-U',
        'postgres',
        '-Atc',
        `select pid from pg_stat_activity where datname = '${database}'`,
      ],
      { encoding: 'utf8' },
    );
    for (const pid of pids.split('\n').filter(Boolean).map(Number)) {
      // utime and stime, in clock ticks of 10 ms, after the command name.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      seen.set(pid, (Number(fields[11]) + Number(fields[12])) * 10);
    }
  } catch {
    // a backend gone between the query and the read, or psql missing: the figure is then a lower bound
  }
}

try {
  for (let run = 0; run < Number(values.runs); run++) {
    const backends = new Map<number, number>();
    const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
    const timer = database ? setInterval(() => sampleBackends(database, backends), 200) : null;
    const scan = await firstScanWithoutCovers(env, libraryFolder);
    if (timer) clearInterval(timer);
    const postgresMs = [...backends.values()].reduce((sum, ms) => sum + ms, 0);
    console.log(
      `${database ? 'PostgreSQL' : 'SQLite'} ${files} files: ${Math.round(files / (scan.report.index_ms / 1000))} files/s, ` +
        `${(scan.cpuMs / files).toFixed(3)} ms CPU per file (server + readers), ${(scan.mainMs / files).toFixed(3)} on the event loop` +
        `${database ? `, ${(postgresMs / files).toFixed(3)} in PostgreSQL` : ''}; server peak ${scan.peakRssMb} MB`,
    );
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}

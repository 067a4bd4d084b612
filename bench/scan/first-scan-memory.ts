/**
 * npm run bench:scan:memory [-- --files 100000] [--database-url postgres://…]
 *
 * Only the first scan without covers (SCAN_COVERS=on-demand, the watcher off), on a server of its own: its files/s,
 * CPU per file and the server's peak RSS (VmHWM), the figure issue 22's memory goal is about, in a fraction of
 * bench:scan's time. SHELFMARK_BENCH_NODE_OPTIONS is passed to the server as NODE_OPTIONS (e.g.
 * `--heapsnapshot-signal=SIGUSR2` to take heap snapshots while it scans).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { generateLibrary } from './generate.ts';
import { firstScanWithoutCovers } from './index-only.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  options: { files: { type: 'string', default: '10000' }, 'database-url': { type: 'string' } },
});
const files = Number(values.files);
const librariesRoot = path.join(here, '../.data');
const libraryFolder = `scan-${files}`;
await generateLibrary(path.join(librariesRoot, libraryFolder), files, 'small');
const env: Record<string, string> = { LIBRARIES_ROOT: librariesRoot, LOG_LEVEL: 'warn' };
if (values['database-url']) env.DATABASE_URL = values['database-url'];
if (process.env.SHELFMARK_BENCH_NODE_OPTIONS) env.NODE_OPTIONS = process.env.SHELFMARK_BENCH_NODE_OPTIONS;
const scan = await firstScanWithoutCovers(env, libraryFolder);
console.log(
  `${files} files, ${values['database-url'] ? 'PostgreSQL' : 'SQLite'}: first scan without covers ${Math.round(files / (scan.report.index_ms / 1000))} files/s (${scan.report.index_ms} ms); ${(scan.cpuMs / files).toFixed(3)} ms CPU per file (server + readers), ${(scan.mainMs / files).toFixed(3)} on the event loop; server peak RSS ${scan.peakRssMb} MB`,
);

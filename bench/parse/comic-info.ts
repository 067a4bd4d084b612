/**
 * node bench/parse/comic-info.ts [--rounds 20000] [--build apps/server/dist/indexer/formats] [--baseline other/formats]
 *
 * What reading every ComicInfo field costs (issue 31): parseComicInfo over a complete ComicInfo.xml (every field, from
 * apps/server/test/support/metadata-documents.ts), the odd one, and the five-field one bench:scan's books carry, in
 * microseconds of CPU per document; then inspectBook (open, list, read ComicInfo, parse: the format layer's whole
 * share of a first scan's work on a CBZ) on a CBZ carrying each. With `--baseline` (the formats folder of another
 * build, e.g. main's, which reads a third of the fields), the same for it and the difference, as a share of this
 * build's inspectBook: a first scan does more per file (hash, database), so its share of a scan is smaller still. The
 * budget: 5% of a first scan. Both builds run in one process, under the same load.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { FULL_COMIC_INFO_XML, ODD_COMIC_INFO_XML } from '../../apps/server/test/support/metadata-documents.ts';
import { buildZip } from '../../apps/server/test/formats/support/zip-writer.ts';
import { markdownTable } from '../lib/measure.ts';

type Parse = (xml: string) => unknown;
type Inspect = (path: string, format: 'cbz') => Promise<unknown>;
interface Build {
  parse: Parse;
  inspect: Inspect;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const results = path.join(here, '../results');
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20000' },
    build: { type: 'string', default: path.join(here, '../../apps/server/dist/indexer/formats') },
    baseline: { type: 'string' },
    'scan-ms-per-file': { type: 'string' },
  },
});
const rounds = Math.max(1, Number(values.rounds));

async function load(folder: string): Promise<Build> {
  const url = (file: string) => pathToFileURL(path.resolve(folder, file)).href;
  const { parseComicInfo } = (await import(url('comic-info.js'))) as { parseComicInfo: Parse };
  const { inspectBook } = (await import(url('index.js'))) as { inspectBook: Inspect };
  return { parse: parseComicInfo, inspect: inspectBook };
}

/** bench/lib/books.ts's ComicInfo: what the generated libraries of bench:scan carry. */
const SCAN_COMIC_INFO =
  '<?xml version="1.0"?>\n<ComicInfo><Title>Title</Title><Series>Series</Series><Number>12</Number>' +
  '<Writer>Writer Name</Writer><LanguageISO>fr</LanguageISO></ComicInfo>';
const DOCUMENTS = { full: FULL_COMIC_INFO_XML, odd: ODD_COMIC_INFO_XML, 'bench:scan books': SCAN_COMIC_INFO };

/** CPU microseconds per parse: a warm-up (JIT), then the median of three timed runs of `rounds` parses. */
function measure(parse: Parse, xml: string): number {
  for (let i = 0; i < 2000; i++) parse(xml);
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const cpu = process.cpuUsage();
    for (let i = 0; i < rounds; i++) parse(xml);
    const used = process.cpuUsage(cpu);
    runs.push((used.user + used.system) / rounds);
  }
  return runs.sort((a, b) => a - b)[1]!;
}

/** CPU microseconds per inspectBook of one file (the process's, thread pool included), median of three runs. */
async function measureInspect(inspect: Inspect, file: string, count: number): Promise<number> {
  for (let i = 0; i < 200; i++) await inspect(file, 'cbz');
  const runs: number[] = [];
  for (let run = 0; run < 3; run++) {
    const cpu = process.cpuUsage();
    for (let i = 0; i < count; i++) await inspect(file, 'cbz');
    const used = process.cpuUsage(cpu);
    runs.push((used.user + used.system) / count);
  }
  return runs.sort((a, b) => a - b)[1]!;
}

function scanMsPerFile(): { msPerFile: number; from: string } | null {
  if (values['scan-ms-per-file'] !== undefined) {
    return { msPerFile: Number(values['scan-ms-per-file']), from: '--scan-ms-per-file' };
  }
  let names: string[];
  try {
    names = readdirSync(results).filter((name) => /^scan-\d+-.*\.json$/.test(name));
  } catch {
    return null;
  }
  const file = names.sort().at(-1);
  if (file === undefined) return null;
  const data = JSON.parse(readFileSync(path.join(results, file), 'utf8')) as {
    files: number;
    first: { index_ms: number };
  };
  return { msPerFile: data.first.index_ms / data.files, from: file };
}

const build = await load(values.build);
const baseline = values.baseline === undefined ? null : await load(values.baseline);
const rows: string[][] = [];
const extra: Record<string, number> = {};
for (const [name, xml] of Object.entries(DOCUMENTS)) {
  const now = measure(build.parse, xml);
  const before = baseline ? measure(baseline.parse, xml) : null;
  if (before !== null) extra[name] = now - before;
  rows.push([
    `parse: ${name}`,
    String(xml.length),
    now.toFixed(1),
    before === null ? '–' : before.toFixed(1),
    before === null ? '–' : (now - before).toFixed(1),
  ]);
}
const folder = mkdtempSync(path.join(tmpdir(), 'shelfmark-bench-comicinfo-'));
let inspectShare: string | null = null;
try {
  const page = Buffer.alloc(40_000, 7);
  for (const [name, xml] of Object.entries(DOCUMENTS)) {
    if (name === 'odd') continue;
    const file = path.join(folder, `${name.replace(/\W/g, '-')}.cbz`);
    const pages = Array.from({ length: 20 }, (_, i) => ({ name: `p${i + 1}.jpg`, data: page, method: 0 }));
    writeFileSync(file, buildZip([...pages, { name: 'ComicInfo.xml', data: Buffer.from(xml) }]));
    const count = Math.max(1, Math.round(rounds / 10));
    const now = await measureInspect(build.inspect, file, count);
    const before = baseline ? await measureInspect(baseline.inspect, file, count) : null;
    rows.push([
      `inspectBook: CBZ with ${name}`,
      String(xml.length),
      now.toFixed(1),
      before === null ? '–' : before.toFixed(1),
      before === null ? '–' : (now - before).toFixed(1),
    ]);
    if (name === 'full' && before !== null) {
      inspectShare = `${(((now - before) / now) * 100).toFixed(1)}% of this build's inspectBook of the same CBZ`;
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(`\nCPU µs per document or file (median of 3 runs), Node ${process.version}\n`);
console.log(markdownTable(['what', 'ComicInfo bytes', 'this build', 'baseline', 'difference'], rows).join('\n'));
if (inspectShare !== null) console.log(`\nreading every field of a complete ComicInfo: ${inspectShare}`);
const scan = scanMsPerFile();
if (scan !== null && extra.full !== undefined) {
  console.log(
    `first scan: ${scan.msPerFile.toFixed(3)} ms of indexing per file (${scan.from}); reading every field costs ` +
      `${((extra.full / 1000 / scan.msPerFile) * 100).toFixed(2)}% of it (budget 5%)`,
  );
}

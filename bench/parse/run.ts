/**
 * npm run bench:parse [-- --rounds 200] [--parser path/to/filename-parser.js] [--failures]
 *
 * Every vector of apps/server/test/fixtures/filename-vectors.ts through the file-name parser: agreement per class and
 * overall (all fields, and the four numbers alone), then the parser's speed in names per second over `rounds` passes
 * of the vectors, and what that costs against a first scan at 100k files, from the newest bench:scan result in
 * bench/results (the parser runs once per file of a scan; its budget is 2% of the scan's indexing).
 * `--parser` measures another build of the parser (e.g. main's, to compare), `--failures` lists the disagreements.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { disagreements, FILE_NAME_VECTORS } from '../../apps/server/test/fixtures/filename-vectors.ts';
import type { FileNameVector } from '../../apps/server/test/fixtures/filename-vectors.ts';
import { markdownTable } from '../lib/measure.ts';

type Parse = (name: string, folder: string | null) => Parameters<typeof disagreements>[1];

const here = path.dirname(fileURLToPath(import.meta.url));
const results = path.join(here, '../results');
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '200' },
    parser: { type: 'string', default: path.join(here, '../../apps/server/dist/indexer/filename-parser.js') },
    failures: { type: 'boolean', default: false },
  },
});
const rounds = Math.max(1, Number(values.rounds));
const parserPath = path.resolve(values.parser);
const { parseFileName } = (await import(pathToFileURL(parserPath).href)) as { parseFileName: Parse };

interface ClassFigure {
  className: string;
  vectors: number;
  agree: number;
  numbersAgree: number;
}

const byClass = new Map<string, ClassFigure>();
const failures: string[] = [];
for (const vector of FILE_NAME_VECTORS) {
  const figure = byClass.get(vector.className) ?? {
    className: vector.className,
    vectors: 0,
    agree: 0,
    numbersAgree: 0,
  };
  byClass.set(vector.className, figure);
  const parsed = parseFileName(vector.name, vector.folder);
  const wrong = disagreements(vector, parsed);
  figure.vectors++;
  if (wrong.length === 0) figure.agree++;
  if (disagreements(vector, parsed, 'numbers').length === 0) figure.numbersAgree++;
  if (wrong.length > 0) failures.push(describe(vector, parsed, wrong));
}
const classes = [...byClass.values()];
const total: ClassFigure = {
  className: 'overall',
  vectors: FILE_NAME_VECTORS.length,
  agree: classes.reduce((sum, c) => sum + c.agree, 0),
  numbersAgree: classes.reduce((sum, c) => sum + c.numbersAgree, 0),
};
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

// Speed: a warm-up pass (JIT), then the timed passes; the median of three runs. The CPU time is printed beside the
// wall time: on a shared machine it moves much less with the load, and it is what the parser takes from a scan.
const names = FILE_NAME_VECTORS.map((v) => [v.name, v.folder] as const);
const pass = () => {
  for (const [name, folder] of names) parseFileName(name, folder);
};
pass();
const runs: { wallMs: number; cpuMs: number }[] = [];
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  for (let round = 0; round < rounds; round++) pass();
  const used = process.cpuUsage(cpu);
  runs.push({ wallMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 });
}
const medianMs = [...runs].sort((a, b) => a.wallMs - b.wallMs)[1]!.wallMs;
const medianCpuMs = [...runs].sort((a, b) => a.cpuMs - b.cpuMs)[1]!.cpuMs;
const namesPerCpuSecond = Math.round((names.length * rounds) / (medianCpuMs / 1000));
const namesPerSecond = Math.round((names.length * rounds) / (medianMs / 1000));

console.log(
  `\nShelfmark file-name parser — ${FILE_NAME_VECTORS.length} vectors, ${parserPath}, Node ${process.version}\n`,
);
console.log(
  markdownTable(
    ['class', 'vectors', 'agree (all fields)', 'agree (numbers)'],
    [...classes, total].map((c) => [
      c.className,
      String(c.vectors),
      percent(c.agree, c.vectors),
      percent(c.numbersAgree, c.vectors),
    ]),
  ).join('\n'),
);
// The held-out classes (`held-out`, `held-out-2`…) were written before the rules they measure: the figure that says
// how the parser does on names it was not tuned to.
const heldOut = classes.filter((c) => c.className.startsWith('held-out'));
const heldOutVectors = heldOut.reduce((sum, c) => sum + c.vectors, 0);
if (heldOutVectors > 0) {
  console.log(
    `\nheld out (${heldOut.map((c) => c.className).join(', ')}: ${heldOutVectors} names): ` +
      `${percent(
        heldOut.reduce((sum, c) => sum + c.agree, 0),
        heldOutVectors,
      )} all fields, ${percent(
        heldOut.reduce((sum, c) => sum + c.numbersAgree, 0),
        heldOutVectors,
      )} numbers`,
  );
}
console.log(
  `\nspeed: ${namesPerSecond} names/s wall clock, ${namesPerCpuSecond} names per CPU second (${names.length * rounds} names a run, median of 3)`,
);

const scan = newestScan();
let shareOfScan: number | null = null;
let cpuShareOfScan: number | null = null;
if (scan === null) {
  console.log('share of a first scan: run `npm run bench:scan` first (its newest result in bench/results is used)');
} else {
  const scanMsPerFile = scan.indexMs / scan.files;
  shareOfScan = 1000 / namesPerSecond / scanMsPerFile;
  cpuShareOfScan = 1000 / namesPerCpuSecond / scanMsPerFile;
  const scanSeconds = (scanMsPerFile * 100_000) / 1000;
  console.log(
    `share of a first scan at 100k files (${scanSeconds.toFixed(0)} s of indexing at ${Math.round(1000 / scanMsPerFile)} ` +
      `files/s, from ${scan.file}; budget 2%): ${(100 * shareOfScan).toFixed(2)}% at the wall-clock rate ` +
      `(${(100_000 / namesPerSecond).toFixed(1)} s), ${(100 * cpuShareOfScan).toFixed(2)}% at the CPU rate ` +
      `(${(100_000 / namesPerCpuSecond).toFixed(1)} s); the scan's figure was taken under its own load, so compare ` +
      `runs made on an equally quiet machine`,
  );
}
if (values.failures) console.log(`\n${failures.join('\n')}`);

mkdirSync(results, { recursive: true });
writeFileSync(
  path.join(results, `parse-${new Date().toISOString().replace(/[:.]/g, '-')}.json`),
  JSON.stringify(
    {
      parser: parserPath,
      rounds,
      namesPerSecond,
      namesPerCpuSecond,
      shareOfScan,
      cpuShareOfScan,
      classes,
      total,
      failures,
    },
    null,
    2,
  ),
);

function describe(vector: FileNameVector, parsed: Parameters<typeof disagreements>[1], wrong: string[]): string {
  const shown = wrong.map((field) => {
    const key = field as keyof typeof parsed;
    return `${field} ${JSON.stringify(parsed[key])} (expected ${JSON.stringify(vector[key as keyof FileNameVector])})`;
  });
  return `[${vector.className}] ${vector.name} in ${JSON.stringify(vector.folder)}: ${shown.join(', ')}`;
}

/** The newest first-scan figure bench:scan wrote, or null. */
function newestScan(): { file: string; files: number; indexMs: number } | null {
  let names: string[];
  try {
    names = readdirSync(results).filter((name) => /^scan-\d+-.*\.json$/.test(name));
  } catch {
    return null;
  }
  const file = names.sort((a, b) => a.slice(a.indexOf('-', 5)).localeCompare(b.slice(b.indexOf('-', 5)))).at(-1);
  if (file === undefined) return null;
  const data = JSON.parse(readFileSync(path.join(results, file), 'utf8')) as {
    files: number;
    first: { index_ms: number };
  };
  return { file, files: data.files, indexMs: data.first.index_ms };
}

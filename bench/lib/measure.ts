/** Load measurement shared by the HTTP benchmarks: autocannon after a warm-up, and a fresh PostgreSQL database. */
import autocannon from 'autocannon';
import pg from 'pg';
import { TOKEN } from './server.ts';

export interface Measure {
  name: string;
  path: string | ((i: number) => string);
  list: boolean;
}

export interface Figure {
  database: string;
  name: string;
  path: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests answered, the warm-up's included (for a cost per request). */
  requests?: number;
}

export async function measure(
  url: string,
  target: Measure,
  load: { connections: number; duration: number; headers?: Record<string, string> },
): Promise<Omit<Figure, 'database'>> {
  const { connections, duration } = load;
  let i = 0;
  const pathOf = (n: number) => (typeof target.path === 'function' ? target.path(n) : target.path);
  const options: autocannon.Options = {
    url,
    connections,
    duration,
    headers: load.headers ?? { authorization: `Bearer ${TOKEN}` },
    requests: [{ setupRequest: (request) => ({ ...request, path: pathOf(i++) }) }],
  };
  // A short warm-up first (JIT, page cache, prepared statements), not counted. A measure under a second is CI's
  // check that the benchmark still runs (its figures are not read): no warm-up then, autocannon's own start and
  // end already take about as long.
  // The requests the last measure left in flight are still being answered when autocannon stops (a 1 s cold facet
  // count times 32 connections): one request to the floor waits behind them, so this measure starts on an idle server.
  await fetch(`${url}/api/v1/health`);
  const warmup = duration >= 1 ? await autocannon({ ...options, duration: 1 }) : null;
  const result = await autocannon(options);
  const errors = result.errors + result.non2xx + result.timeouts;
  if (errors > 0) {
    // A figure made of failed requests means nothing: the run goes on, but ends non-zero.
    console.error(`${target.name} (${pathOf(0)}): ${errors} requests failed or did not answer 2xx`);
    process.exitCode = 1;
  }
  return {
    name: target.name,
    path: pathOf(0),
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    requests: result.requests.total + (warmup?.requests.total ?? 0),
  };
}

export async function freshPostgres(url: string): Promise<void> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
  } finally {
    await client.end();
  }
}

/** The line printed as each measure ends. */
export function figureLine(figure: Figure, width: number): string {
  return `[${figure.database}] ${figure.name.padEnd(width)} ${String(figure.reqPerSec).padStart(6)} req/s  p50 ${figure.p50} ms  p99 ${figure.p99} ms${figure.errors ? `  ERRORS ${figure.errors}` : ''}`;
}

/** The Markdown table of the figures, each with its share of the same database's /health floor. */
export function figuresTable(figures: Figure[], column: string): string[] {
  const lines = [
    `| database | ${column} | req/s | % of /health | p50 ms | p99 ms | errors |`,
    '|---|---|---:|---:|---:|---:|---:|',
  ];
  for (const figure of figures) {
    const floor = figures.find((f) => f.database === figure.database && f.name === 'health (floor)');
    const share = floor ? Math.round((figure.reqPerSec / floor.reqPerSec) * 100) : 0;
    lines.push(
      `| ${figure.database} | ${figure.name} | ${figure.reqPerSec} | ${share}% | ${figure.p50} | ${figure.p99} | ${figure.errors} |`,
    );
  }
  return lines;
}

/** First page req/s ÷ deep page req/s for one database, or undefined when either was not measured. */
export function slowdown(figures: Figure[], database: string, first: string, deep: string): number | undefined {
  const f = figures.find((x) => x.database === database && x.name === first);
  const d = figures.find((x) => x.database === database && x.name === deep);
  return f && d ? f.reqPerSec / d.reqPerSec : undefined;
}

/** A Markdown table of plain rows, numbers right-aligned by the caller's choice of columns. */
export function markdownTable(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
}

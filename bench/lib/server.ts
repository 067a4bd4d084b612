import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const TOKEN = 'bench-bootstrap-token-0123456789abcdefghij';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** The server's JSON log (LOG_LEVEL=warn). */
  logFile: string;
  /** Peak resident memory of the server process so far (VmHWM), in MB. */
  peakRssMb(): number;
  /** Peaks of its reader processes, sampled every 100 ms: the largest one, and the server and its readers together. */
  treePeaks(): { readerMb: number; totalMb: number; readersSeen: number };
  /** The resident size of the largest reader process now, in MB (0 when none runs). */
  largestReaderMb(): number;
  /** CPU time (user + system) used so far by the server and its reader processes, those that ended included, in ms. */
  cpuMs(): number;
  /** CPU time used so far by the server's main thread alone (its event loop), in ms. */
  mainThreadCpuMs(): number;
  /** CPU time used so far by the server process alone (every thread, no reader process), in ms. */
  serverCpuMs(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface RuntimeFlags {
  SERVER_NODE_FLAGS: readonly string[];
  SERVER_ENVIRONMENT: Readonly<Record<string, string>>;
}

/** The V8 flags and environment production starts the server with (apps/server/src/runtime-flags.ts). */
async function runtimeFlags(): Promise<RuntimeFlags> {
  const file = path.join(repo, 'apps/server/dist/runtime-flags.js');
  return (await import(pathToFileURL(file).href)) as RuntimeFlags;
}

/** The built server (apps/server/dist) as its own process, started as in production, so its memory is measured alone. */
export async function startServer(env: Record<string, string>): Promise<RunningServer> {
  const port = await freePort();
  const logFile = path.join(tmpdir(), `shelfmark-bench-server-${port}.log`);
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const runtime = await runtimeFlags();
  const flags = [...runtime.SERVER_NODE_FLAGS, ...profile];
  const child = spawn(process.execPath, [...flags, path.join(repo, 'apps/server/dist/main.js')], {
    env: {
      PATH: process.env.PATH,
      ...runtime.SERVER_ENVIRONMENT,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SHELFMARK_BOOTSTRAP_TOKEN: TOKEN,
      ...env,
    },
    // Its log (warnings and worse) goes to a file, printed by the runner if something fails.
    stdio: ['ignore', openSync(logFile, 'w'), 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const tree = sampleTree(child.pid!);
  // Until it answers: a loaded machine's start-up (migrations of a fresh database, two reader processes) has taken
  // over 30 s, which a fixed number of tries turned into a refused connection later on. Only a hung start ends it.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer /api/v1/health within 300 s (its log: ${logFile})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    logFile,
    process: child,
    peakRssMb() {
      return Math.round(statusKb(child.pid!, 'VmHWM') / 1024);
    },
    treePeaks: () => tree.peaks(),
    largestReaderMb: () =>
      Math.round(Math.max(0, ...childrenOf(child.pid!).map((reader) => statusKb(reader, 'VmRSS'))) / 1024),
    cpuMs: () => treeCpuMs(child.pid!),
    mainThreadCpuMs: () => {
      const [user, system] = cpuTicks(child.pid!, `/proc/${child.pid}/task/${child.pid}/stat`);
      return ((user + system) * 1000) / TICKS_PER_SECOND;
    },
    serverCpuMs: () => {
      const [user, system] = cpuTicks(child.pid!);
      return ((user + system) * 1000) / TICKS_PER_SECOND;
    },
    async stop() {
      tree.stop();
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
  } catch {
    return 0; // gone between listing and reading
  }
}

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * utime, stime, cutime, cstime of a process (cutime and cstime: its children that ended and were waited for), or of
 * one of its threads (`/proc/<pid>/task/<tid>/stat`).
 */
function cpuTicks(pid: number, file = `/proc/${pid}/stat`): [number, number, number, number] {
  try {
    const stat = readFileSync(file, 'utf8');
    // The fields after the command name, which may hold spaces: the state (field 3) first, utime is field 14.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return [Number(fields[11]), Number(fields[12]), Number(fields[13]), Number(fields[14])];
  } catch {
    return [0, 0, 0, 0];
  }
}

function treeCpuMs(pid: number): number {
  const [user, system, childrenUser, childrenSystem] = cpuTicks(pid);
  let ticks = user + system + childrenUser + childrenSystem;
  for (const child of childrenOf(pid)) {
    const [childUser, childSystem] = cpuTicks(child);
    ticks += childUser + childSystem;
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** CPU time (user + system) of this process's children that ended and were waited for, in ms: what a command cost. */
export function endedChildrenCpuMs(): number {
  const [, , childrenUser, childrenSystem] = cpuTicks(process.pid);
  return ((childrenUser + childrenSystem) * 1000) / TICKS_PER_SECOND;
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * The server's reader processes come and go (they exit when idle), so their memory is sampled: every 100 ms, the
 * resident size of the server plus each child, and each child's own high-water mark.
 */
function sampleTree(pid: number) {
  let readerKb = 0;
  let totalKb = 0;
  const seen = new Set<number>();
  const timer = setInterval(() => {
    let total = statusKb(pid, 'VmRSS');
    for (const child of childrenOf(pid)) {
      seen.add(child);
      total += statusKb(child, 'VmRSS');
      readerKb = Math.max(readerKb, statusKb(child, 'VmHWM'));
    }
    totalKb = Math.max(totalKb, total);
  }, 100);
  timer.unref();
  return {
    peaks: () => ({
      readerMb: Math.round(readerKb / 1024),
      totalMb: Math.round(totalKb / 1024),
      readersSeen: seen.size,
    }),
    stop: () => clearInterval(timer),
  };
}

export interface ScanReport {
  files_seen: number;
  added: number;
  updated: number;
  unchanged: number;
  thumbnails: number;
  /** Of `thumbnails`, those made while indexing ran (absent from servers that made them all after it). */
  thumbnails_during_index?: number;
  index_ms: number;
  thumbnails_ms: number;
  duration_ms: number;
}

export interface JobView {
  id: string;
  status: string;
  error: string | null;
  report: ScanReport;
}

/** A GET is tried again after a network error (a kept-alive connection the server closed as it was reused). */
async function send(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (init.method !== 'GET' || attempt === 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export async function api<T>(url: string, route: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await send(`${url}/api/v1${route}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * `onPoll` is called after each look at the job, to sample what the server uses meanwhile. The looks are 50 ms apart
 * at first, so short jobs end on time, then up to 250 ms: answering a look every 50 ms took 6% of the server's time
 * during a first scan, which the scan's own figure should not pay.
 */
export async function runJob(
  url: string,
  route: string,
  body: unknown,
  onPoll?: () => void,
): Promise<{ job: JobView; wallMs: number }> {
  const started = performance.now();
  const job = await api<JobView>(url, route, { method: 'POST', body });
  for (;;) {
    const current = await api<JobView>(url, `/jobs/${job.id}`);
    onPoll?.();
    if (['succeeded', 'completed_with_errors', 'failed', 'cancelled'].includes(current.status)) {
      if (current.status !== 'succeeded') throw new Error(`job ${current.status}: ${current.error}`);
      return { job: current, wallMs: performance.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(250, 50 + (performance.now() - started) / 20)));
  }
}

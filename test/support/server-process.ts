import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The monorepo root (test/ is one level below it). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
/** The built server, as `npx turbo run build` leaves it. */
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');

/** The V8 flags and environment production starts the server with (apps/server/src/runtime-flags.ts), from the build. */
const RUNTIME_FLAGS = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'runtime-flags.js');
const { SERVER_NODE_FLAGS, SERVER_ENVIRONMENT } = existsSync(RUNTIME_FLAGS)
  ? ((await import(pathToFileURL(RUNTIME_FLAGS).href)) as {
      SERVER_NODE_FLAGS: readonly string[];
      SERVER_ENVIRONMENT: Readonly<Record<string, string>>;
    })
  : { SERVER_NODE_FLAGS: [], SERVER_ENVIRONMENT: {} };

/** Node 24 from the `node` devDependency; the one running the tests when it is not installed. */
export function nodeBinary(): string {
  const pinned = path.join(REPO_ROOT, 'node_modules', '.bin', 'node');
  return existsSync(pinned) ? pinned : process.execPath;
}

export function assertServerBuilt(): void {
  if (!existsSync(SERVER_MAIN)) {
    throw new Error(`${SERVER_MAIN} does not exist: run \`npx turbo run build\` in ${REPO_ROOT} first`);
  }
}

export interface ExitResult {
  /** Exit code, or null when the process was ended by a signal. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** True when the process had to be killed because it did not exit in time. */
  timedOut: boolean;
  durationMs: number;
}

/** Children still running, so none outlives the test worker even when a test forgets it. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});

/**
 * Only what a server needs from the outside: the caller's DATABASE_URL, PG*, LOG_LEVEL… must not leak
 * into the process under test and change what is being tested.
 */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { LANG: 'C.UTF-8', NODE_ENV: 'production' };
  for (const name of ['PATH', 'HOME', 'TMPDIR', 'TZ']) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  for (const [name, value] of Object.entries(extra)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** A TCP port nobody listens on right now (the OS picks it; released before the server binds it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      if (address === null || typeof address === 'string') {
        probe.close();
        reject(new Error('could not read the probe port'));
        return;
      }
      probe.close(() => resolve(address.port));
    });
  });
}

export interface SpawnedServer {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Settles once, when the process has exited (never rejects). */
  exited: Promise<ExitResult>;
  /** Whether the process is still running. */
  running(): boolean;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with how it ended. Safe to call more than once. */
  stop(graceMs?: number): Promise<ExitResult>;
  /** SIGKILL now (for clean-up after a failure). */
  kill(): Promise<ExitResult>;
}

/**
 * Starts `node apps/server/dist/main.js [...args]` with exactly `env` (plus the production SERVER_ENVIRONMENT, which
 * `env` may override), capturing its output. `args` are
 * the server's own command-line arguments (`--role=worker`).
 */
export function spawnServer(env: NodeJS.ProcessEnv, cwd: string, args: readonly string[] = []): SpawnedServer {
  assertServerBuilt();
  const started = Date.now();
  const child = spawn(nodeBinary(), [...SERVER_NODE_FLAGS, SERVER_MAIN, ...args], {
    cwd,
    env: { ...SERVER_ENVIRONMENT, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  let stdout = '';
  let stderr = '';
  let timedOut = false;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));

  const exited = new Promise<ExitResult>((resolve) => {
    let spawnError: Error | undefined;
    child.once('error', (error) => {
      spawnError = error;
      // 'close' does not follow when the binary could not be started at all.
      if (child.pid === undefined) {
        live.delete(child);
        resolve({
          code: null,
          signal: null,
          stdout,
          stderr: `${stderr}${error.message}\n`,
          timedOut,
          durationMs: Date.now() - started,
        });
      }
    });
    // 'close' (not 'exit') so that stdout and stderr have been read to the end.
    child.once('close', (code, signal) => {
      live.delete(child);
      resolve({
        code,
        signal,
        stdout,
        stderr: spawnError ? `${stderr}${spawnError.message}\n` : stderr,
        timedOut,
        durationMs: Date.now() - started,
      });
    });
  });

  const running = () => child.exitCode === null && child.signalCode === null && child.pid !== undefined;

  const stop = async (graceMs = 10_000): Promise<ExitResult> => {
    if (running()) child.kill('SIGTERM');
    const timer = setTimeout(() => {
      if (running()) {
        timedOut = true;
        child.kill('SIGKILL');
      }
    }, graceMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  };

  const kill = async (): Promise<ExitResult> => {
    if (running()) child.kill('SIGKILL');
    return exited;
  };

  return { child, stdout: () => stdout, stderr: () => stderr, exited, running, stop, kill };
}

/** The JSON log line a server writes once it serves (HTTP, or jobs for `--role=worker`): it has started. */
const STARTED_LOG = /"msg":"Shelfmark (listening on |worker running jobs")/;

/**
 * Runs the server and waits for it to exit by itself (for start-up failures). Should it start instead (it logs
 * that it listens or runs jobs), it is stopped at once and the result says `timedOut`: it did not exit by
 * itself. `timeoutMs` is only a safety net for a process that neither exits nor starts; it is long so that a
 * slow start on a loaded machine is not taken for a server that refused to exit.
 */
export async function runUntilExit(env: NodeJS.ProcessEnv, cwd: string, timeoutMs = 60_000): Promise<ExitResult> {
  const server = spawnServer(env, cwd);
  let expired = false;
  const expire = () => {
    if (expired) return;
    expired = true;
    void server.stop(1_000);
  };
  const timer = setTimeout(expire, timeoutMs);
  const onOutput = () => {
    if (STARTED_LOG.test(server.stdout())) expire();
  };
  server.child.stdout?.on('data', onOutput);
  try {
    const result = await server.exited;
    return { ...result, timedOut: result.timedOut || expired };
  } finally {
    clearTimeout(timer);
    server.child.stdout?.off('data', onOutput);
  }
}

/** A fresh scratch folder under the OS temp dir; `remove()` deletes it. */
export async function scratchDir(prefix = 'shelfmark-e2e-'): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface RunningServer extends SpawnedServer {
  url: string;
  port: number;
  /**
   * DATA_DIR and LIBRARIES_ROOT given to the server: inside `scratch` unless the caller passed its own
   * (which it then owns and removes).
   */
  dataDir: string;
  librariesRoot: string;
  scratch: string;
  /** Stops the server (SIGTERM, then SIGKILL) and deletes the scratch folder. */
  dispose(): Promise<ExitResult>;
}

export interface StartOptions {
  /** Extra variables (PORT, HOST, DATA_DIR and LIBRARIES_ROOT are set unless given here). */
  env?: Record<string, string | undefined>;
  /** The server's command-line arguments, e.g. `['--role=worker']`. */
  args?: readonly string[];
  /** An existing DATA_DIR to use instead of a fresh one (to restart on the same data); not removed by dispose. */
  dataDir?: string;
  /** An existing LIBRARIES_ROOT to use instead of a fresh one; not removed by dispose. */
  librariesRoot?: string;
  /**
   * Ready when this `msg` appears in the JSON log, instead of when /api/v1/health answers: for a
   * `--role=worker` process, which has no HTTP ('Shelfmark worker running jobs').
   */
  readyLogMessage?: string;
  /** How long to wait for readiness: a minute by default, a safety net only (a loaded machine starts slowly). */
  readyTimeoutMs?: number;
}

/**
 * Starts the real server on a free port with a fresh DATA_DIR and LIBRARIES_ROOT (unless given), and
 * resolves once `GET /api/v1/health` answers (or `readyLogMessage` is logged). On any failure the
 * process is killed, its folder removed, and the error carries what the server printed.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const scratch = await scratchDir();
  const dataDir = options.dataDir ?? path.join(scratch.dir, 'data');
  const librariesRoot = options.librariesRoot ?? path.join(scratch.dir, 'libraries');
  if (options.librariesRoot === undefined) await mkdir(librariesRoot);
  const port = await freePort();
  const env = cleanEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LIBRARIES_ROOT: librariesRoot,
    ...options.env,
  });
  const url = `http://127.0.0.1:${port}`;
  let server: SpawnedServer | undefined;
  try {
    server = spawnServer(env, scratch.dir, options.args);
    if (options.readyLogMessage === undefined) await waitForHealth(server, url, options.readyTimeoutMs ?? 60_000);
    else await waitForLogMessage(server, options.readyLogMessage, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    const result = server ? await server.kill() : undefined;
    await scratch.remove();
    const output = result ? `\n--- stdout ---\n${result.stdout}\n--- stderr ---\n${result.stderr}` : '';
    throw new Error(`${error instanceof Error ? error.message : String(error)}${output}`, { cause: error });
  }
  const spawned = server;
  return {
    ...spawned,
    url,
    port,
    dataDir,
    librariesRoot,
    scratch: scratch.dir,
    async dispose() {
      const result = await spawned.stop(10_000);
      await scratch.remove();
      return result;
    },
  };
}

async function waitForHealth(server: SpawnedServer, url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  let lastError: unknown;
  while (Date.now() < deadline) {
    if (exited) {
      const result = await server.exited;
      throw new Error(`the server exited before it answered (code ${result.code}, signal ${result.signal})`);
    }
    try {
      const response = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      return;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer ${url}/api/v1/health within ${timeoutMs} ms`, { cause: lastError });
}

/** Resolves once a JSON log line with this `msg` is on the server's stdout; rejects on exit or timeout. */
export async function waitForLogMessage(server: SpawnedServer, message: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (completeLogLines(server.stdout()).some((line) => line.msg === message)) return;
    if (exited) {
      const result = await server.exited;
      throw new Error(`the server exited before it logged "${message}" (code ${result.code}, signal ${result.signal})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not log "${message}" within ${timeoutMs} ms`);
}

/**
 * The complete JSON lines of a log that may have been cut off (the process was SIGKILLed while
 * writing): the text after the last newline is ignored; any other line that is not JSON still throws.
 */
export function completeLogLines(stdout: string): Record<string, unknown>[] {
  const end = stdout.lastIndexOf('\n');
  return end < 0 ? [] : logLines(stdout.slice(0, end + 1));
}

/** The JSON lines a server wrote on stdout; throws on any line that is not JSON. */
export function logLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`log line is not JSON: ${line}`);
      }
    });
}

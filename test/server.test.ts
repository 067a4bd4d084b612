import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { createThrowawayDatabase, databaseExists, type ThrowawayDatabase } from './support/postgres.js';
import {
  cleanEnv,
  logLines,
  runUntilExit,
  scratchDir,
  startServer,
  type ExitResult,
  type RunningServer,
} from './support/server-process.js';

const ADMIN_PASSWORD = `e2e-admin-${randomBytes(9).toString('hex')}`;
const BOOTSTRAP_TOKEN = `e2e-bootstrap-${randomBytes(16).toString('hex')}`;
const PROBLEM_JSON = /^application\/problem\+json\b/;

async function get(url: string, init: RequestInit = {}) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, body, text: body.toString('utf8') };
}

describe('the built server on SQLite (no DATABASE_URL)', () => {
  let server: RunningServer;
  let exit: ExitResult | undefined;

  beforeAll(async () => {
    server = await startServer({
      env: { SHELFMARK_ADMIN_PASSWORD: ADMIN_PASSWORD, SHELFMARK_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN, LOG_LEVEL: 'debug' },
    });
  });

  afterAll(async () => {
    await server?.dispose();
  });

  it('answers /api/v1/health with the SQLite database up', async () => {
    const response = await get(`${server.url}/api/v1/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json\b/);
    const health = JSON.parse(response.text) as { status: string; database: { kind: string; ok: boolean } };
    expect(health.status).toBe('ok');
    expect(health.database).toEqual({ kind: 'sqlite', ok: true });
  });

  it('keeps idle connections open longer than reverse proxies and clients keep theirs (60 s)', async () => {
    // Node's own 5 s let a proxy reuse a connection the server was closing: a lost request (502, ECONNRESET).
    const response = await get(`${server.url}/api/v1/health`);
    const timeout = Number(/timeout=(\d+)/.exec(response.headers.get('keep-alive') ?? '')?.[1]);
    expect(timeout).toBeGreaterThan(60);
  });

  it('keeps its database in DATA_DIR/shelfmark.db, in WAL mode', async () => {
    const file = path.join(server.dataDir, 'shelfmark.db');
    expect(existsSync(file)).toBe(true);
    // A write (a new session) goes through the write-ahead log, which lives beside the database.
    const login = await get(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(existsSync(`${file}-wal`)).toBe(true);
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      db.close();
    }
  });

  it('serves the contract at /openapi.yaml as OpenAPI 3.1', async () => {
    const response = await get(`${server.url}/openapi.yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/yaml/);
    const document = parseYaml(response.text) as { openapi?: unknown; paths?: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.paths).toHaveProperty('/health');
  });

  it('renders /docs from assets it serves itself (no network needed)', async () => {
    const page = await get(`${server.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html\b/);
    expect(page.text).toContain('/docs/swagger-ui-bundle.js');
    expect(page.text).toContain('/docs/swagger-ui.css');
    // Nothing is fetched from another origin (a CDN would break an offline install).
    expect(page.text).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i);

    const script = await get(`${server.url}/docs/swagger-ui-bundle.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(script.body.length).toBeGreaterThan(100_000);
    expect(script.text).toContain('SwaggerUIBundle');

    const style = await get(`${server.url}/docs/swagger-ui.css`);
    expect(style.status).toBe(200);
    expect(style.headers.get('content-type')).toMatch(/^text\/css\b/);
    expect(style.body.length).toBeGreaterThan(10_000);

    // Every other asset the page references answers too (init.js, favicon).
    const references = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(references.length).toBeGreaterThanOrEqual(3);
    for (const reference of references) {
      const asset = await get(new URL(reference, `${server.url}/docs`).href);
      expect(asset.status, reference).toBe(200);
      expect(asset.body.length, reference).toBeGreaterThan(0);
    }
  });

  it('serves the built admin app at /', async () => {
    const response = await get(`${server.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html\b/);
    expect(response.text).toContain('<title>Shelfmark</title>');
  });

  it('answers an unknown API path with 404 problem+json', async () => {
    const response = await get(`${server.url}/api/v1/nope`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(PROBLEM_JSON);
    const problem = JSON.parse(response.text) as { type: string; title: string; status: number };
    expect(problem.status).toBe(404);
    expect(problem.type).toMatch(/^urn:shelfmark:problem:/);
    expect(typeof problem.title).toBe('string');
  });

  it('refuses a protected route without a credential: 401 problem+json', async () => {
    const response = await get(`${server.url}/api/v1/libraries`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(PROBLEM_JSON);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(JSON.parse(response.text)).toMatchObject({ status: 401, type: 'urn:shelfmark:problem:unauthorized' });
  });

  it('refuses a wrong password with 401 problem+json and no cookie', async () => {
    const response = await get(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: `${ADMIN_PASSWORD}-wrong` }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(PROBLEM_JSON);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('signs in the admin from SHELFMARK_ADMIN_PASSWORD; the session cookie opens /api/v1/libraries', async () => {
    const login = await get(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(JSON.parse(login.text)).toMatchObject({ username: 'admin' });
    const setCookie = login.headers.getSetCookie().find((value) => value.startsWith('shelfmark_session='));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/;\s*HttpOnly/i);
    expect(setCookie).toMatch(/;\s*SameSite=Lax/i);
    const cookie = setCookie!.split(';')[0]!;

    const libraries = await get(`${server.url}/api/v1/libraries`, { headers: { cookie } });
    expect(libraries.status).toBe(200);
    expect(libraries.headers.get('content-type')).toMatch(/^application\/json\b/);
    expect(JSON.parse(libraries.text)).toMatchObject({ items: [] });
  });

  it('accepts SHELFMARK_BOOTSTRAP_TOKEN as a Bearer token', async () => {
    const libraries = await get(`${server.url}/api/v1/libraries`, {
      headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}` },
    });
    expect(libraries.status).toBe(200);
    const wrong = await get(`${server.url}/api/v1/libraries`, {
      headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
  });

  it('shuts down gracefully on SIGTERM: exit code 0 within 10 s, with a shutdown log line', async () => {
    const started = Date.now();
    exit = await server.stop(10_000);
    expect(exit.timedOut).toBe(false);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(exit.signal).toBeNull();
    expect(exit.code).toBe(0);
    const messages = logLines(exit.stdout).map((line) => line.msg);
    expect(messages).toContain('shutting down');
    // Not their order: pino writes asynchronously and flushes what is left synchronously at exit, so the
    // last lines can come out swapped (seen in practice).
    expect(messages).toContain('stopped');
  });

  it('logged JSON lines only, with no stack trace and no secret', async () => {
    const result = exit ?? (await server.stop());
    const lines = logLines(result.stdout);
    expect(lines.length).toBeGreaterThan(5);
    for (const line of lines) {
      expect(typeof line.level).toBe('number');
      expect(typeof line.time).toBe('string');
      expect(typeof line.msg).toBe('string');
    }
    expect(lines.some((line) => String(line.msg).startsWith('Shelfmark listening on'))).toBe(true);
    const everything = `${result.stdout}\n${result.stderr}`;
    expect(everything).not.toContain('"stack"');
    expect(everything).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
    expect(everything).not.toContain(ADMIN_PASSWORD);
    expect(everything).not.toContain(BOOTSTRAP_TOKEN);
    expect(result.stderr).toBe('');
  });
});

describe('the built server on PostgreSQL (DATABASE_URL=postgres://…)', () => {
  let database: ThrowawayDatabase | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    server = await startServer({ env: { DATABASE_URL: database.url } });
  });

  afterAll(async () => {
    try {
      await server?.dispose();
    } finally {
      await database?.drop();
    }
  });

  it('answers /api/v1/health with the PostgreSQL database up, stops cleanly, and the database can be dropped', async () => {
    const response = await get(`${server!.url}/api/v1/health`);
    expect(response.status).toBe(200);
    const health = JSON.parse(response.text) as { status: string; database: { kind: string; ok: boolean } };
    expect(health.status).toBe('ok');
    expect(health.database).toEqual({ kind: 'postgresql', ok: true });
    // No SQLite file is created when PostgreSQL is configured.
    expect(existsSync(path.join(server!.dataDir, 'shelfmark.db'))).toBe(false);

    const exit = await server!.stop(10_000);
    expect(exit.timedOut).toBe(false);
    expect(exit.code).toBe(0);
    expect(exit.stdout).not.toContain('"stack"');

    await database!.drop();
    expect(await databaseExists(database!.name)).toBe(false);
  });
});

describe('the built server when its PostgreSQL database goes away', () => {
  let database: ThrowawayDatabase | undefined;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    database = await createThrowawayDatabase();
    server = await startServer({ env: { DATABASE_URL: database.url, SHELFMARK_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN } });
  });

  afterAll(async () => {
    try {
      await server?.dispose();
    } finally {
      await database?.drop();
    }
  });

  it('reports degraded health (503), answers 500 problem+json without internals, and logs what failed', async () => {
    await database!.drop();

    const health = await get(`${server!.url}/api/v1/health`);
    expect(health.status).toBe(503);
    expect(JSON.parse(health.text)).toMatchObject({
      status: 'degraded',
      database: { kind: 'postgresql', ok: false },
    });

    const libraries = await get(`${server!.url}/api/v1/libraries`, {
      headers: { authorization: `Bearer ${BOOTSTRAP_TOKEN}` },
    });
    expect(libraries.status).toBe(500);
    expect(libraries.headers.get('content-type')).toMatch(PROBLEM_JSON);
    expect(JSON.parse(libraries.text)).toMatchObject({ status: 500, type: 'urn:shelfmark:problem:internal-error' });
    expect(libraries.text).not.toMatch(/database|postgres|relation|select/i);

    const exit = await server!.stop(10_000);
    expect(exit.timedOut).toBe(false);
    expect(exit.code).toBe(0);
    const lines = logLines(exit.stdout);
    expect(exit.stdout).not.toContain('"stack"');
    const unhandled = lines.find((line) => line.msg === 'unhandled error') as
      { level: number; err?: { type?: string; message?: string } } | undefined;
    expect(unhandled, 'the 500 was not logged').toBeDefined();
    expect(unhandled!.level).toBe(50);
    // The error's kind and message are what makes the log line useful (serializeError in logger.ts).
    expect(unhandled!.err?.message).toBeTruthy();
    expect(unhandled!.err?.message).not.toBe('[object Object]');
    expect(unhandled!.err?.type).toBeTruthy();
  });
});

describe('the built server when its port is taken', () => {
  it('exits with code 1 after a fatal "cannot listen" line, and never claims to be listening', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve, reject) => {
      blocker.once('error', reject);
      blocker.listen(0, '127.0.0.1', resolve);
    });
    const scratch = await scratchDir();
    try {
      const { port } = blocker.address() as { port: number };
      const result = await runUntilExit(
        cleanEnv({
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(scratch.dir, 'data'),
          LIBRARIES_ROOT: path.join(scratch.dir, 'libraries'),
        }),
        scratch.dir,
      );
      // runUntilExit's own safety net (60 s): a fresh database's migrations come first, and a loaded machine took
      // more than 20 s over them.
      expect(result.timedOut).toBe(false);
      expect(result.code).toBe(1);
      const lines = logLines(result.stdout);
      const fatal = lines.find((line) => line.msg === 'cannot listen');
      expect(fatal).toMatchObject({ level: 60, err: { code: 'EADDRINUSE' } });
      expect(result.stdout).not.toContain('"stack"');
      // Express 5 calls the listen callback with the error too: the server must not log that it listens.
      expect(lines.map((line) => line.msg)).not.toContainEqual(expect.stringMatching(/^Shelfmark listening on/));
    } finally {
      blocker.close();
      await scratch.remove();
    }
  }, 90_000);
});

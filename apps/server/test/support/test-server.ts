import { leakedSecrets, secret } from './secrets.js';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '../../src/config.js';
import { createContainer, type Container, type ContainerOptions } from '../../src/container.js';
import { createApp, type App } from '../../src/http/app.js';
import { answerClientErrorsWithProblems } from '../../src/http/client-errors.js';
import { keepConnectionsAlive } from '../../src/http/keep-alive.js';
import type { ResponseValidationFailure } from '../../src/http/openapi-validation.js';
import type { LoginLimit } from '../../src/http/routes/auth.routes.js';
import { createLogger } from '../../src/logger.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export const BOOTSTRAP_TOKEN = secret('test-bootstrap-token-0123456789abcdef-XYZ');
export const ADMIN_PASSWORD = secret('correct horse battery staple');

export interface TestServer {
  url: string;
  container: Container;
  app: App;
  database: TestDatabase;
  librariesRoot: string;
  dataDir: string;
  /** Every JSON response that did not match openapi.yaml: tests assert this stays empty. */
  responseFailures: ResponseValidationFailure[];
  /** Everything the server logged, for checks that no secret is ever written. */
  logs: string[];
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  loginLimit?: LoginLimit;
  database?: TestDatabase;
  /** A folder (holding libraries/ and data/) shared with another server of the test; kept on close. */
  scratch?: string;
  /** Run jobs in this server (default true). */
  worker?: boolean;
  thumbnails?: boolean;
  remoteCoverLimits?: ContainerOptions['remoteCoverLimits'];
}

/** The real app over real HTTP on a random port, with a fresh database and fresh folders. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const scratch = options.scratch ?? (await mkdtemp(path.join(tmpdir(), 'shelfmark-test-')));
  const database = options.database ?? (await createTestDatabase());
  const librariesRoot = path.join(scratch, 'libraries');
  const dataDir = path.join(scratch, 'data');
  const config = loadConfig({
    PORT: '7080', // unused: the test server listens on a random port
    DATA_DIR: dataDir,
    LIBRARIES_ROOT: librariesRoot,
    DATABASE_URL: database.url,
    SHELFMARK_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN,
    SHELFMARK_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'debug',
    ...options.env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const container = await createContainer(config, createLogger(config.logLevel, sink), {
    processEveryMs: 200,
    thumbnails: options.thumbnails ?? true,
    ...(options.remoteCoverLimits ? { remoteCoverLimits: options.remoteCoverLimits } : {}),
  });
  if (options.worker !== false) await container.startWorker();
  const responseFailures: ResponseValidationFailure[] = [];
  const app = createApp(container, {
    onResponseValidationFailure: (failure) => responseFailures.push(failure),
    ...(options.loginLimit ? { loginLimit: options.loginLimit } : {}),
  });
  const server = app.express.listen(0, '127.0.0.1');
  answerClientErrorsWithProblems(server);
  keepConnectionsAlive(server);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    container,
    app,
    database,
    librariesRoot,
    dataDir,
    responseFailures,
    logs,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await container.close();
      const leaked = leakedSecrets(logs);
      if (leaked.length > 0) throw new Error(`secrets found in the server logs: ${leaked.length} of them`);
      if (!options.database) await database.drop();
      if (!options.scratch) await rm(scratch, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

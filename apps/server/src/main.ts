import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RequestHandler } from 'express';
import { ConfigError, loadConfig, parseRole, type Config, type Role } from './config.js';
import { createContainer } from './container.js';
import { createApp } from './http/app.js';
import { answerClientErrorsWithProblems } from './http/client-errors.js';
import { keepConnectionsAlive } from './http/keep-alive.js';
import { createLogger, type Logger } from './logger.js';
import { missingNodeFlags, missingServerEnvironment, SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from './runtime-flags.js';

const SHUTDOWN_GRACE_MS = 10_000;

function readConfig(): { config: Config; role: Role } {
  try {
    return { config: loadConfig(), role: parseRole(process.argv.slice(2)) };
  } catch (error) {
    if (error instanceof ConfigError || (error instanceof Error && error.message.startsWith('--role'))) {
      process.stderr.write(`Configuration error: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
}

/** The built admin app, when it has been built (npm start builds it; API-only tests may not). */
async function loadAdminHandler(logger: Logger): Promise<RequestHandler | undefined> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const handlerFile = path.resolve(here, '../../admin/build/handler.js');
  if (!existsSync(handlerFile)) {
    logger.warn('admin app not built: only the API is served (run npm run build)');
    return undefined;
  }
  const module = (await import(pathToFileURL(handlerFile).href)) as { handler: RequestHandler };
  return module.handler;
}

async function main(): Promise<void> {
  const { config, role } = readConfig();
  const logger = createLogger(config.logLevel);
  const missing = [...missingServerEnvironment(), ...missingNodeFlags()];
  if (missing.length > 0) {
    const environment = Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => `${name}=${value} `);
    logger.info(
      `started without ${missing.join(' ')}: it works, with more memory (start it as ${environment.join('')}node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js)`,
    );
  }
  const container = await createContainer(config, logger);
  if (role !== 'api') await container.startWorker();

  let server: Server | undefined;
  if (role !== 'worker') {
    const app = createApp(container, { adminHandler: await loadAdminHandler(logger) });
    server = app.express.listen(config.port, config.host, (error?: Error) => {
      // Express 5 calls back on 'error' too; the 'error' handler below reports it.
      if (error) return;
      logger.info(
        { port: config.port, host: config.host, database: config.database.kind, role },
        `Shelfmark listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`,
      );
    });
    answerClientErrorsWithProblems(server);
    keepConnectionsAlive(server);
    server.on('error', (error) => {
      logger.fatal({ err: error }, 'cannot listen');
      logger.flush(() => process.exit(1));
    });
  } else {
    logger.info({ database: config.database.kind, role }, 'Shelfmark worker running jobs');
  }

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const finish = () => {
      void container.close().then(() => {
        logger.info('stopped');
        logger.flush(() => process.exit(0));
      });
    };
    if (!server) return finish();
    const force = setTimeout(() => {
      logger.warn('requests still open after the grace period; closing them');
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(finish);
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(`Shelfmark could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

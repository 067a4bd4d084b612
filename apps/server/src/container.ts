import { mkdir } from 'node:fs/promises';
import { RequestContext } from '@mikro-orm/core';
import type { Config } from './config.js';
import { openDatabase, type Orm } from './database/orm.js';
import type { Logger } from './logger.js';
import { ApiTokenRepository } from './repositories/api-token.repository.js';
import { LibraryRepository } from './repositories/library.repository.js';
import { SessionRepository } from './repositories/session.repository.js';
import { SettingRepository } from './repositories/setting.repository.js';
import { UserRepository } from './repositories/user.repository.js';
import { AuthService } from './services/auth.service.js';
import { FolderService } from './services/folder.service.js';
import { HealthService } from './services/health.service.js';
import { LibrariesRoot } from './services/libraries-root.js';
import { LibraryService } from './services/library.service.js';
import { builtInProviderCatalog } from './services/provider-catalog.js';
import { VERSION } from './version.js';

/** The composition root: configuration → database → repositories → services. Transports take it from here. */
export interface Container {
  config: Config;
  logger: Logger;
  orm: Orm;
  services: {
    auth: AuthService;
    folders: FolderService;
    health: HealthService;
    libraries: LibraryService;
  };
  close(): Promise<void>;
}

export async function createContainer(config: Config, logger: Logger): Promise<Container> {
  await mkdir(config.dataDir, { recursive: true });
  await mkdir(config.librariesRoot, { recursive: true });
  const orm = await openDatabase(config.database);
  const em = orm.em;

  const librariesRoot = new LibrariesRoot(config.librariesRoot);
  const auth = new AuthService(
    new UserRepository(em),
    new SessionRepository(em),
    new ApiTokenRepository(em),
    new SettingRepository(em),
    config.bootstrapToken,
    logger.child({ area: 'auth' }),
  );
  const services = {
    auth,
    folders: new FolderService(librariesRoot),
    health: new HealthService(orm, config.database.kind, VERSION, () => ({ backend: 'none', ok: true })),
    libraries: new LibraryService(
      new LibraryRepository(em),
      librariesRoot,
      builtInProviderCatalog,
      logger.child({ area: 'libraries' }),
    ),
  };

  await withContext(orm, () => auth.ensureAdminFromEnvironment(config.adminPassword));

  return {
    config,
    logger,
    orm,
    services,
    close: () => orm.close(true),
  };
}

/** Runs work outside HTTP (start-up, jobs) in its own EntityManager fork. */
export async function withContext<T>(orm: Orm, work: () => Promise<T>): Promise<T> {
  return RequestContext.create(orm.em.fork(), work);
}

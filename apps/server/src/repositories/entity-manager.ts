import type { EntityManager } from '@mikro-orm/sql';
import type { Orm } from '../database/orm.js';

/**
 * Repositories hold the ORM's global EntityManager; MikroORM resolves it to the fork of the current
 * request or job (RequestContext), and refuses to run outside one (allowGlobalContext: false).
 */
export function contextualEntityManager(orm: Orm): EntityManager {
  return orm.em;
}

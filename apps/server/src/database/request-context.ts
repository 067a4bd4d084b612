import { RequestContext } from '@mikro-orm/core';
import type { Orm } from './orm.js';

/** Runs work outside HTTP (start-up, jobs) in an EntityManager fork of its own. */
export function withContext<T>(orm: Orm, work: () => Promise<T>): Promise<T> {
  return RequestContext.create(orm.em.fork(), work);
}

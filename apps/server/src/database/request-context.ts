import { RequestContext } from '@mikro-orm/core';
import { runAsSystem } from '../services/viewer-context.js';
import type { Orm } from './orm.js';

/**
 * Runs work outside HTTP (start-up, jobs, watchers) in an EntityManager fork of its own, as the system, named here
 * once for every such entry point: a job queued or a watcher woken during a request must not inherit that request's
 * viewer (its libraries, its progress), and work that names no viewer at all is refused (services/viewer-context.ts).
 */
export function withContext<T>(orm: Orm, work: () => Promise<T>): Promise<T> {
  return runAsSystem(() => RequestContext.create(orm.em.fork(), work));
}

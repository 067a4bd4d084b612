import { RequestContext } from '@mikro-orm/core';
import { SYSTEM_VIEWER } from '../domain/viewer.js';
import { runAsViewer } from '../services/viewer-context.js';
import type { Orm } from './orm.js';

/**
 * Runs work outside HTTP (start-up, jobs, watchers) in an EntityManager fork of its own, as the system: a job queued
 * or a watcher woken during a request must not inherit that request's viewer (its libraries, its progress).
 */
export function withContext<T>(orm: Orm, work: () => Promise<T>): Promise<T> {
  return runAsViewer(SYSTEM_VIEWER, () => RequestContext.create(orm.em.fork(), work));
}

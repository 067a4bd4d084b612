import { AsyncLocalStorage } from 'node:async_hooks';
import { SYSTEM_VIEWER, type Viewer } from '../domain/viewer.js';

const storage = new AsyncLocalStorage<Viewer>();

/** Runs `work` (and everything it awaits) on behalf of `viewer`: what transports call once they know the caller. */
export function runAsViewer<T>(viewer: Viewer, work: () => T): T {
  return storage.run(viewer, work);
}

/** The viewer of the current request; outside any request (jobs, start-up) the system, which sees every library. */
export function currentViewer(): Viewer {
  return storage.getStore() ?? SYSTEM_VIEWER;
}

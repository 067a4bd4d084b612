import { AsyncLocalStorage } from 'node:async_hooks';
import { SYSTEM_VIEWER, type Viewer } from '../domain/viewer.js';

const storage = new AsyncLocalStorage<Viewer>();

/**
 * A read or write ran with no viewer: a transport or a background entry point did not name one. Never answered with
 * "everything" (what the system sees), since the usual way to get here is a request's viewer lost on the way (a
 * stream iterated after its request's context ended): a server error, not a leak.
 */
export class MissingViewerError extends Error {
  constructor() {
    super('Library access was asked without a viewer: run the work in runAsViewer() or runAsSystem().');
    this.name = 'MissingViewerError';
  }
}

/** Runs `work` (and everything it awaits) on behalf of `viewer`: what transports call once they know the caller. */
export function runAsViewer<T>(viewer: Viewer, work: () => T): T {
  return storage.run(viewer, work);
}

/** Runs `work` as the system, which sees every library: only for work of nobody (jobs, watchers, start-up). */
export function runAsSystem<T>(work: () => T): T {
  return storage.run(SYSTEM_VIEWER, work);
}

/** The viewer the current work runs for, as named by runAsViewer() or runAsSystem(); throws when none was. */
export function currentViewer(): Viewer {
  const viewer = storage.getStore();
  if (viewer === undefined) throw new MissingViewerError();
  return viewer;
}

/**
 * The same values as `iterable`, each produced on behalf of `viewer`: an async iterator runs its body when it is
 * pulled, by whoever pulls it (a stream's writer, after the request that made it has returned), so the viewer has
 * to be named again at each step.
 */
export function iterateAsViewer<T>(viewer: Viewer, iterable: AsyncIterable<T>): AsyncIterable<T> {
  return {
    [Symbol.asyncIterator]() {
      const iterator = runAsViewer(viewer, () => iterable[Symbol.asyncIterator]());
      return {
        next: (...args) => runAsViewer(viewer, () => iterator.next(...args)),
        return: (value?: unknown) =>
          runAsViewer(
            viewer,
            () => iterator.return?.(value) ?? Promise.resolve<IteratorResult<T>>({ done: true, value: undefined }),
          ),
        throw: (error: unknown) => runAsViewer(viewer, () => iterator.throw?.(error) ?? Promise.reject(error as Error)),
      };
    },
  };
}

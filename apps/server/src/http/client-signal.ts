import type { Response } from 'express';

/** Aborts the provider calls of a request whose client went away before the answer was sent. */
export function clientGone(res: Response): AbortSignal {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

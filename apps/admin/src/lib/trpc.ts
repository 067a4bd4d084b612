import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
// Only the router's type crosses over: the admin never bundles server code.
import type { AppRouter } from '../../../server/src/trpc/router.js';

/** The admin's only way to the server: tRPC, batched, with the session cookie. */
export const trpc = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/trpc', fetch: (url, init) => fetch(url, { ...init, credentials: 'same-origin' }) })],
});

export interface FieldProblem {
  path: string;
  message: string;
}

/** What the page shows for a failed call: the server's own words, and per-field messages when there are some. */
export interface CallProblem {
  status: number;
  message: string;
  fields: FieldProblem[];
  offline: boolean;
}

export function problemOf(error: unknown): CallProblem {
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AppRouter>).data;
    if (!data) return { status: 0, message: error.message, fields: [], offline: true };
    return {
      status: data.httpStatus,
      message: data.problem.detail,
      fields: (data.problem.errors ?? []).map((issue) => ({ path: issue.path, message: issue.message })),
      offline: false,
    };
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error), fields: [], offline: true };
}

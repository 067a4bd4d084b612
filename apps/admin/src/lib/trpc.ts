import {
  createTRPCClient,
  httpBatchLink,
  httpSubscriptionLink,
  splitLink,
  TRPCClientError,
  type TRPCLink,
} from '@trpc/client';
import { observable } from '@trpc/server/observable';
import { get } from 'svelte/store';
import { LL, locale } from '../i18n/i18n-svelte.js';
import { fieldText, problemText, type ServerProblem } from './problem-text.js';
// Only the router's type crosses over: the admin never bundles server code.
import type { AppRouter } from '../../../server/src/trpc/router.js';
import { currentSession, offline, sessionExpired } from './connection.js';
import { withBase } from './paths.js';
import { UploadError } from './upload.js';

/** Watches every call: a 401 means the session ended, no answer at all means the server is unreachable. */
const connectionLink: TRPCLink<AppRouter> = () => {
  return ({ next, op }) =>
    observable((observer) => {
      const sentIn = currentSession();
      return next(op).subscribe({
        next(value) {
          offline.set(false);
          observer.next(value);
        },
        error(error) {
          if (!error.data) offline.set(true);
          else if (error.data.httpStatus === 401 && op.path !== 'auth.signIn' && sentIn === currentSession()) {
            sessionExpired.set(true);
          }
          observer.error(error);
        },
        complete() {
          observer.complete();
        },
      });
    });
};

/** The admin's only way to the server: tRPC, batched, with the session cookie; live job progress over SSE. */
export const trpc = createTRPCClient<AppRouter>({
  links: [
    connectionLink,
    splitLink({
      condition: (op) => op.type === 'subscription',
      true: httpSubscriptionLink({ url: withBase('/trpc') }),
      // The page's language, not the browser's: the server answers plugins' own words (their settings) in it.
      false: httpBatchLink({ url: withBase('/trpc'), headers: () => ({ 'Accept-Language': get(locale) }) }),
    }),
  ],
});

export interface FieldProblem {
  /** JSON-pointer-like path of the field, as the server names it: `/body/isbn`, `/query/limit`. */
  path: string;
  /** In the page's language when the server gave a code (problem-text.ts), else the server's words. */
  message: string;
}

/**
 * What the page shows for a failed call, in the page's language (translated from the problem's codes when the call
 * failed), per-field messages when there are some, and the problem itself for components that translate it again.
 */
export interface CallProblem {
  status: number;
  message: string;
  fields: FieldProblem[];
  offline: boolean;
  problem?: ServerProblem;
}

/** A problem+json answer as the page shows it (tRPC's and the upload's alike), in the page's language. */
export function problemFromServer(status: number, problem: ServerProblem): CallProblem {
  const translations = get(LL);
  return {
    status,
    message: problemText(translations, get(locale), problem),
    fields: (problem.errors ?? []).map((issue) => ({
      path: issue.path,
      message: fieldText(translations.problems, issue),
    })),
    offline: false,
    problem,
  };
}

export function problemOf(error: unknown): CallProblem {
  if (error instanceof UploadError) return error.problem;
  if (error instanceof TRPCClientError) {
    const data = (error as TRPCClientError<AppRouter>).data;
    if (!data) return { status: 0, message: error.message, fields: [], offline: true };
    return problemFromServer(data.httpStatus, data.problem as ServerProblem);
  }
  return { status: 0, message: error instanceof Error ? error.message : String(error), fields: [], offline: true };
}

/** The message for one field of a form (`/body/isbn` → `isbn`), or undefined. */
export function fieldMessage(problem: CallProblem | null, field: string): string | undefined {
  return problem?.fields.find((issue) => issue.path === `/body/${field}` || issue.path.endsWith(`/${field}`))?.message;
}

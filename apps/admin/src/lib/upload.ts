import { currentSession, offline, sessionExpired } from './connection.js';
import { withBase } from './paths.js';
import type { ServerProblem } from './problem-text.js';
import { problemFromServer, type CallProblem } from './trpc.js';

/** A REST upload that failed, with the problem as the page shows it (trpc.ts `problemOf` passes it through). */
export class UploadError extends Error {
  constructor(readonly problem: CallProblem) {
    super(problem.message);
  }
}

/**
 * Sends one file as `multipart/form-data` to a REST operation below the API root, signed in by the session cookie.
 * The one place the admin calls REST rather than tRPC: tRPC carries no files (ADR 18), and REST streams the upload to
 * disk on the server. What the answer says (the operation's JSON, or a problem) is read as tRPC's would be: a 401
 * ends the session, no answer at all means offline.
 */
export async function uploadFile<T>(
  route: string,
  field: string,
  file: Blob,
  fileName: string,
  method: 'PUT' | 'POST' = 'PUT',
): Promise<T> {
  const form = new FormData();
  form.append(field, file, fileName);
  const sentIn = currentSession();
  let response: Response;
  try {
    response = await fetch(withBase(`/api/v1${route}`), { method, body: form, credentials: 'same-origin' });
  } catch (error) {
    offline.set(true);
    const message = error instanceof Error ? error.message : String(error);
    throw new UploadError({ status: 0, message, fields: [], offline: true });
  }
  offline.set(false);
  if (response.ok) return (await response.json()) as T;
  if (response.status === 401 && sentIn === currentSession()) sessionExpired.set(true);
  const problem = (await response.json().catch(() => ({}))) as ServerProblem;
  throw new UploadError(problemFromServer(response.status, problem));
}

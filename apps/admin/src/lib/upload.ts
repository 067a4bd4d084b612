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

/** The upload was cancelled by the admin (its `AbortSignal`); the server keeps nothing of it. */
export class UploadCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'UploadCancelled';
  }
}

export interface UploadProgress {
  /** Bytes of the request body sent so far (the file and its multipart framing). */
  loaded: number;
  total: number;
}

/**
 * `uploadFile` for large files: the same request, sent with XMLHttpRequest because `fetch` reports no upload
 * progress. `onProgress` follows the bytes sent; aborting `signal` stops the request mid-file (the server then
 * removes what it had staged) and rejects with UploadCancelled.
 */
export function uploadWithProgress<T>(
  route: string,
  field: string,
  file: Blob,
  fileName: string,
  options: { onProgress?: (progress: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<T> {
  const form = new FormData();
  form.append(field, file, fileName);
  const sentIn = currentSession();
  return new Promise<T>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    const request = new XMLHttpRequest();
    const cancel = () => request.abort();
    options.signal?.addEventListener('abort', cancel, { once: true });
    const done = () => options.signal?.removeEventListener('abort', cancel);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.({ loaded: event.loaded, total: event.total });
    };
    request.onabort = () => {
      done();
      reject(new UploadCancelled());
    };
    request.onerror = () => {
      done();
      offline.set(true);
      reject(new UploadError({ status: 0, message: 'network error', fields: [], offline: true }));
    };
    request.onload = () => {
      done();
      offline.set(false);
      let body: unknown = {};
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML page (nginx's 413): the status alone says it.
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as T);
        return;
      }
      if (request.status === 401 && sentIn === currentSession()) sessionExpired.set(true);
      reject(new UploadError(problemFromServer(request.status, body as ServerProblem)));
    };
    request.open('POST', withBase(`/api/v1${route}`));
    request.withCredentials = true;
    request.send(form);
  });
}

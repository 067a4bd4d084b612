import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import multer from 'multer';
import { PayloadTooLargeError, ValidationError } from '../domain/errors.js';
import type { Logger } from '../logger.js';
import { operations, type OpenApiDocument } from './openapi-document.js';

/**
 * The operation's own byte limit for an uploaded file, in openapi.yaml: every multipart operation must declare one
 * (checked at start-up), so a new upload route cannot take unbounded files by omission.
 */
export const UPLOAD_LIMIT_EXTENSION = 'x-shelfmark-upload-limit';

/** A staged file older than this is left over from a crash (no upload takes a day); start-up removes it. */
const STALE_STAGED_MS = 24 * 60 * 60 * 1000;

interface StagedFile {
  fieldname: string;
  path: string;
  originalname?: string;
}

/** Where uploads stream to while they arrive: DATA_DIR/uploads, on the same disk as what they become. */
export function uploadStagingDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/**
 * Limits the configuration sets instead of openapi.yaml, by operationId: how large a book an admin may upload is
 * theirs to say (BOOK_UPLOAD_MAX_MB); the contract's `x-shelfmark-upload-limit` is then the documented default.
 */
export type UploadLimits = Readonly<Record<string, number>>;

function uploadLimitOf(operation: Record<string, unknown> | undefined, configured: UploadLimits = {}): number | null {
  const id = operation?.operationId;
  if (typeof id === 'string' && Object.hasOwn(configured, id)) return configured[id] ?? null;
  const limit = operation?.[UPLOAD_LIMIT_EXTENSION];
  return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : null;
}

function requestLimit(req: Request, configured: UploadLimits): number | null {
  return uploadLimitOf((req as { openapi?: { schema?: Record<string, unknown> } }).openapi?.schema, configured);
}

function takesMultipart(operation: Record<string, unknown>): boolean {
  const body = operation.requestBody as { content?: Record<string, unknown> } | undefined;
  return body?.content?.['multipart/form-data'] !== undefined;
}

/**
 * express-openapi-validator's uploader (multer) set up to stream: each file goes to disk in the staging folder
 * under a random name (never the client's), with the operation's byte limit, one file part and no other field, so
 * no upload is ever held whole in memory and no request can make many parts. A request cut off mid-file has its
 * partial file removed by multer itself (it listens for the request's abort); every other staged file is removed
 * when the response ends (`removeStagedUploads`).
 */
export function uploaderOptions(
  document: OpenApiDocument,
  stagingDirectory: string,
  configured: UploadLimits = {},
): multer.Options {
  const multipart = new Set<unknown>();
  for (const { method, path: route, operation } of operations(document)) {
    if (!takesMultipart(operation)) continue;
    multipart.add(operation.operationId);
    if (uploadLimitOf(operation) === null) {
      throw new Error(`${method.toUpperCase()} ${route} takes multipart/form-data without ${UPLOAD_LIMIT_EXTENSION}`);
    }
  }
  for (const [id, limit] of Object.entries(configured)) {
    if (!multipart.has(id) || !Number.isInteger(limit) || limit <= 0) {
      throw new Error(`configured upload limit for ${id}: not a multipart operation, or not a positive byte count`);
    }
  }
  mkdirSync(stagingDirectory, { recursive: true });
  const limits = (req: Request) => ({
    fileSize: requestLimit(req, configured) ?? 0,
    files: 1,
    parts: 1,
    fields: 0,
    fieldNameSize: 100,
    headerPairs: 20,
  });
  // multer 2.5 evaluates `limits` per request when it is a function; its types still say an object.
  return {
    storage: multer.diskStorage({ destination: stagingDirectory }),
    limits: limits as multer.Options['limits'],
    // Browsers send a file name in UTF-8 without saying so; busboy's default (latin1) would garble "Astérix.cbz".
    defParamCharset: 'utf8',
  };
}

/** What multipart framing adds to a file (boundaries, part headers): generous, a few hundred bytes in practice. */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/**
 * A request that says up front (Content-Length) it is larger than the operation's file limit is refused before a
 * byte of it is read: otherwise the uploader would read and drop the whole body to answer 413 cleanly. The
 * connection closes after the answer, since the body is never read.
 */
export function refuseDeclaredOversize(configured: UploadLimits = {}): RequestHandler {
  return (req, res, next) => {
    const limit = requestLimit(req, configured);
    const declared = Number(req.headers['content-length']);
    if (limit !== null && Number.isFinite(declared) && declared > limit + MULTIPART_FRAMING_BYTES) {
      res.setHeader('Connection', 'close');
      next(
        new PayloadTooLargeError(`The upload is ${declared} bytes; this operation takes files of at most ${limit}.`),
      );
      return;
    }
    next();
  };
}

/** Removes the request's staged files once its response is over, whatever happened in between. */
export function removeStagedUploads(logger: Logger): RequestHandler {
  return (req, res, next) => {
    res.once('close', () => {
      for (const file of stagedFiles(req)) {
        rm(file.path, { force: true }).catch((error: unknown) => {
          logger.warn({ err: error }, 'staged upload not removed');
        });
      }
    });
    next();
  };
}

function stagedFiles(req: Request): StagedFile[] {
  const files = (req as { files?: unknown }).files;
  return Array.isArray(files) ? (files as StagedFile[]).filter((file) => typeof file.path === 'string') : [];
}

/** The staged file of a validated multipart request's `field` (the contract requires it; the check is for types). */
export function stagedFile(req: Request, field: string): string {
  return stagedUpload(req, field).path;
}

/** The staged file of `field` and the name the client gave it (a hint only: it never becomes a path). */
export function stagedUpload(req: Request, field: string): { path: string; clientName: string } {
  const file = stagedFiles(req).find((staged) => staged.fieldname === field);
  if (!file)
    throw new ValidationError(`The request needs a file part named ${field}.`, [
      { path: field, message: 'required', code: 'required' },
    ]);
  return { path: file.path, clientName: file.originalname ?? '' };
}

/** Removes what a crash left in the staging folder: files older than a day, so a running upload is never touched. */
export async function sweepStagedUploads(stagingDirectory: string, logger: Logger, now = Date.now()): Promise<void> {
  let names: string[];
  try {
    names = await readdir(stagingDirectory);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(stagingDirectory, name);
    try {
      if (now - (await stat(file)).mtimeMs > STALE_STAGED_MS) await rm(file, { force: true });
    } catch (error) {
      logger.debug({ err: error, name }, 'staged upload not swept');
    }
  }
}

/**
 * A request whose client went away mid-upload reaches here as the validator's 500 ("Request aborted"): nobody is
 * left to answer and the server did nothing wrong, so it is noted, not logged as a fault (multer has already removed
 * the partial file).
 */
export function abandonedUploads(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, _res, next) => {
    if (!req.destroyed || req.readableEnded || !(req as { files?: unknown }).files) {
      next(error);
      return;
    }
    logger.info({ reqId: req.id }, 'upload cut off by the client');
  };
}

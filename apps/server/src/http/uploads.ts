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
}

/** Where uploads stream to while they arrive: DATA_DIR/uploads, on the same disk as what they become. */
export function uploadStagingDirectory(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

function uploadLimitOf(operation: Record<string, unknown> | undefined): number | null {
  const limit = operation?.[UPLOAD_LIMIT_EXTENSION];
  return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : null;
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
export function uploaderOptions(document: OpenApiDocument, stagingDirectory: string): multer.Options {
  for (const { method, path: route, operation } of operations(document)) {
    if (takesMultipart(operation) && uploadLimitOf(operation) === null) {
      throw new Error(`${method.toUpperCase()} ${route} takes multipart/form-data without ${UPLOAD_LIMIT_EXTENSION}`);
    }
  }
  mkdirSync(stagingDirectory, { recursive: true });
  const limits = (req: Request) => ({
    fileSize: uploadLimitOf((req as { openapi?: { schema?: Record<string, unknown> } }).openapi?.schema) ?? 0,
    files: 1,
    parts: 1,
    fields: 0,
    fieldNameSize: 100,
    headerPairs: 20,
  });
  // multer 2.5 evaluates `limits` per request when it is a function; its types still say an object.
  return { storage: multer.diskStorage({ destination: stagingDirectory }), limits: limits as multer.Options['limits'] };
}

/** What multipart framing adds to a file (boundaries, part headers): generous, a few hundred bytes in practice. */
const MULTIPART_FRAMING_BYTES = 64 * 1024;

/**
 * A request that says up front (Content-Length) it is larger than the operation's file limit is refused before a
 * byte of it is read: otherwise the uploader would read and drop the whole body to answer 413 cleanly. The
 * connection closes after the answer, since the body is never read.
 */
export function refuseDeclaredOversize(): RequestHandler {
  return (req, res, next) => {
    const limit = uploadLimitOf((req as { openapi?: { schema?: Record<string, unknown> } }).openapi?.schema);
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
  const file = stagedFiles(req).find((staged) => staged.fieldname === field);
  if (!file)
    throw new ValidationError(`The request needs a file part named ${field}.`, [
      { path: field, message: 'required', code: 'required' },
    ]);
  return file.path;
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

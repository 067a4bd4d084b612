import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import { TooManyRequestsError } from '../domain/errors.js';
import { KOSYNC_ERRORS, type KosyncError } from '../domain/kosync.js';
import type { Viewer } from '../domain/viewer.js';
import { SignInLimiter, tokenCredential } from '../http/sign-in-limiter.js';
import type { Logger } from '../logger.js';
import type { AuthService } from '../services/auth.service.js';
import type { KosyncService } from '../services/kosync.service.js';
import { runAsViewer } from '../services/viewer-context.js';

/** KOReader's progress documents are tiny (a few hundred bytes); the reference server's nginx takes 1 MiB. */
const BODY_LIMIT = '64kb';
/**
 * Failed sign-ins with one token from one address before that pair is refused for the rest of the window. KOReader
 * replays a refused push for ever, so a device left with a revoked token is stopped without shutting out the
 * other readers behind the same address; tokens are never guessed (32 random bytes), so nothing is slowed.
 */
const FAILED_SIGN_INS = { attempts: 30, windowMs: 15 * 60 * 1000 };
const TOO_MANY = 'Too many failed sign-ins to KOReader sync; try again later.';

declare module 'express-serve-static-core' {
  interface Request {
    kosyncReader?: Viewer & { userId: string };
  }
}

/**
 * KOReader's progress sync (kosync.koplugin), at /koreader: the reference koreader-sync-server's API, answered
 * with its status codes and bodies, outside /api/v1 and its contract (KOReader sends fields we do not describe).
 * The user name is an API token (the password, which KOReader sends as an MD5 in x-auth-key, is ignored). Every
 * answer is `Content-Type: application/json` exactly: KOReader's JSON decoding compares the type as a string.
 */
export function kosyncRoutes(auth: AuthService, kosync: KosyncService, logger: Logger): Router {
  const router = Router();
  const limiter = new SignInLimiter(FAILED_SIGN_INS);

  router.get('/healthcheck', (_req, res) => send(res, 200, { state: 'OK' }));
  // Accounts are Shelfmark's: KOReader's Register button gets the reference server's "registration disabled".
  router.post('/users/create', (_req, res) => sendError(res, 'registrationDisabled'));

  router.use(async (req, res, next) => {
    const client = req.ip ?? 'unknown';
    const token = req.get('x-auth-user') ?? '';
    await limiter.admit(client, tokenCredential(token), TOO_MANY, { throttle: false });
    const principal = token ? await auth.authenticateToken(token) : null;
    // A credential with no user behind it (the bootstrap token before any account exists) has no progress to sync.
    const userId = principal?.viewer.userId ?? null;
    if (!principal || userId === null) {
      if (token) limiter.recordFailure(client, tokenCredential(token), { guessable: false });
      sendError(res, 'unauthorized');
      return;
    }
    req.kosyncReader = { ...principal.viewer, userId };
    runAsViewer(req.kosyncReader, next);
  });

  router.get('/users/auth', (_req, res) => send(res, 200, { authorized: 'OK' }));
  router.put(
    '/syncs/progress',
    express.json({ limit: BODY_LIMIT, type: ['application/json', 'application/*+json'] }),
    async (req, res) => {
      const result = await kosync.push(req.kosyncReader!, req.body);
      if (!result.ok) return sendError(res, result.error);
      // The document as the client sent it: the reference answers it back unchanged.
      send(res, 200, { document: (req.body as { document: string }).document, timestamp: result.value.timestamp });
    },
  );
  router.get('/syncs/progress/:document', async (req, res) => {
    const result = await kosync.pull(req.kosyncReader!, String(req.params.document));
    if (!result.ok) return sendError(res, result.error);
    send(res, 200, result.value);
  });
  // The reference routes GET /syncs/progress/:document only; without a document it is the "no document" answer.
  router.get(['/syncs/progress', '/syncs/progress/'], (_req, res) => sendError(res, 'documentMissing'));

  router.use((_req, res) => send(res, 404, { message: 'Not found' }));
  router.use(kosyncErrors(logger));
  return router;
}

function send(res: Response, status: number, body: object): void {
  // A Buffer, not a string: Express appends "; charset=utf-8" to the type of a string body.
  res.status(status).setHeader('Content-Type', 'application/json');
  res.send(Buffer.from(JSON.stringify(body)));
}

function sendError(res: Response, error: KosyncError): void {
  const { status, code, message } = KOSYNC_ERRORS[error];
  send(res, status, { code, message });
}

/** Errors in the reference server's shape: a body too big is 413, one that is not JSON an invalid request. */
function kosyncErrors(logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req: Request, res: Response, _next) => {
    const type = (error as { type?: unknown }).type;
    if (type === 'entity.too.large') return send(res, 413, { code: 2003, message: 'Request body too large' });
    if (type === 'entity.parse.failed' || type === 'charset.unsupported' || type === 'encoding.unsupported') {
      return sendError(res, 'invalidFields');
    }
    const status = (error as { status?: unknown }).status;
    // Anything else the request got wrong (a path that does not decode…) is the reference's invalid request.
    if (typeof status === 'number' && status >= 400 && status < 500 && !(error instanceof TooManyRequestsError)) {
      return sendError(res, 'invalidFields');
    }
    if (error instanceof TooManyRequestsError) {
      res.setHeader('Retry-After', String(error.retryAfterSeconds));
      return send(res, 429, { code: 2001, message: error.message });
    }
    logger.error({ err: error }, 'KOReader sync request failed');
    send(res, 502, { code: 2000, message: 'Unknown server error.' });
  };
}

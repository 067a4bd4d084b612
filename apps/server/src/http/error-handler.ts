import type { ErrorRequestHandler, Request } from 'express';
import { DomainError, TooManyRequestsError } from '../domain/errors.js';
import type { ProblemKind } from '../domain/problem-codes.js';
import type { Logger } from '../logger.js';
import { clientWentAway } from './client-gone.js';
import { domainProblem, problem, sendProblem, type Problem } from './problem.js';
import {
  deferredIssues,
  mergeIssues,
  readableValidatorIssues,
  validationError,
  type MatchedRequest,
  type ValidatorIssue,
} from './request-issues.js';

interface ValidatorError {
  status: number;
  message?: string;
  errors?: ValidatorIssue[];
  headers?: Record<string, string>;
}

function isValidatorError(error: unknown): error is ValidatorError {
  return typeof error === 'object' && error !== null && typeof (error as ValidatorError).status === 'number';
}

const TITLES: Record<number, [ProblemKind, string]> = {
  400: ['validation', 'Invalid request'],
  401: ['unauthorized', 'Unauthorized'],
  403: ['forbidden', 'Forbidden'],
  404: ['not-found', 'Not found'],
  405: ['method-not-allowed', 'Method not allowed'],
  413: ['payload-too-large', 'Payload too large'],
  415: ['unsupported-media-type', 'Unsupported media type'],
};

/** Problem for an error raised by express-openapi-validator or body-parser (status set, message safe). */
function clientProblem(error: ValidatorError, req: Request): Problem {
  const [code, title] = TITLES[error.status] ?? ['bad-request', 'Bad request'];
  if (error.status === 400 && error.errors && error.errors.length > 0) {
    // The input guard's findings come first: they were made on the values as sent, before any coercion.
    const issues = mergeIssues(deferredIssues(req), readableValidatorIssues(error.errors, req));
    const refused = validationError(issues);
    return problem(400, refused.code, refused.title, refused.message, refused.issues);
  }
  const detail =
    error.status === 400 && (error as { type?: string }).type === 'entity.parse.failed'
      ? 'The request body is not valid JSON.'
      : error.status === 415
        ? unsupportedMediaTypeDetail(req)
        : (error.message ?? title);
  return problem(error.status, code, title, detail);
}

/** The validator says `unsupported media type undefined`; this says what to send instead. */
function unsupportedMediaTypeDetail(req: MatchedRequest): string {
  const accepted = Object.keys(req.openapi?.schema?.requestBody?.content ?? {});
  const sent = req.headers['content-type'];
  const expected = accepted.length > 0 ? accepted.join(' or ') : 'a supported media type';
  return sent
    ? `The request body must be sent as ${expected}, not ${sent.split(';')[0]!.trim().slice(0, 100)}.`
    : `The request needs a body sent as ${expected} (no Content-Type header was given).`;
}

/** The one place errors become responses: problem+json, never a stack trace or an internal message. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (clientWentAway(error, req, res)) {
      req.log.debug({ code: (error as { code?: string }).code }, 'client went away before the answer');
      // Nothing to write to: the socket is closed, or closes now (a half-written answer cannot be finished).
      if (!res.destroyed) res.destroy();
      return;
    }
    if (res.headersSent) {
      next(error);
      return;
    }
    let body: Problem;
    if (error instanceof DomainError) {
      body = domainProblem(error);
      if (error instanceof TooManyRequestsError) res.setHeader('Retry-After', String(error.retryAfterSeconds));
    } else if (isValidatorError(error) && error.status >= 400 && error.status < 500) {
      body = clientProblem(error, req);
      // RFC 9110: a 405 lists the methods the resource supports; the validator computes them from the spec.
      const allow = error.status === 405 ? error.headers?.Allow : undefined;
      if (allow) res.setHeader('Allow', withHead(allow.toUpperCase()));
    } else {
      req.log.error({ err: error }, 'unhandled error');
      body = problem(
        500,
        'internal-error',
        'Internal server error',
        'Something went wrong on the server; it has been logged.',
      );
    }
    if (body.status === 401 && !res.hasHeader('WWW-Authenticate')) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="shelfmark"');
    }
    if (body.status >= 400 && body.status < 500)
      logger.debug({ status: body.status, detail: body.detail, reqId: req.id }, 'request refused');
    sendProblem(res, body);
  };
}

/** Wherever GET is allowed, HEAD is too (app.ts answers HEAD as GET). */
function withHead(allow: string): string {
  const methods = allow.split(/,\s*/);
  return methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'].join(', ') : allow;
}

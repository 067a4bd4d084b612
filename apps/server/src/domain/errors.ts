import type { JobError } from './job-messages.js';
import type { FieldIssueCode, ProblemKind, ProviderFailureKind } from './problem-codes.js';

/**
 * Errors the services throw. Each carries a stable `code` (the last segment of the problem
 * `type` URI) and an HTTP status; the one error middleware turns them into problem+json.
 * Messages are written for the person reading the response: no internals, no secrets.
 */
export interface FieldIssue {
  path: string;
  message: string;
  /** Machine-readable reason: the JSON Schema keyword that failed (`required`, `maximum`…) or the check's own. */
  code: FieldIssueCode;
  /** What the contract accepts here (enum values, known field names), for a client to offer as choices. */
  allowed?: unknown[];
  /** The bound crossed, for the range and size codes (`minimum`, `maxLength`…), so a client can say it again. */
  limit?: number;
  /** With `overlap`: the other folder, as it is given where it is set (a library's root_path, an import folder). */
  folder?: string;
}

/** Which external service failed and how: the `provider` and `failure` fields of the problem. */
export interface ProviderFailureFields {
  provider: string;
  failure: ProviderFailureKind;
}

export class DomainError extends Error {
  /** Set when an external service is the cause (a failure, or a setting of it that is missing). */
  providerFailure?: ProviderFailureFields;
  /** Set when the error can end a job: what the job records, with a code the admin translates. */
  jobError?: JobError;

  constructor(
    readonly status: number,
    readonly code: ProblemKind,
    readonly title: string,
    detail: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(detail);
    this.name = new.target.name;
  }
}

export class ValidationError extends DomainError {
  constructor(detail: string, issues: FieldIssue[] = []) {
    super(400, 'validation', 'Invalid request', detail, issues);
  }
}

export class InvalidPathError extends DomainError {
  /** `field` is the input's issue path (`/query/path`, `/body/root_path`), so a form can show the error beside it. */
  constructor(detail: string, field?: string) {
    super(400, 'invalid-path', 'Invalid path', detail, field ? [{ path: field, message: detail, code: 'folder' }] : []);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(detail = 'A valid credential is required.') {
    super(401, 'unauthorized', 'Unauthorized', detail);
  }
}

export class ForbiddenError extends DomainError {
  constructor(detail: string) {
    super(403, 'forbidden', 'Forbidden', detail);
  }
}

/** An upload past what the operation takes: its bytes (the uploader) or its pixels (the decoder). */
export class PayloadTooLargeError extends DomainError {
  constructor(detail: string) {
    super(413, 'payload-too-large', 'Payload too large', detail);
  }
}

/** An upload whose content is not of a type the operation takes, or cannot be decoded as one. */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(detail: string) {
    super(415, 'unsupported-media-type', 'Unsupported media type', detail);
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string, id?: string) {
    super(404, 'not-found', 'Not found', id === undefined ? `${what} not found.` : `${what} ${id} not found.`);
  }
}

export class ConflictError extends DomainError {
  constructor(detail: string) {
    super(409, 'conflict', 'Conflict', detail);
  }
}

/** A progress write by a viewer without a user (the bootstrap token before any user exists): nobody to write for. */
export class NoReaderError extends DomainError {
  constructor() {
    super(
      409,
      'no-reader',
      'No reader',
      'Reading progress belongs to a user: sign in as one, or use a token of one (no user exists yet).',
    );
  }
}

export class TooManyRequestsError extends DomainError {
  constructor(
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'too-many-requests', 'Too many requests', detail);
  }
}

export class NotImplementedError extends DomainError {
  constructor(operation: string, detail?: string) {
    super(
      501,
      'not-implemented',
      'Not implemented',
      detail ?? `${operation} is not available in this version of Shelfmark yet.`,
    );
  }
}

/** A plugin's external service failed; the detail names the provider and the kind of failure, never a secret. */
export class ProviderFailureError extends DomainError {
  constructor(
    readonly providerId: string,
    readonly failure: ProviderFailureKind,
    detail: string,
  ) {
    super(502, 'provider-failure', 'Bad Gateway', detail);
    this.providerFailure = { provider: providerId, failure };
  }
}

/** A plugin lacks a required setting: the admin's to fix (400), with the plugin named like a failure. */
export class ProviderNotConfiguredError extends ValidationError {
  constructor(provider: string, detail: string) {
    super(detail);
    this.providerFailure = { provider, failure: 'not_configured' };
  }
}

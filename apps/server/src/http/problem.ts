import type { Response } from 'express';
import type { DomainError, FieldIssue, ProviderFailureFields } from '../domain/errors.js';
import type { ProblemKind } from '../domain/problem-codes.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
const TYPE_BASE = 'urn:shelfmark:problem:';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldIssue[];
  provider?: string;
  failure?: ProviderFailureFields['failure'];
}

export function problem(
  status: number,
  code: ProblemKind,
  title: string,
  detail: string,
  errors?: FieldIssue[],
  providerFailure?: ProviderFailureFields,
): Problem {
  return {
    type: `${TYPE_BASE}${code}`,
    title,
    status,
    detail,
    ...(errors && errors.length > 0 ? { errors } : {}),
    ...(providerFailure ? { provider: providerFailure.provider, failure: providerFailure.failure } : {}),
  };
}

/** The problem a domain error stands for, the same over REST and tRPC. */
export function domainProblem(error: DomainError): Problem {
  return problem(error.status, error.code, error.title, error.message, error.issues, error.providerFailure);
}

export function sendProblem(res: Response, body: Problem): void {
  // res.json keeps the content type set here, and goes through response validation in tests.
  res.status(body.status).type(PROBLEM_CONTENT_TYPE).json(body);
}

import type { Response } from 'express';
import type { FieldIssue } from '../domain/errors.js';

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';
const TYPE_BASE = 'urn:shelfmark:problem:';

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: FieldIssue[];
}

export function problem(status: number, code: string, title: string, detail: string, errors?: FieldIssue[]): Problem {
  return { type: `${TYPE_BASE}${code}`, title, status, detail, ...(errors && errors.length > 0 ? { errors } : {}) };
}

export function sendProblem(res: Response, body: Problem): void {
  // res.json keeps the content type set here, and goes through response validation in tests.
  res.status(body.status).type(PROBLEM_CONTENT_TYPE).json(body);
}

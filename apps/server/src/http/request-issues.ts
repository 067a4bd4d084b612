import type { Request, RequestHandler } from 'express';
import { ValidationError, type FieldIssue } from '../domain/errors.js';
import {
  alternatives,
  MAX_LISTED_ISSUES,
  readableIssue,
  summarizeIssues,
  type JsonSchema,
} from './validation-messages.js';

export interface ParameterObject {
  name: string;
  in: string;
  schema?: JsonSchema;
  allowEmptyValue?: boolean;
}

export interface OperationObject {
  parameters?: ParameterObject[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** A request once express-openapi-validator has matched its operation (schemas dereferenced). */
export type MatchedRequest = Request & {
  openapi?: { schema?: OperationObject; pathParams?: Record<string, string> };
};

/** One entry of express-openapi-validator's `errors`: ajv's instance path, message and `<keyword>.openapi.validation`. */
export interface ValidatorIssue {
  path: string;
  message: string;
  errorCode?: string;
}

// The validator checks { query, headers, params, cookies, body }; the contract (and our paths) name them by `in`.
const LOCATIONS: Record<string, string> = { params: 'path', headers: 'header', cookies: 'cookie' };
// A value under one of these names is never written back into an answer or a log line.
const SECRET_FIELD = /pass(word)?|secret|token|api_?key/i;
const COMBINATORS = new Set(['anyOf', 'oneOf']);

function segmentsOf(path: string): string[] {
  return path
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function normalizedPath(path: string): string {
  const [, location = '', ...rest] = path.split('/');
  return ['', LOCATIONS[location] ?? location, ...rest].join('/');
}

function locationSchema(operation: OperationObject | undefined, location: string): JsonSchema | undefined {
  if (location === 'body') {
    const content = operation?.requestBody?.content ?? {};
    return (content['application/json'] ?? Object.values(content)[0])?.schema;
  }
  const parameters = (operation?.parameters ?? []).filter((parameter) => parameter.in === location);
  return {
    type: 'object',
    // Node lowercases header names, and so does the validator in its paths.
    properties: Object.fromEntries(
      parameters.map((parameter) => [
        location === 'header' ? parameter.name.toLowerCase() : parameter.name,
        parameter.schema ?? {},
      ]),
    ),
  };
}

function childSchema(schema: JsonSchema | undefined, segment: string): JsonSchema | undefined {
  for (const candidate of alternatives(schema)) {
    const property = candidate.properties?.[segment];
    if (property) return property;
    if (candidate.items && /^\d+$/.test(segment)) return candidate.items;
    if (typeof candidate.additionalProperties === 'object') return candidate.additionalProperties;
  }
  return undefined;
}

/** The contract's schema at a normalized path such as `/body/links/0/url` or `/query/limit`. */
export function schemaAt(operation: OperationObject | undefined, path: string): JsonSchema | undefined {
  const [location = '', ...rest] = segmentsOf(path);
  return rest.reduce<JsonSchema | undefined>(childSchema, locationSchema(operation, location));
}

function valueAt(req: MatchedRequest, path: string): unknown {
  const [location, ...rest] = segmentsOf(path);
  const roots: Record<string, unknown> = {
    query: req.query,
    path: req.openapi?.pathParams ?? req.params,
    header: req.headers,
    cookie: (req as { cookies?: unknown }).cookies,
    body: req.body,
  };
  return rest.reduce<unknown>(
    (value, segment) =>
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined,
    roots[location ?? ''],
  );
}

/** express-openapi-validator's errors in words a user reads, with the allowed values from the contract. */
export function readableValidatorIssues(issues: ValidatorIssue[], req: MatchedRequest): FieldIssue[] {
  const parsed = issues.map((issue) => ({
    path: normalizedPath(issue.path),
    raw: issue.message,
    keyword: issue.errorCode?.replace(/\.openapi\.validation$/, ''),
  }));
  // ajv reports an anyOf's failure and each branch's failure at the same place; the anyOf's one message says it all.
  const combinatorPaths = new Set(parsed.filter((issue) => COMBINATORS.has(issue.keyword ?? '')).map((i) => i.path));
  const operation = req.openapi?.schema;
  const readable = parsed
    .filter((issue) => !combinatorPaths.has(issue.path) || COMBINATORS.has(issue.keyword ?? ''))
    .map((issue): FieldIssue => {
      if (!issue.keyword) return { path: issue.path, message: issue.raw, code: 'invalid' };
      const ownsField = issue.keyword === 'additionalProperties' || issue.keyword === 'required';
      const schemaPath = ownsField ? issue.path.slice(0, issue.path.lastIndexOf('/')) : issue.path;
      const found = readableIssue({
        keyword: issue.keyword,
        schema: schemaAt(operation, schemaPath),
        value: ownsField ? undefined : valueAt(req, issue.path),
        echo: !SECRET_FIELD.test(issue.path),
      });
      return { path: issue.path, ...found };
    });
  const seen = new Set<string>();
  return readable.filter((issue) => {
    const key = `${issue.path}\n${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Issues found first (at the edge) win over later ones about the same place, which would say the same less well. */
export function mergeIssues(first: FieldIssue[], later: FieldIssue[]): FieldIssue[] {
  const paths = new Set(first.map((issue) => issue.path));
  return [...first, ...later.filter((issue) => !paths.has(issue.path))];
}

export function validationError(issues: FieldIssue[]): ValidationError {
  const listed = issues.slice(0, MAX_LISTED_ISSUES);
  return new ValidationError(summarizeIssues(listed, issues.length), listed);
}

// Issues the edge check found are held until the validator has run too, so one answer lists every problem.
const deferred = new WeakMap<Request, FieldIssue[]>();

export function deferIssues(req: Request, issues: FieldIssue[]): void {
  if (issues.length > 0) deferred.set(req, [...(deferred.get(req) ?? []), ...issues]);
}

export function deferredIssues(req: Request): FieldIssue[] {
  return deferred.get(req) ?? [];
}

/** After a validator that found nothing: the edge check's issues alone still refuse the request. */
export function rejectDeferredIssues(): RequestHandler {
  return (req, _res, next) => {
    const issues = deferredIssues(req);
    if (issues.length > 0) throw validationError(issues);
    next();
  };
}

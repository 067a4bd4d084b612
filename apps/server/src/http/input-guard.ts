import type { RequestHandler } from 'express';
import type { FieldIssue } from '../domain/errors.js';
import { queryParameterIssues } from './query-parameters.js';
import { deferIssues, validationError, type MatchedRequest, type ParameterObject } from './request-issues.js';
import { readableIssue } from './validation-messages.js';

// Tab, line feed and carriage return are ordinary text; the other C0 controls are not (PostgreSQL text cannot hold
// NUL, SQLite's tokenizer stops at it, and MikroORM writes every parameter into the SQL text).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
const CONTROL_MESSAGE = 'must not contain control characters (U+0000 to U+001F other than tab, line feed and return)';
const DECIMAL_INTEGER = /^-?\d+$/;
const DECIMAL_NUMBER = /^-?\d+(\.\d+)?$/;
const LOOKS_NUMERIC = /^\s*[-+]?(\d|\.\d|Infinity|NaN)/;

function numericType(parameter: ParameterObject): 'integer' | 'number' | null {
  const types = ([] as (string | undefined)[]).concat(parameter.schema?.type);
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  return null;
}

/**
 * The validator's coercion turns `Infinity`, `-Infinity` and `1e309` into non-finite numbers and ajv then skips
 * `minimum`/`maximum` (it checks bounds on finite numbers only), so a numeric parameter is held to plain decimal
 * digits here, before that coercion, and to a safe integer.
 */
function numericIssue(value: string, parameter: ParameterObject, type: 'integer' | 'number'): FieldIssue | null {
  const path = `/${parameter.in}/${parameter.name}`;
  const failed = (keyword: string) => ({ path, ...readableIssue({ keyword, schema: parameter.schema, value }) });
  // `1e2`, `0x10` and `Infinity` are numbers to JavaScript: say how to write them; `abc` is simply not a number.
  const notDecimal = () => failed(LOOKS_NUMERIC.test(value) && !DECIMAL_NUMBER.test(value) ? 'decimal' : 'type');
  if (type === 'integer') {
    if (!DECIMAL_INTEGER.test(value)) return notDecimal();
    if (!Number.isSafeInteger(Number(value))) return failed('safeInteger');
    return null;
  }
  if (!DECIMAL_NUMBER.test(value) || !Number.isFinite(Number(value))) return notDecimal();
  return null;
}

// No schema of the contract nests deeper than a few levels; thousands of `[` would exhaust the stack of every
// recursive walker after this one (ajv's included).
const MAX_DEPTH = 32;

function collectTextIssues(value: unknown, path: string, issues: FieldIssue[], depth = 0): void {
  if (depth > MAX_DEPTH) {
    issues.push({ path, code: 'depth', message: `is nested more than ${MAX_DEPTH} levels deep` });
    return;
  }
  if (typeof value === 'string') {
    if (CONTROL.test(value)) issues.push({ path, code: 'controlCharacters', message: CONTROL_MESSAGE });
  } else if (typeof value === 'number') {
    // JSON.parse reads 1e309 as Infinity and 2^63 as an inexact number: neither is a value anyone meant.
    if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) {
      const safe = Number.MAX_SAFE_INTEGER;
      issues.push({ path, code: 'range', message: `must be a finite number from -${safe} to ${safe}` });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => collectTextIssues(item, `${path}/${index}`, issues, depth + 1));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const keyPath = `${path}/${key.replace(CONTROLS, '?').replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (CONTROL.test(key))
        issues.push({ path: keyPath, code: 'controlCharacters', message: `field name ${CONTROL_MESSAGE}` });
      else collectTextIssues(item, keyPath, issues, depth + 1);
    }
  }
}

function parameterValue(req: MatchedRequest, parameter: ParameterObject): unknown {
  if (parameter.in === 'query') return (req.query as Record<string, unknown>)[parameter.name];
  if (parameter.in === 'path') return req.openapi?.pathParams?.[parameter.name];
  return undefined;
}

/**
 * One check of every request value the contract lets in, for every operation, before the validator coerces it:
 * text without control characters, numbers that are finite decimal numbers within the safe integer range, query
 * parameters the operation declares. Runs after the operation is matched (and the caller authorized); what it finds
 * is held until the validator has run, so the 400 lists the validator's findings too.
 */
export function inputGuard(): RequestHandler {
  return (req, _res, next) => {
    const matched = req as MatchedRequest;
    if (!matched.openapi?.schema) {
      next();
      return;
    }
    const issues: FieldIssue[] = [];
    collectTextIssues(req.query, '/query', issues);
    collectTextIssues(matched.openapi.pathParams ?? {}, '/path', issues);
    if (req.body !== undefined) collectTextIssues(req.body, '/body', issues);
    // Past this depth the validator's own walk would overflow the stack: refuse before it runs.
    if (issues.some((issue) => issue.code === 'depth')) throw validationError(issues);
    const parameters = matched.openapi.schema.parameters ?? [];
    for (const parameter of parameters) {
      const type = numericType(parameter);
      const value = parameterValue(matched, parameter);
      if (type === null || typeof value !== 'string') continue;
      const issue = numericIssue(value, parameter, type);
      if (issue) issues.push(issue);
    }
    issues.push(...queryParameterIssues(req.query, parameters));
    deferIssues(req, issues);
    next();
  };
}

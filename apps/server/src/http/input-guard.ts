import type { Request, RequestHandler } from 'express';
import { ValidationError, type FieldIssue } from '../domain/errors.js';

interface ParameterObject {
  name: string;
  in: string;
  schema?: { type?: string | string[] };
}

interface MatchedOperation {
  openapi?: { schema?: { parameters?: ParameterObject[] }; pathParams?: Record<string, string> };
}

// Tab, line feed and carriage return are ordinary text; the other C0 controls are not (PostgreSQL text cannot hold
// NUL, SQLite's tokenizer stops at it, and MikroORM writes every parameter into the SQL text).
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
const CONTROLS = new RegExp(CONTROL.source, 'g');
const CONTROL_MESSAGE = 'must not contain control characters (U+0000 to U+001F other than tab, line feed and return)';
const DECIMAL_INTEGER = /^-?\d+$/;
const DECIMAL_NUMBER = /^-?\d+(\.\d+)?$/;

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
function numericIssue(value: string, type: 'integer' | 'number'): string | null {
  if (type === 'integer') {
    if (!DECIMAL_INTEGER.test(value)) return 'must be a whole number written in decimal digits';
    if (!Number.isSafeInteger(Number(value))) return 'is too large';
    return null;
  }
  if (!DECIMAL_NUMBER.test(value) || !Number.isFinite(Number(value)))
    return 'must be a number written in decimal digits';
  return null;
}

// No schema of the contract nests deeper than a few levels; thousands of `[` would exhaust the stack of every
// recursive walker after this one (ajv's included).
const MAX_DEPTH = 32;

function collectTextIssues(value: unknown, path: string, issues: FieldIssue[], depth = 0): void {
  if (depth > MAX_DEPTH) {
    issues.push({ path, message: `is nested more than ${MAX_DEPTH} levels deep` });
    return;
  }
  if (typeof value === 'string') {
    if (CONTROL.test(value)) issues.push({ path, message: CONTROL_MESSAGE });
  } else if (typeof value === 'number') {
    // JSON.parse reads 1e309 as Infinity and 2^63 as an inexact number: neither is a value anyone meant.
    if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER) {
      issues.push({ path, message: 'is out of range' });
    }
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => collectTextIssues(item, `${path}/${index}`, issues, depth + 1));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const keyPath = `${path}/${key.replace(CONTROLS, '?').replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (CONTROL.test(key)) issues.push({ path: keyPath, message: `field name ${CONTROL_MESSAGE}` });
      else collectTextIssues(item, keyPath, issues, depth + 1);
    }
  }
}

function parameterValue(req: Request & MatchedOperation, parameter: ParameterObject): unknown {
  if (parameter.in === 'query') return (req.query as Record<string, unknown>)[parameter.name];
  if (parameter.in === 'path') return req.openapi?.pathParams?.[parameter.name];
  return undefined;
}

/**
 * One check of every request value the contract lets in, for every operation, before the validator coerces it:
 * text without control characters, numbers that are finite decimal numbers within the safe integer range.
 * Runs after the operation is matched (and the caller authorized), so it answers a 400 naming each field.
 */
export function inputGuard(): RequestHandler {
  return (req, _res, next) => {
    const matched = req as Request & MatchedOperation;
    if (!matched.openapi?.schema) {
      next();
      return;
    }
    const issues: FieldIssue[] = [];
    collectTextIssues(req.query, '/query', issues);
    collectTextIssues(matched.openapi.pathParams ?? {}, '/path', issues);
    if (req.body !== undefined) collectTextIssues(req.body, '/body', issues);
    for (const parameter of matched.openapi.schema.parameters ?? []) {
      const type = numericType(parameter);
      const value = parameterValue(matched, parameter);
      if (type === null || typeof value !== 'string') continue;
      const message = numericIssue(value, type);
      if (message) issues.push({ path: `/${parameter.in}/${parameter.name}`, message });
    }
    if (issues.length > 0) {
      const detail = issues.map((issue) => `${issue.path.slice(1).replace(/\//g, '.')} ${issue.message}`).join('; ');
      throw new ValidationError(detail, issues);
    }
    next();
  };
}

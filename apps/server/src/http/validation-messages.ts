import type { FieldIssue } from '../domain/errors.js';
import { fieldIssueCode, type FieldIssueCode } from '../domain/problem-codes.js';

/** A JSON Schema as the dereferenced contract holds it: only the keywords the messages read. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

/** One failed rule, with what the contract says about the place it failed. */
export interface RuleFailure {
  /** The JSON Schema keyword that failed (ajv's `keyword`), or one of the edge checks' own codes. */
  keyword: string;
  /** Schema of the value; for `additionalProperties`, of the object holding the unknown field. */
  schema: JsonSchema | undefined;
  /** The value sent, when there is one. */
  value?: unknown;
  /** False when the value must not be echoed (a password, a key, a token). */
  echo?: boolean;
}

export interface ReadableIssue {
  message: string;
  code: FieldIssueCode;
  allowed?: unknown[];
  limit?: number;
}

/** The schema's bound for a range or size keyword, so a client can write the message again in its language. */
function limitOf(keyword: string, schema: JsonSchema | undefined): { limit: number } | Record<string, never> {
  const value = schema?.[keyword as 'minimum'];
  return typeof value === 'number' ? { limit: value } : {};
}

const FORMATS: Record<string, string> = {
  uuid: 'a UUID',
  'date-time': 'a date and time such as 2025-01-31T18:30:00Z',
  date: 'a date such as 2025-01-31',
  uri: 'an absolute URL',
  'uri-reference': 'a URL',
  email: 'an email address',
};

// Long enough to recognise what was sent, short enough that a 1 MB value does not come back in the answer.
const ECHO_LIMIT = 40;

/** Every schema a value may be checked against here: the schema itself and the branches of its combinators. */
export function alternatives(schema: JsonSchema | undefined): JsonSchema[] {
  if (!schema) return [];
  return [schema, ...[schema.allOf, schema.anyOf, schema.oneOf].flatMap((list) => (list ?? []).flatMap(alternatives))];
}

export function knownFields(schema: JsonSchema | undefined): string[] {
  return [...new Set(alternatives(schema).flatMap((candidate) => Object.keys(candidate.properties ?? {})))];
}

function literal(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function list(values: string[]): string {
  return values.length <= 1 ? (values[0] ?? '') : `${values.slice(0, -1).join(', ')} or ${values.at(-1)}`;
}

function range(low: string | null, high: string | null, unit = ''): string {
  if (low !== null && high !== null) return low === high ? `of exactly ${low}${unit}` : `from ${low} to ${high}${unit}`;
  if (low !== null) return `of at least ${low}${unit}`;
  if (high !== null) return `of at most ${high}${unit}`;
  return '';
}

function numberRange(schema: JsonSchema): string {
  if (schema.exclusiveMinimum !== undefined) return `greater than ${schema.exclusiveMinimum}`;
  if (schema.exclusiveMaximum !== undefined) return `less than ${schema.exclusiveMaximum}`;
  const low = schema.minimum === undefined ? null : String(schema.minimum);
  const high = schema.maximum === undefined ? null : String(schema.maximum);
  return range(low, high);
}

function lengthRange(schema: JsonSchema): string {
  const low = schema.minLength === undefined || schema.minLength === 0 ? null : String(schema.minLength);
  const high = schema.maxLength === undefined ? null : String(schema.maxLength);
  if (low === '1' && high === null) return 'that is not empty';
  return range(low, high, ' characters');
}

function itemsRange(schema: JsonSchema): string {
  const low = schema.minItems === undefined || schema.minItems === 0 ? null : String(schema.minItems);
  const high = schema.maxItems === undefined ? null : String(schema.maxItems);
  return range(low, high, ' items');
}

function typeNoun(type: string, schema: JsonSchema): string {
  const joined = (noun: string, detail: string) => (detail ? `${noun} ${detail}` : noun);
  switch (type) {
    case 'integer':
      return joined('a whole number', numberRange(schema));
    case 'number':
      return joined('a number', numberRange(schema));
    case 'string':
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format]!;
      return joined('text', lengthRange(schema));
    case 'boolean':
      return 'true or false';
    case 'array':
      return joined('a list', itemsRange(schema));
    case 'object':
      return 'an object';
    case 'null':
      return 'null';
    default:
      return `a ${type}`;
  }
}

function isChoice(schema: JsonSchema): boolean {
  return schema.enum !== undefined || schema.const !== undefined || schema.type === 'null';
}

/** What the schema accepts, as a noun phrase: "a whole number from 1 to 500", "one of read or admin". */
export function describeSchema(schema: JsonSchema | undefined): string {
  if (!schema) return 'a valid value';
  if (schema.enum)
    return schema.enum.length === 1 ? literal(schema.enum[0]) : `one of ${list(schema.enum.map(literal))}`;
  if (schema.const !== undefined) return literal(schema.const);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.every(isChoice)) return describeSchema({ enum: allowedValues(schema) });
  if (branches) return list(branches.map(describeSchema));
  if (schema.allOf) return describeSchema(Object.assign({}, ...schema.allOf, { allOf: undefined }) as JsonSchema);
  const types = ([] as string[]).concat(schema.type ?? []);
  if (types.length === 0) return schema.format && FORMATS[schema.format] ? FORMATS[schema.format]! : 'a valid value';
  return list(types.map((type) => typeNoun(type, schema)));
}

/** The values the schema lists (enum, const, and those of its branches), for a client to offer as choices. */
export function allowedValues(schema: JsonSchema | undefined): unknown[] | undefined {
  const values = alternatives(schema).flatMap((candidate) => [
    ...(candidate.enum ?? []),
    ...(candidate.const !== undefined ? [candidate.const] : []),
    ...([] as string[])
      .concat(candidate.type ?? [])
      .filter((type) => type === 'null')
      .map(() => null),
  ]);
  // `null` alone is no choice to offer: a nullable number lists nothing.
  return values.some((value) => value !== null) ? [...new Set(values)] : undefined;
}

function sent(value: unknown, echo: boolean): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return ` (got a list of ${value.length})`;
  if (typeof value === 'object' && value !== null) return ' (got an object)';
  if (!echo) return ` (got ${typeof value === 'string' ? 'text' : 'a ' + typeof value})`;
  const shown = JSON.stringify(value);
  return ` (got ${shown.length > ECHO_LIMIT ? `${shown.slice(0, ECHO_LIMIT - 1)}…` : shown})`;
}

/** A failed rule in words a user reads: what is wrong, what is allowed, what was sent, and its code. */
export function readableIssue(failure: RuleFailure): ReadableIssue {
  const issue = wordedIssue(failure);
  return { ...issue, code: fieldIssueCode(issue.code), ...limitOf(issue.code, failure.schema) };
}

function wordedIssue(failure: RuleFailure): Omit<ReadableIssue, 'code'> & { code: string } {
  const { keyword, schema, value } = failure;
  const echo = failure.echo ?? true;
  switch (keyword) {
    case 'required':
      return { code: keyword, message: 'required' };
    case 'additionalProperties': {
      const allowed = knownFields(schema);
      const message =
        allowed.length > 0
          ? `unknown field; allowed: ${allowed.join(', ')}`
          : 'unknown field; this takes no fields at all';
      return { code: keyword, message, allowed };
    }
    case 'minLength':
    case 'maxLength': {
      const length = typeof value === 'string' ? [...value].length : undefined;
      const got = length === undefined ? '' : ` (got ${length} character${length === 1 ? '' : 's'})`;
      const message =
        schema?.minLength === 1 && keyword === 'minLength'
          ? 'must not be empty'
          : `must be ${describeSchema(schema)}${got}`;
      return { code: keyword, message };
    }
    case 'minItems':
    case 'maxItems':
      return {
        code: keyword,
        message: `must be ${describeSchema(schema)}${Array.isArray(value) ? ` (got ${value.length})` : ''}`,
      };
    case 'uniqueItems':
      return { code: keyword, message: 'must not list the same value twice' };
    case 'unknownParameter': {
      const allowed = knownFields(schema);
      const message =
        allowed.length > 0
          ? `unknown parameter; allowed: ${allowed.join(', ')}`
          : 'unknown parameter; this operation takes no query parameters';
      return { code: 'additionalProperties', message, allowed };
    }
    case 'decimal':
      return {
        code: 'type',
        message: `must be ${describeSchema(schema)}, written in decimal digits${sent(value, echo)}`,
      };
    case 'safeInteger':
      return { code: 'maximum', message: `is too large; must be ${describeSchema(schema)}${sent(value, echo)}` };
    case 'pattern':
      return { code: keyword, message: `must match the pattern ${schema?.pattern ?? ''}${sent(value, echo)}` };
    default: {
      const allowed = allowedValues(schema);
      return {
        code: keyword,
        message: `must be ${describeSchema(schema)}${sent(value, echo)}`,
        ...(allowed ? { allowed } : {}),
      };
    }
  }
}

/** `/body/links/0/url` → `links[0].url`; the location (body, query, path, header) is left out, as users name fields. */
export function fieldLabel(path: string): string {
  const segments = path
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  const [location, ...rest] = segments;
  if (rest.length === 0) return location === 'body' ? 'request body' : (location ?? 'request');
  return rest.reduce(
    (label, segment) => (/^\d+$/.test(segment) ? `${label}[${segment}]` : label ? `${label}.${segment}` : segment),
    '',
  );
}

// One answer lists at most this many problems: a body of 100,000 unknown fields gets a readable answer, not 5 MB.
export const MAX_LISTED_ISSUES = 50;

/** The `detail` of a validation problem: each issue as `field: message`, in the order found. */
export function summarizeIssues(issues: FieldIssue[], total = issues.length): string {
  const listed = issues.map((issue) => `${fieldLabel(issue.path)}: ${issue.message}`).join('; ');
  return total > issues.length ? `${listed}; and ${total - issues.length} more` : listed;
}

import { describe, expect, it } from 'vitest';
import {
  allowedValues,
  describeSchema,
  fieldLabel,
  readableIssue,
  summarizeIssues,
  type JsonSchema,
} from './validation-messages.js';

const limit: JsonSchema = { type: 'integer', minimum: 1, maximum: 500 };
const scope: JsonSchema = { type: 'string', enum: ['admin', 'read'] };
const library: JsonSchema = {
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 200 }, root_path: { type: 'string' } },
  additionalProperties: false,
};

describe('readableIssue', () => {
  it('says a missing field is required', () => {
    expect(readableIssue({ keyword: 'required', schema: library })).toEqual({ code: 'required', message: 'required' });
  });

  it('names the allowed fields of an unknown one, from every branch of the object', () => {
    const withExtra: JsonSchema = { allOf: [library, { type: 'object', properties: { locked: { type: 'boolean' } } }] };
    expect(readableIssue({ keyword: 'additionalProperties', schema: withExtra })).toEqual({
      code: 'additionalProperties',
      message: 'unknown field; allowed: name, root_path, locked',
      allowed: ['name', 'root_path', 'locked'],
    });
    expect(readableIssue({ keyword: 'unknownParameter', schema: { properties: {} } })).toMatchObject({
      code: 'additionalProperties',
      allowed: [],
    });
  });

  it('gives numbers with their bounds and the value sent, whichever rule failed', () => {
    for (const keyword of ['type', 'minimum', 'maximum']) {
      expect(readableIssue({ keyword, schema: limit, value: 'abc' }).message).toBe(
        'must be a whole number from 1 to 500 (got "abc")',
      );
    }
    expect(readableIssue({ keyword: 'maximum', schema: limit, value: 900 }).message).toBe(
      'must be a whole number from 1 to 500 (got 900)',
    );
    expect(readableIssue({ keyword: 'decimal', schema: limit, value: '1e2' })).toEqual({
      code: 'type',
      message: 'must be a whole number from 1 to 500, written in decimal digits (got "1e2")',
    });
    expect(readableIssue({ keyword: 'minimum', schema: { type: 'number', minimum: 0 }, value: -1 }).message).toBe(
      'must be a number of at least 0 (got -1)',
    );
    expect(
      readableIssue({ keyword: 'exclusiveMinimum', schema: { type: 'number', exclusiveMinimum: 0 } }).message,
    ).toBe('must be a number greater than 0');
  });

  it('lists the values of an enum, with null when the field is nullable', () => {
    expect(readableIssue({ keyword: 'enum', schema: scope, value: 'superuser' })).toEqual({
      code: 'enum',
      message: 'must be one of admin or read (got "superuser")',
      allowed: ['admin', 'read'],
    });
    const status: JsonSchema = { anyOf: [{ type: 'string', enum: ['ongoing', 'ended'] }, { type: 'null' }] };
    expect(readableIssue({ keyword: 'anyOf', schema: status, value: 3 })).toEqual({
      code: 'anyOf',
      message: 'must be one of ongoing, ended or null (got 3)',
      allowed: ['ongoing', 'ended', null],
    });
    expect(readableIssue({ keyword: 'const', schema: { const: 'bytes' }, value: 'x' }).message).toBe(
      'must be bytes (got "x")',
    );
  });

  it('counts characters and items against their limits', () => {
    const name = library.properties!.name!;
    expect(readableIssue({ keyword: 'minLength', schema: name, value: '' }).message).toBe('must not be empty');
    expect(readableIssue({ keyword: 'maxLength', schema: name, value: 'é'.repeat(201) }).message).toBe(
      'must be text from 1 to 200 characters (got 201 characters)',
    );
    const tags: JsonSchema = { type: 'array', maxItems: 50, uniqueItems: true };
    expect(readableIssue({ keyword: 'maxItems', schema: tags, value: Array(51).fill(1) }).message).toBe(
      'must be a list of at most 50 items (got 51)',
    );
    expect(readableIssue({ keyword: 'uniqueItems', schema: tags }).message).toBe('must not list the same value twice');
  });

  it('names formats and patterns in words', () => {
    expect(readableIssue({ keyword: 'format', schema: { type: 'string', format: 'uuid' }, value: 'x' }).message).toBe(
      'must be a UUID (got "x")',
    );
    expect(
      readableIssue({ keyword: 'format', schema: { type: 'string', format: 'date-time' }, value: 'tomorrow' }).message,
    ).toMatch(/^must be a date and time such as .* \(got "tomorrow"\)$/);
    expect(readableIssue({ keyword: 'pattern', schema: { type: 'string', pattern: '^[a-z]+$' }, value: 'A' })).toEqual({
      code: 'pattern',
      message: 'must match the pattern ^[a-z]+$ (got "A")',
    });
  });

  it('never repeats a secret, and shortens a long value', () => {
    const password: JsonSchema = { type: 'string', enum: ['never'] };
    expect(readableIssue({ keyword: 'enum', schema: password, value: 'hunter2', echo: false }).message).toBe(
      'must be never (got text)',
    );
    const long = readableIssue({ keyword: 'enum', schema: scope, value: 'x'.repeat(10_000) }).message;
    expect(long.length).toBeLessThan(120);
    expect(readableIssue({ keyword: 'type', schema: scope, value: { a: 1 } }).message).toMatch(/\(got an object\)$/);
  });
});

describe('describeSchema and allowedValues', () => {
  it('read nullable types, lists and objects', () => {
    expect(describeSchema({ type: ['integer', 'null'], minimum: 0 })).toBe('a whole number of at least 0 or null');
    expect(describeSchema({ type: 'boolean' })).toBe('true or false');
    expect(describeSchema({ type: 'array', minItems: 1, maxItems: 3 })).toBe('a list from 1 to 3 items');
    expect(describeSchema(undefined)).toBe('a valid value');
    expect(allowedValues({ type: ['string', 'null'] })).toBeUndefined();
    expect(allowedValues({ type: ['string', 'null'], enum: ['a', null] })).toEqual(['a', null]);
    expect(allowedValues(limit)).toBeUndefined();
  });
});

describe('fieldLabel and summarizeIssues', () => {
  it('name fields as users do and join every issue into the detail', () => {
    expect(fieldLabel('/body/links/0/url')).toBe('links[0].url');
    expect(fieldLabel('/query/limit')).toBe('limit');
    expect(fieldLabel('/body')).toBe('request body');
    expect(fieldLabel('/body/plugins/google_books/a~1b')).toBe('plugins.google_books.a/b');
    const issues = [
      { path: '/body/root_path', message: 'required', code: 'required' as const },
      { path: '/query/limit', message: 'must be a whole number from 1 to 500 (got "abc")', code: 'type' as const },
    ];
    expect(summarizeIssues(issues)).toBe(
      'root_path: required; limit: must be a whole number from 1 to 500 (got "abc")',
    );
    expect(summarizeIssues(issues, 5)).toMatch(/; and 3 more$/);
  });
});

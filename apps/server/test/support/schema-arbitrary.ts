import fc from 'fast-check';
import type { OpenApiDocument } from '../../src/http/openapi-document.js';

/** A JSON Schema object of openapi.yaml, as parsed (with `$ref`s left in place). */
export type Schema = Record<string, any>;

/** Follows local `$ref`s (`#/components/...`) of the document until a schema without one. */
export function resolver(document: OpenApiDocument): (schema: Schema | undefined) => Schema {
  return (schema) => {
    let current: any = schema ?? {};
    while (typeof current?.$ref === 'string') {
      current = (current.$ref as string)
        .slice(2)
        .split('/')
        .reduce((node: any, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    }
    return current ?? {};
  };
}

const MAX_DEPTH = 5;

function isoDate(from: number, to: number) {
  return fc.integer({ min: from, max: to }).map((ms) => new Date(ms).toISOString());
}

/** Values a schema accepts (as far as its keywords go): the valid side of a fuzzed request. */
export function valueOf(
  raw: Schema | undefined,
  resolve: (schema?: Schema) => Schema,
  depth = 0,
): fc.Arbitrary<unknown> {
  const schema = resolve(raw);
  if (depth > MAX_DEPTH) return fc.constant(null);
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.map((part: Schema) => resolve(part));
    const merged = {
      type: 'object',
      properties: Object.assign({}, ...parts.map((part: Schema) => part.properties ?? {})),
      required: parts.flatMap((part: Schema) => part.required ?? []),
    };
    return valueOf(merged, resolve, depth + 1);
  }
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(alternatives)) {
    return fc.oneof(...alternatives.map((part: Schema) => valueOf(part, resolve, depth + 1)));
  }
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const types: string[] = [].concat(schema.type ?? (schema.properties ? 'object' : 'string'));
  return fc.oneof(...types.map((type) => valueOfType(type, schema, resolve, depth)));
}

function valueOfType(
  type: string,
  schema: Schema,
  resolve: (schema?: Schema) => Schema,
  depth: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = schema.minimum ?? -1000;
      return fc.integer({ min, max: Math.max(min, schema.maximum ?? 1000) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'array':
      return fc.array(valueOf(schema.items, resolve, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, valueOf(value, resolve, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((key: string) => key in properties) },
      );
      const extra = schema.additionalProperties;
      if (extra && typeof extra === 'object') {
        return fc
          .tuple(
            record,
            fc.dictionary(fc.stringMatching(/^[a-z_]{1,12}$/), valueOf(extra, resolve, depth + 1), { maxKeys: 2 }),
          )
          .map(([known, more]) => ({ ...more, ...known }));
      }
      return record;
    }
    default:
      return stringOf(schema);
  }
}

function stringOf(schema: Schema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 40, 40));
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return isoDate(Date.UTC(2000, 0), Date.UTC(2100, 0));
    case 'date':
      return isoDate(Date.UTC(1900, 0), Date.UTC(2100, 0)).map((value) => value.slice(0, 10));
    case 'uri':
      // A closed local port: a URL the server may call answers at once (connection refused), never the network.
      return fc.constant('http://127.0.0.1:9/');
    case 'uri-reference':
      return fc.constant('/cover.jpg');
  }
  if (typeof schema.pattern === 'string') {
    return fc
      .stringMatching(new RegExp(schema.pattern))
      .filter((value) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity));
  }
  // Half of the free text is printable, half any ASCII (controls and NUL included), which forms let through.
  return fc.oneof(fc.string({ minLength, maxLength }), fc.string({ minLength, maxLength, unit: 'binary-ascii' }));
}

/** Text nobody types in a form, but a fuzzer, a broken client or an attacker sends. */
export const ODD_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'Saga\u0000',
  '\u0001\u0007\u001b[31m\u001f',
  'line\u000bfeed\u000c',
  '\u007f\u0085\u2028',
  '\u202egnp.exe',
  '😀📚 Ω ﬁ',
  '\ud800',
  'x'.repeat(10_000),
  '../../../etc/passwd',
  '%00',
  '%E0%A4%A',
  "'; drop table books; --",
  '\\',
  '<script>alert(1)</script>',
  'Infinity',
  '-Infinity',
  'NaN',
  '1e309',
  '1e3',
  '0x10',
  '-1',
  '0',
  '9223372036854775807',
  '1.5',
  'true',
  'null',
  '[]',
  '{}',
] as const;

/** JSON values of the wrong kind or at the edges of what a number can be. */
export const ODD_VALUES: readonly unknown[] = [
  null,
  true,
  [],
  {},
  [[[[[]]]]],
  -1,
  0,
  0.5,
  1e308,
  -1e308,
  2 ** 31,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  ...ODD_STRINGS,
];

/** JSON bodies that do not parse, or parse into what no schema expects. */
export const BROKEN_BODIES = [
  '{',
  '{"name": ',
  '[',
  'nul',
  '\u0000',
  '{"a": 1e309}',
  '{"a": -1e309, "b": 1e999}',
  '{"__proto__": {"admin": true}}',
  '{"constructor": {"prototype": {"x": 1}}}',
  '"just a string"',
  '['.repeat(2000) + ']'.repeat(2000),
  '{"a": "\\ud800"}',
] as const;

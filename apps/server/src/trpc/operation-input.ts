import { Ajv2020, type Options as Ajv2020Options, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { ValidationError, type FieldIssue } from '../domain/errors.js';
import { FIELD_ISSUE_CODES } from '../domain/problem-codes.js';
import type { OpenApiDocument, OperationObject } from '../http/openapi-document.js';
import { operations } from '../http/openapi-document.js';

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
}

export interface InputSchema {
  operationId: string;
  schema: Record<string, unknown>;
}

function resolve<T>(document: OpenApiDocument, value: T | { $ref: string }): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    const pointer = value.$ref.replace(/^#\//, '').split('/');
    return pointer.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as T;
  }
  return value;
}

/**
 * The JSON schema of a procedure's input for one REST operation, built from that operation in openapi.yaml: its
 * path and query parameters as properties, its JSON request body as `body`. The same schemas REST validates with,
 * so the two transports cannot disagree on what a request may hold.
 */
export function inputSchemaOf(document: OpenApiDocument, operationId: string): Record<string, unknown> {
  const found = operations(document).find((ref) => ref.operation.operationId === operationId);
  if (!found) throw new Error(`operationId ${operationId} is not in openapi.yaml`);
  const operation: OperationObject = found.operation;
  const pathItem = document.paths[found.path] as { parameters?: unknown[] } | undefined;
  const parameters = [...(pathItem?.parameters ?? []), ...((operation.parameters as unknown[] | undefined) ?? [])]
    .map((parameter) => resolve<ParameterObject>(document, parameter as ParameterObject))
    .filter((parameter) => parameter.in === 'path' || parameter.in === 'query');
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const parameter of parameters) {
    properties[parameter.name] = parameter.schema ?? {};
    if (parameter.required || parameter.in === 'path') required.push(parameter.name);
  }
  const body = resolve<{ required?: boolean; content?: Record<string, { schema?: unknown }> } | undefined>(
    document,
    operation.requestBody as never,
  );
  const bodySchema = body?.content?.['application/json']?.schema;
  if (bodySchema) {
    properties.body = bodySchema;
    if (body?.required) required.push('body');
  }
  return { type: 'object', properties, required, additionalProperties: false };
}

/** An ajv holding the contract, so that an operation's schema can refer to its components. */
export function contractAjv(document: OpenApiDocument, options: Ajv2020Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, allErrors: true, ...options });
  addFormats.default(ajv);
  // Component schemas refer to each other as #/components/…: the document is registered under its own id.
  ajv.addSchema({ ...document, $id: 'openapi' });
  return ajv;
}

/** An operation's parameters and body as one schema, compiled in a `contractAjv`. */
export function compileInputSchema(ajv: Ajv2020, document: OpenApiDocument, operationId: string): ValidateFunction {
  const schema = JSON.parse(
    JSON.stringify(inputSchemaOf(document, operationId)).replace(/"#\/components\//g, '"openapi#/components/'),
  ) as Record<string, unknown>;
  return ajv.compile(schema);
}

/** Validators of procedure inputs, compiled once from the contract's components. */
export class OperationInputs {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    this.ajv = contractAjv(document, { useDefaults: true });
  }

  /** Checks `input` against the operation's schema (filling defaults); a ValidationError names every problem. */
  parse(operationId: string, input: unknown): unknown {
    let validate = this.compiled.get(operationId);
    if (!validate) {
      validate = compileInputSchema(this.ajv, this.document, operationId);
      this.compiled.set(operationId, validate);
    }
    const value = input === undefined ? {} : structuredClone(input);
    if (validate(value)) return value;
    const issues: FieldIssue[] = (validate.errors ?? []).map((error) => ({
      path: error.instancePath || '/',
      message:
        error.keyword === 'additionalProperties'
          ? `has an unknown field ${String((error.params as { additionalProperty?: string }).additionalProperty)}`
          : error.keyword === 'required'
            ? `needs ${String((error.params as { missingProperty?: string }).missingProperty)}`
            : (error.message ?? 'is invalid'),
      // The JSON Schema keyword, as the REST validator sends it: the admin says it in the page's language.
      code: FIELD_ISSUE_CODES.find((code) => code === error.keyword) ?? 'invalid',
    }));
    throw new ValidationError(issues.map((issue) => `${issue.path} ${issue.message}`).join('; '), issues);
  }
}

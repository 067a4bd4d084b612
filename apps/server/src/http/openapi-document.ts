import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';
export const HTTP_METHODS: readonly HttpMethod[] = ['get', 'put', 'post', 'delete', 'patch'];

export interface SecurityRequirement {
  [scheme: string]: string[];
}

export interface OperationObject {
  operationId: string;
  security?: SecurityRequirement[];
  responses: Record<string, unknown>;
  [key: string]: unknown;
}

export interface OpenApiDocument {
  openapi: string;
  servers: { url: string }[];
  security?: SecurityRequirement[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: Record<string, unknown>;
}

export interface OperationRef {
  method: HttpMethod;
  path: string;
  operation: OperationObject;
}

/** openapi.yaml sits at the repository root; the built server (and the Docker image) keep that layout. */
export function findOpenApiFile(start = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'openapi.yaml');
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('openapi.yaml not found above the server code');
    dir = parent;
  }
}

export interface LoadedSpec {
  file: string;
  text: string;
  document: OpenApiDocument;
  basePath: string;
}

export function loadOpenApi(file = findOpenApiFile()): LoadedSpec {
  const text = readFileSync(file, 'utf8');
  const document = parse(text) as OpenApiDocument;
  const basePath = document.servers[0]?.url ?? '/';
  return { file, text, document, basePath };
}

export function operations(document: OpenApiDocument): OperationRef[] {
  const result: OperationRef[] = [];
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) result.push({ method, path: route, operation });
    }
  }
  return result;
}

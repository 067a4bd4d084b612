import type { Request, RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type multer from 'multer';
import type { LoadedSpec } from './openapi-document.js';
import { rejectDeferredIssues } from './request-issues.js';

export interface ResponseValidationFailure {
  operation: string;
  status: number;
  message: string;
}

export interface ValidationOptions {
  /** Validate every JSON response against the spec (tests); failures are reported, not thrown. */
  onResponseValidationFailure?: (failure: ResponseValidationFailure) => void;
}

/**
 * express-openapi-validator's chain, with our own middlewares placed after it has matched the
 * operation (metadata) and before it validates the request: authorization and the 501 answer for
 * operations that are designed but not built yet. Issues the middlewares after the match hold back (see
 * deferIssues) refuse the request after the validator has added its own.
 */
export function openApiValidation(
  spec: LoadedSpec,
  afterMatch: RequestHandler[],
  uploader: multer.Options,
  options: ValidationOptions,
): RequestHandler[] {
  const chain = OpenApiValidator.middleware({
    apiSpec: spec.file,
    validateApiSpec: true,
    // Every problem of a request in one answer. Unknown query parameters are named by the input guard (the validator
    // stops at the first). allErrors' cost is bounded: bodies are at most 1 MB and every uniqueItems list holds
    // scalars, which ajv checks in linear time.
    validateRequests: { allErrors: true, allowUnknownQueryParameters: true, coercionPolicy: 'default' } as never,
    validateResponses: options.onResponseValidationFailure
      ? {
          onError: (error: { message: string }, _body: unknown, req: Request) => {
            const operationId = (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema
              ?.operationId;
            options.onResponseValidationFailure?.({
              operation: operationId ?? `${req.method} ${req.path}`,
              status: req.res?.statusCode ?? 0,
              message: error.message,
            });
          },
        }
      : false,
    validateSecurity: false,
    // Streamed to disk with a limit per operation (uploads.ts); the default would hold whole files in memory.
    fileUploader: uploader,
    validateFormats: true,
    $refParser: { mode: 'dereference' },
  }) as unknown as RequestHandler[];
  const names = chain.map((handler) => handler.name);
  const position = names.indexOf('metadataMiddleware');
  if (position < 0) {
    // Fail at start-up rather than run without authorization if the library changes its chain.
    throw new Error(`express-openapi-validator chain changed: ${names.join(', ')}`);
  }
  return [...chain.slice(0, position + 1), ...afterMatch, ...chain.slice(position + 1), rejectDeferredIssues()];
}

import type { Request, RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import type { LoadedSpec } from './openapi-document.js';

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
 * operations that are designed but not built yet.
 */
export function openApiValidation(
  spec: LoadedSpec,
  afterMatch: RequestHandler[],
  options: ValidationOptions,
): RequestHandler[] {
  const chain = OpenApiValidator.middleware({
    apiSpec: spec.file,
    validateApiSpec: true,
    validateRequests: { allowUnknownQueryParameters: false, coercionPolicy: 'default' } as never,
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
    validateFormats: true,
    $refParser: { mode: 'dereference' },
  }) as unknown as RequestHandler[];
  const names = chain.map((handler) => handler.name);
  const position = names.indexOf('metadataMiddleware');
  if (position < 0) {
    // Fail at start-up rather than run without authorization if the library changes its chain.
    throw new Error(`express-openapi-validator chain changed: ${names.join(', ')}`);
  }
  return [...chain.slice(0, position + 1), ...afterMatch, ...chain.slice(position + 1)];
}

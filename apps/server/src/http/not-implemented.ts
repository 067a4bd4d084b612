import type { RequestHandler } from 'express';
import { NotImplementedError } from '../domain/errors.js';

/**
 * The REST surface is designed in full in openapi.yaml; operations later work builds answer 501
 * until then. Every operation without a handler is listed here by the app factory.
 */
export function notImplemented(implemented: ReadonlySet<string>): RequestHandler {
  return (req, _res, next) => {
    const operationId = (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId;
    if (operationId !== undefined && !implemented.has(operationId)) {
      throw new NotImplementedError(operationId);
    }
    next();
  };
}

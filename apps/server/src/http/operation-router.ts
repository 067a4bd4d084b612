import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { operations, type HttpMethod, type LoadedSpec } from './openapi-document.js';

export type OperationHandler = (req: Request, res: Response, next: NextFunction) => Promise<void> | void;

/**
 * Registers handlers by operationId: the path and method come from openapi.yaml, so a route cannot
 * drift from the contract, and the set of built operations is known (the rest answer 501).
 */
export class OperationRouter {
  readonly router = Router();
  readonly implemented = new Set<string>();
  private readonly byId = new Map<string, { method: HttpMethod; path: string }>();

  constructor(spec: LoadedSpec) {
    for (const { method, path, operation } of operations(spec.document)) {
      this.byId.set(operation.operationId, { method, path });
    }
  }

  handle(operationId: string, ...handlers: [...RequestHandler[], OperationHandler]): this {
    const route = this.byId.get(operationId);
    if (!route) throw new Error(`operationId ${operationId} is not in openapi.yaml`);
    if (this.implemented.has(operationId)) throw new Error(`operationId ${operationId} registered twice`);
    this.implemented.add(operationId);
    const expressPath = route.path.replace(/\{([^}]+)\}/g, ':$1');
    this.router[route.method](expressPath, ...(handlers as RequestHandler[]));
    return this;
  }
}

/** Query values after validation (the validator has coerced and defaulted them). */
export function query<T>(req: Request): T {
  return req.query as T;
}

import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { OperationBody, OperationId, OperationQuery } from '../contract/operation-types.js';
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

/**
 * The validated JSON body of operation `O`, typed from openapi.yaml (contract/openapi-types.ts): a contract change
 * the route misses fails the type-check.
 */
export function bodyOf<O extends OperationId>(req: Request, _operationId: O): OperationBody<O> {
  return req.body as OperationBody<O>;
}

/**
 * The validated query of operation `O` (the validator has coerced it and applied the contract's defaults);
 * `WithDefaults` names the parameters the contract defaults, which are then always set.
 */
export function queryOf<O extends OperationId, WithDefaults extends string = never>(
  req: Request,
  _operationId: O,
): OperationQuery<O, WithDefaults> {
  return req.query as OperationQuery<O, WithDefaults>;
}

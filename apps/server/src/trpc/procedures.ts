import { initTRPC, TRPCError } from '@trpc/server';
import type { OperationId, OperationInput } from '../contract/operation-types.js';
import { DomainError, ForbiddenError, UnauthorizedError } from '../domain/errors.js';
import { ANONYMOUS_VIEWER } from '../domain/viewer.js';
import { crossSite, requiredScope } from '../http/authorize.js';
import { iterateAsViewer, runAsViewer } from '../services/viewer-context.js';
import { operations, type OpenApiDocument } from '../http/openapi-document.js';
import type { TrpcContext } from './context.js';
import { problemOf, trpcCodeOf } from './errors.js';
import type { OperationInputs } from './operation-input.js';

export interface ProcedureMeta {
  /** The REST operation this procedure is the tRPC twin of: same input schema, same scope, same service call. */
  operationId: OperationId;
}

const t = initTRPC
  .context<TrpcContext>()
  .meta<ProcedureMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const problem = problemOf(error);
      // Same message and field errors as the REST problem+json; never an internal message or a stack.
      return {
        ...shape,
        message: problem.detail,
        data: { code: shape.data.code, httpStatus: problem.status, path: shape.data.path, problem },
      };
    },
  });

export const router = t.router;

/**
 * A procedure bound to a REST operation of openapi.yaml: the caller is authorised by the operation's own
 * `security` (the function REST uses), cross-site writes are refused as in REST, and the input is checked against
 * the operation's own parameter and body schemas, typed from the generated contract types.
 */
export function operationProcedures(document: OpenApiDocument, inputs: OperationInputs) {
  const security = new Map(
    operations(document).map(({ operation }) => [operation.operationId, requiredScope(operation.security, document)]),
  );
  return function operation<O extends OperationId>(operationId: O) {
    if (!security.has(operationId)) throw new Error(`operationId ${operationId} is not in openapi.yaml`);
    const needed = security.get(operationId) ?? null;
    return t.procedure
      .meta({ operationId })
      .use(async ({ ctx, type, next }) => {
        try {
          if (needed !== null) {
            if (!ctx.principal) throw new UnauthorizedError();
            if (type === 'mutation' && crossSite(ctx.req.headers.origin, ctx.req.host)) {
              throw new ForbiddenError('Cross-site request refused.');
            }
            if (needed === 'admin' && ctx.principal.scope !== 'admin') {
              throw new ForbiddenError('This operation needs a credential with the admin scope.');
            }
          }
        } catch (error) {
          throw toTrpcError(error);
        }
        const viewer = ctx.principal?.viewer ?? ANONYMOUS_VIEWER;
        const result = await runAsViewer(viewer, () => next());
        // A service's domain error arrives wrapped as a 500: give it back its own status (404, 409, 422…).
        if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR' && result.error.cause) {
          return { ...result, error: toTrpcError(result.error.cause) };
        }
        // A subscription's stream is pulled after this call has returned, outside its viewer: each step names it.
        if (result.ok && type === 'subscription' && isAsyncIterable(result.data)) {
          return { ...result, data: iterateAsViewer(viewer, withTrpcErrors(result.data)) };
        }
        return result;
      })
      .input((raw: unknown): OperationInput<O> & { lastEventId?: string } => {
        // A resumed subscription adds tRPC's own `lastEventId` (what REST's event stream reads from Last-Event-ID).
        const { lastEventId, ...rest } = (raw ?? {}) as { lastEventId?: unknown };
        try {
          const parsed = inputs.parse(operationId, raw === undefined ? undefined : rest) as OperationInput<O>;
          return typeof lastEventId === 'string' ? { ...parsed, lastEventId } : parsed;
        } catch (error) {
          throw toTrpcError(error);
        }
      });
  };
}

/** Domain errors keep their HTTP meaning through tRPC's codes; the problem itself is added by the formatter. */
export function toTrpcError(error: unknown): TRPCError {
  if (error instanceof TRPCError) return error;
  if (!(error instanceof DomainError)) return new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  const problem = problemOf(error);
  return new TRPCError({ code: trpcCodeOf(problem.status), message: problem.detail, cause: error });
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

/** A stream that fails midway fails as a procedure does: a domain error keeps its status (a 404, not a 500). */
async function* withTrpcErrors<T>(stream: AsyncIterable<T>): AsyncGenerator<T, void, undefined> {
  try {
    yield* stream;
  } catch (error) {
    throw toTrpcError(error);
  }
}

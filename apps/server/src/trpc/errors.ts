import { TRPCError } from '@trpc/server';
import { DomainError } from '../domain/errors.js';
import { domainProblem, problem, type Problem } from '../http/problem.js';

type TrpcCode = TRPCError['code'];

const CODES: Record<number, TrpcCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
};

/**
 * The problem a failed procedure carries: a domain error becomes the same problem REST would send (title, detail,
 * field errors), anything else the same opaque 500.
 */
export function problemOf(error: unknown): Problem {
  // tRPC wraps what a parser or a procedure throws (sometimes twice): the domain error is somewhere in the chain.
  let cause: unknown = error;
  while (cause instanceof TRPCError && cause.cause !== undefined) cause = cause.cause;
  if (cause instanceof DomainError) return domainProblem(cause);
  if (error instanceof TRPCError && error.code === 'PARSE_ERROR') {
    return problem(400, 'validation', 'Invalid request', 'The request is not valid JSON.');
  }
  return problem(
    500,
    'internal-error',
    'Internal server error',
    'Something went wrong on the server; it has been logged.',
  );
}

export function trpcCodeOf(status: number): TrpcCode {
  return CODES[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
}

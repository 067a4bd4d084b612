import type { Request } from 'express';
import { NotFoundError } from '../domain/errors.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An id from a path outside the contract's validator (OPDS, /epub); anything but a UUID cannot name a record (and must
 * not reach a uuid column), so it is a 404 like an unknown one.
 */
export function idParam(req: Request, name: string, what: string): string {
  const value = String(req.params[name] ?? '');
  if (!UUID.test(value)) throw new NotFoundError(what, value.slice(0, 64));
  return value.toLowerCase();
}

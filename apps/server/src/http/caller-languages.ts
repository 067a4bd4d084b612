import type { Request } from 'express';

/**
 * The languages the caller reads, most wanted first, from its `Accept-Language` (the admin sends its page's
 * language on every call). Empty when it does not say: plugin words then fall back to English.
 */
export function callerLanguages(req: Request): string[] {
  if (!req.headers['accept-language']) return [];
  return req.acceptsLanguages().filter((tag) => tag !== '*');
}

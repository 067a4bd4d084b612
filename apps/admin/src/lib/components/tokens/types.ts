import type { trpc } from '../../trpc.js';

/** A token as the list shows it (the API's ApiToken DTO; the secret is never in it). */
export type ApiToken = Awaited<ReturnType<typeof trpc.tokens.list.query>>['items'][number];
/** A token just created: the same, with its secret, which the server gives only this once. */
export type CreatedToken = Awaited<ReturnType<typeof trpc.tokens.create.mutate>>;
export type TokenScope = ApiToken['scope'];
export const TOKEN_SCOPES: readonly TokenScope[] = ['read', 'admin'];

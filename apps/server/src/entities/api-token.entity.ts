import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { User } from './user.entity.js';

export const TOKEN_SCOPES = ['admin', 'read'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const ApiTokenSchema = defineEntity({
  name: 'ApiToken',
  tableName: 'api_tokens',
  properties: {
    id: uuidPrimaryKey(),
    name: p.string().length(100),
    /** Public part of the token (`smk_<prefix>_…`), used to find the row without scanning hashes. */
    prefix: p.string().length(16).unique(),
    /** SHA-256 of the whole token: tokens carry 256 random bits, so a slow hash adds nothing. */
    tokenHash: p.string().length(64).hidden(),
    /** Narrows its owner's rights, never widens them: a reader's token acts as `read` whatever this says. */
    scope: p.enum(TOKEN_SCOPES),
    /**
     * The owner, whose role and libraries the token acts with. Null only for a token the bootstrap token made
     * before any user existed; it then acts as the first administrator.
     */
    user: () => p.manyToOne(User).nullable().deleteRule('cascade'),
    createdAt: createdAt(),
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
  },
});
export class ApiToken extends ApiTokenSchema.class {}
ApiTokenSchema.setClass(ApiToken);

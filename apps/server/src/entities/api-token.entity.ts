import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, uuidPrimaryKey } from './columns.js';

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
    scope: p.enum(TOKEN_SCOPES),
    createdAt: createdAt(),
    lastUsedAt: p.datetime().nullable(),
    expiresAt: p.datetime().nullable(),
  },
});
export class ApiToken extends ApiTokenSchema.class {}
ApiTokenSchema.setClass(ApiToken);

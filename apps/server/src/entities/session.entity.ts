import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { User } from './user.entity.js';

export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'sessions',
  properties: {
    id: uuidPrimaryKey(),
    /** SHA-256 of the cookie value; the cookie itself is never stored. */
    tokenHash: p.string().length(64).unique(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    createdAt: createdAt(),
    lastSeenAt: p.datetime(),
    expiresAt: p.datetime().index(),
  },
});
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);

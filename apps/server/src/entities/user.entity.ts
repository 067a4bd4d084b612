import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';

export const UI_LOCALES = ['en', 'fr'] as const;
export type UiLocale = (typeof UI_LOCALES)[number];

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: uuidPrimaryKey(),
    username: p.string().length(64).unique(),
    /** scrypt, self-describing: `scrypt$N$r$p$salt$hash` (base64url). */
    passwordHash: p.string().length(255).hidden(),
    locale: p.enum(UI_LOCALES).default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);

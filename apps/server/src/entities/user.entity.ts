import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';

export const UI_LOCALES = ['en', 'fr'] as const;
export type UiLocale = (typeof UI_LOCALES)[number];
/** The admin's colour theme: light, dark, or the system's scheme. */
export const UI_THEMES = ['light', 'dark', 'system'] as const;
export type UiTheme = (typeof UI_THEMES)[number];

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: uuidPrimaryKey(),
    username: p.string().length(64).unique(),
    /** scrypt, self-describing: `scrypt$N$r$p$salt$hash` (base64url). */
    passwordHash: p.string().length(255).hidden(),
    locale: p.enum(UI_LOCALES).default('en'),
    theme: p.enum(UI_THEMES).default('system'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);

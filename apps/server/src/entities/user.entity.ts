import { defineEntity, p } from '@mikro-orm/core';
import { addedStringList, createdAt, updatedAt, uuidPrimaryKey } from './columns.js';

export const UI_LOCALES = ['en', 'fr'] as const;
export type UiLocale = (typeof UI_LOCALES)[number];
/** The admin's colour theme: light, dark, or the system's scheme. */
export const UI_THEMES = ['light', 'dark', 'system'] as const;
export type UiTheme = (typeof UI_THEMES)[number];
/** `admin` may do everything; `reader` browses and reads the libraries granted to them (user_libraries). */
export const USER_ROLES = ['admin', 'reader'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: {
    id: uuidPrimaryKey(),
    username: p.string().length(64).unique(),
    /** scrypt, self-describing: `scrypt$N$r$p$salt$hash` (base64url). */
    passwordHash: p.string().length(255).hidden(),
    role: p.enum(USER_ROLES).default('admin'),
    /** A disabled user authenticates as nobody: sessions, tokens and passwords are refused. */
    disabled: p.boolean().default(false),
    /**
     * When the password last changed (or the account was disabled): a password remembered for OPDS Basic in any
     * process is trusted only while this is unchanged, so a reset there is seen everywhere.
     */
    credentialsChangedAt: p.datetime().nullable(),
    /**
     * When what the user may see last changed (granted libraries, role, disabled), to the millisecond: a catalog date
     * any process sends them afterwards is later than its second, so an If-Modified-Since from before the change is
     * never answered 304 by a process that did not see the change happen. Null until the first change.
     */
    accessChangedAt: p.datetime().nullable(),
    /**
     * What a reader may see inside their libraries (issue 39, domain/reader-restrictions.ts): books rated up to
     * `ageMax` (null: any), unrated ones or not, series carrying one of `labelsInclude` (if any) and none of
     * `labelsExclude` (label names). Ignored for admins.
     */
    ageMax: p.integer().nullable(),
    allowUnrated: p.boolean().default(true),
    labelsInclude: addedStringList(),
    labelsExclude: addedStringList(),
    /**
     * The OpenID provider's issuer and `sub` this account is linked to (issue 38): a sign-in through the provider is
     * this user only when both match; null for an account never linked.
     */
    oidcIssuer: p.string().length(512).nullable(),
    oidcSubject: p.string().length(255).nullable(),
    /**
     * The user's e-mail address as given, trimmed (issue 38); null when none. `emailKey` is the same lowercased and
     * unique: what two accounts may not share, and what a verified e-mail from the OpenID provider is matched on.
     */
    email: p.string().length(254).nullable(),
    emailKey: p.string().length(254).nullable().hidden(),
    locale: p.enum(UI_LOCALES).default('en'),
    theme: p.enum(UI_THEMES).default('system'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [
    { name: 'users_oidc_issuer_oidc_subject_unique', properties: ['oidcIssuer', 'oidcSubject'] },
    { name: 'users_email_key_unique', properties: ['emailKey'] },
  ],
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);

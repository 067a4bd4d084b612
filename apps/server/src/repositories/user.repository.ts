import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/sql';
import { ApiToken } from '../entities/api-token.entity.js';
import { Library } from '../entities/library.entity.js';
import { Session } from '../entities/session.entity.js';
import { UserLibrary } from '../entities/user-library.entity.js';
import type { EmailAddress } from '../domain/email-address.js';
import { User, type UiLocale, type UiTheme, type UserRole } from '../entities/user.entity.js';

export interface NewUser {
  username: string;
  passwordHash: string;
  role?: UserRole;
  disabled?: boolean;
  /** The OpenID provider's account it is linked to (issuer and `sub`). */
  oidc?: { issuer: string; subject: string };
  email?: EmailAddress | null;
}

/** The fields of an account an administrator changes; those left undefined keep their value. */
export interface UserChanges {
  username?: string;
  passwordHash?: string;
  role?: UserRole;
  disabled?: boolean;
  /** null removes the address. */
  email?: EmailAddress | null;
}

/** A user with the libraries granted to them. */
export interface UserWithLibraries {
  user: User;
  libraryIds: string[];
}

/** Thrown when a user name is already taken (the unique index decides, so concurrent creations cannot both win). */
export class UsernameTakenError extends Error {}

/** Thrown when another account has the e-mail address already, whatever its case (the unique key decides). */
export class EmailTakenError extends Error {}

/** Which unique key a violation is of: the e-mail's is named after its column in both databases' messages. */
function takenError(error: UniqueConstraintViolationException): Error {
  return /email_key/.test(error.message) ? new EmailTakenError() : new UsernameTakenError();
}

export class UserRepository {
  constructor(private readonly em: EntityManager) {}

  /** Runs the work in one transaction, through a repository bound to it. */
  transaction<T>(work: (tx: UserRepository) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(new UserRepository(em)));
  }

  count(): Promise<number> {
    return this.em.count(User, {});
  }

  findByUsername(username: string): Promise<User | null> {
    return this.em.findOne(User, { username });
  }

  /** The account whose e-mail address is this one, whatever its case (`key`: lowercased). */
  findByEmailKey(key: string): Promise<User | null> {
    return this.em.findOne(User, { emailKey: key });
  }

  findByOidc(issuer: string, subject: string): Promise<User | null> {
    return this.em.findOne(User, { oidcIssuer: issuer, oidcSubject: subject });
  }

  /** Links the account to the provider's account; false when another account holds that link already. */
  async linkOidc(user: User, issuer: string, subject: string): Promise<boolean> {
    user.oidcIssuer = issuer;
    user.oidcSubject = subject;
    try {
      await this.em.flush();
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }

  findById(id: string): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  /** The first administrator: the oldest enabled admin (what the bootstrap token and ownerless tokens act as). */
  firstAdmin(): Promise<User | null> {
    return this.em.findOne(User, { role: 'admin', disabled: false }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  list(): Promise<User[]> {
    return this.em.find(User, {}, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  async libraryIdsOf(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const byUser = new Map<string, string[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return byUser;
    const rows = await this.em.execute<{ user_id: string; library_id: string }[]>(
      `select user_id, library_id from user_libraries where user_id in (${userIds.map(() => '?').join(', ')}) order by library_id`,
      [...userIds],
    );
    for (const row of rows) byUser.get(row.user_id)?.push(row.library_id);
    return byUser;
  }

  /** The ids among `ids` that name no library. */
  async unknownLibraries(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const found = await this.em.find(Library, { id: { $in: [...ids] } }, { fields: ['id'] });
    const known = new Set(found.map((library) => library.id));
    return ids.filter((id) => !known.has(id));
  }

  async create(user: NewUser): Promise<User> {
    const entity = this.em.create(User, {
      username: user.username,
      passwordHash: user.passwordHash,
      role: user.role ?? 'admin',
      disabled: user.disabled ?? false,
      oidcIssuer: user.oidc?.issuer ?? null,
      oidcSubject: user.oidc?.subject ?? null,
      email: user.email?.email ?? null,
      emailKey: user.email?.key ?? null,
      credentialsChangedAt: new Date(),
    });
    try {
      await this.em.persist(entity).flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw takenError(error);
      throw error;
    }
    return entity;
  }

  async update(user: User, changes: UserChanges, now: Date): Promise<User> {
    const seesOtherwise =
      (changes.role !== undefined && changes.role !== user.role) ||
      (changes.disabled !== undefined && changes.disabled !== user.disabled);
    if (seesOtherwise) user.accessChangedAt = now;
    if (changes.username !== undefined) user.username = changes.username;
    if (changes.role !== undefined) user.role = changes.role;
    if (changes.disabled !== undefined) user.disabled = changes.disabled;
    if (changes.passwordHash !== undefined) user.passwordHash = changes.passwordHash;
    if (changes.email !== undefined) {
      user.email = changes.email?.email ?? null;
      user.emailKey = changes.email?.key ?? null;
    }
    // Either one makes every remembered Basic password of this user stale, in every process.
    if (changes.passwordHash !== undefined || changes.disabled === true) user.credentialsChangedAt = now;
    try {
      await this.em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) throw takenError(error);
      throw error;
    }
    return user;
  }

  /**
   * Replaces the libraries granted to the user. When the set changes, `access_changed_at` moves with it in the same
   * transaction (what every process dates the user's catalog after); saving the same set again changes nothing.
   */
  async setLibraries(userId: string, libraryIds: readonly string[], now: Date): Promise<void> {
    const granted = (await this.libraryIdsOf([userId])).get(userId) ?? [];
    const wanted = new Set(libraryIds);
    if (wanted.size === granted.length && granted.every((id) => wanted.has(id))) return;
    await this.em.nativeDelete(UserLibrary, { user: userId });
    await this.grantLibraries(userId, [...wanted]);
    await this.em.nativeUpdate(User, { id: userId }, { accessChangedAt: now });
  }

  /**
   * Sets what the user may see inside their libraries (those given; the others keep their value). A change moves
   * `access_changed_at` (`now`; null for a user just created) as a change of libraries does, so every process dates
   * their catalog after it; the restrictions themselves are part of their cache key (domain/viewer.ts).
   */
  async setRestrictions(
    user: User,
    input: {
      ageMax?: number | null;
      allowUnrated?: boolean;
      labelsInclude?: readonly string[];
      labelsExclude?: readonly string[];
    },
    now: Date | null,
  ): Promise<void> {
    const sorted = (names: readonly string[] | undefined) =>
      names === undefined ? undefined : [...new Set(names)].sort();
    const next = {
      ageMax: input.ageMax === undefined ? (user.ageMax ?? null) : input.ageMax,
      allowUnrated: input.allowUnrated ?? user.allowUnrated,
      labelsInclude: sorted(input.labelsInclude) ?? user.labelsInclude,
      labelsExclude: sorted(input.labelsExclude) ?? user.labelsExclude,
    };
    const same =
      next.ageMax === (user.ageMax ?? null) &&
      next.allowUnrated === user.allowUnrated &&
      JSON.stringify(next.labelsInclude) === JSON.stringify(user.labelsInclude) &&
      JSON.stringify(next.labelsExclude) === JSON.stringify(user.labelsExclude);
    if (same) return;
    this.em.assign(user, now === null ? next : { ...next, accessChangedAt: now });
    await this.em.flush();
  }

  /** The first libraries of a user just created: nothing was shown to them before, so no date has to move. */
  async grantLibraries(userId: string, libraryIds: readonly string[]): Promise<void> {
    if (libraryIds.length === 0) return;
    await this.em.insertMany(
      UserLibrary,
      libraryIds.map((library) => ({ user: userId, library })),
    );
  }

  /**
   * The enabled administrators, their rows locked until the transaction ends (PostgreSQL), so that two requests
   * demoting, disabling or deleting two different admins at once cannot both pass the last-admin check. SQLite has
   * no row locks: its writers are serialised by the database lock.
   */
  async lockEnabledAdmins(): Promise<string[]> {
    // Whole rows: a partial entity in the identity map would be what the caller's findById returns next.
    const admins = await this.em.find(
      User,
      { role: 'admin', disabled: false },
      { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    return admins.map((admin) => admin.id);
  }

  /** Ends every session of the user (all of them, or all but `keepSessionHash`). */
  async endSessions(userId: string, keepSessionHash?: string): Promise<void> {
    await this.em.nativeDelete(
      Session,
      keepSessionHash === undefined ? { user: userId } : { user: userId, tokenHash: { $ne: keepSessionHash } },
    );
  }

  async revokeTokens(userId: string): Promise<void> {
    await this.em.nativeDelete(ApiToken, { user: userId });
  }

  /** Deletes the user; their sessions, tokens and granted libraries go with them (foreign keys cascade). */
  async delete(userId: string): Promise<boolean> {
    return (await this.em.nativeDelete(User, { id: userId })) > 0;
  }

  /** Changes the preferences given (a field left undefined keeps its value). */
  async setPreferences(user: User, preferences: { locale?: UiLocale; theme?: UiTheme }): Promise<User> {
    if (preferences.locale !== undefined) user.locale = preferences.locale;
    if (preferences.theme !== undefined) user.theme = preferences.theme;
    await this.em.flush();
    return user;
  }
}

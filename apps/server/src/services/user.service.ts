import { emailAddress, EMAIL_MAX, type EmailAddress } from '../domain/email-address.js';
import { DomainError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { User, UserRole } from '../entities/user.entity.js';
import type { Logger } from '../logger.js';
import {
  EmailTakenError,
  UsernameTakenError,
  type UserRepository,
  type UserWithLibraries,
} from '../repositories/user.repository.js';
import { hashPassword } from './password-hashing.js';

/** The last enabled administrator would be deleted, demoted or disabled: nobody could administer the server. */
export class LastAdminError extends DomainError {
  constructor(detail: string) {
    super(409, 'last-admin', 'Last administrator', detail);
  }
}

export class UsernameTakenConflict extends DomainError {
  constructor(username: string) {
    super(409, 'username-taken', 'User name taken', `The user name "${username}" is already in use.`);
  }
}

/** Another account has this e-mail address, whatever its case: said on the field, so a form shows it there. */
export class EmailTakenConflict extends DomainError {
  constructor() {
    super(409, 'email-taken', 'E-mail address taken', 'This e-mail address is already used by another user.', [
      { path: '/body/email', message: 'is already used by another user', code: 'taken' },
    ]);
  }
}

/** The address given, checked and trimmed; null clears it, undefined leaves it as it is. */
function checkedEmail(raw: string | null | undefined): EmailAddress | null | undefined {
  if (raw === undefined || raw === null) return raw;
  const address = emailAddress(raw);
  if (!address) {
    throw new ValidationError('The e-mail address is not valid.', [
      {
        path: '/body/email',
        message: `must be an e-mail address (one @, no spaces, at most ${EMAIL_MAX} characters)`,
        code: 'pattern',
      },
    ]);
  }
  return address;
}

function takenConflict(error: unknown, username: string): unknown {
  if (error instanceof UsernameTakenError) return new UsernameTakenConflict(username);
  if (error instanceof EmailTakenError) return new EmailTakenConflict();
  return error;
}

/** What a reader may see inside their libraries (domain/reader-restrictions.ts); those left out keep their value. */
export interface RestrictionsInput {
  ageMax?: number | null;
  allowUnrated?: boolean;
  labelsInclude?: readonly string[];
  labelsExclude?: readonly string[];
}

export interface NewUserInput extends RestrictionsInput {
  username: string;
  password: string;
  role: UserRole;
  libraryIds?: readonly string[];
  disabled?: boolean;
  /** null or left out: none. */
  email?: string | null;
}

export interface UserUpdateInput extends RestrictionsInput {
  username?: string;
  password?: string;
  role?: UserRole;
  libraryIds?: readonly string[];
  disabled?: boolean;
  /** null removes the address. */
  email?: string | null;
}

/**
 * User accounts as the administrator manages them. Disabling, deleting or resetting the password of a user ends at
 * once what they are signed in with: their sessions are deleted, their tokens refused (disabled: the join that checks
 * every token reads `users.disabled`) or revoked (reset), and a password remembered for OPDS Basic is refused in
 * every process because `credentials_changed_at` moved.
 */
export class UserService {
  constructor(
    private readonly users: UserRepository,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(): Promise<UserWithLibraries[]> {
    const users = await this.users.list();
    const libraries = await this.users.libraryIdsOf(users.map((user) => user.id));
    return users.map((user) => ({ user, libraryIds: libraries.get(user.id) ?? [] }));
  }

  async get(id: string): Promise<UserWithLibraries> {
    const user = await this.users.findById(id);
    if (!user) throw new NotFoundError('User', id);
    return this.withLibraries(user);
  }

  async create(input: NewUserInput): Promise<UserWithLibraries> {
    const email = checkedEmail(input.email);
    const libraryIds = await this.checkedLibraries(input.libraryIds ?? []);
    const passwordHash = await hashPassword(input.password);
    const user = await this.users
      .transaction(async (tx) => {
        const created = await tx.create({
          username: input.username,
          passwordHash,
          role: input.role,
          disabled: input.disabled ?? false,
          email,
        });
        await tx.grantLibraries(created.id, libraryIds);
        // Nothing was shown to the user yet: no date has to move.
        await tx.setRestrictions(created, input, null);
        return created;
      })
      .catch((error: unknown) => {
        throw takenConflict(error, input.username);
      });
    this.logger.info({ userId: user.id, role: user.role }, 'user created');
    return this.get(user.id);
  }

  async update(id: string, input: UserUpdateInput): Promise<UserWithLibraries> {
    const email = checkedEmail(input.email);
    const libraryIds = input.libraryIds === undefined ? undefined : await this.checkedLibraries(input.libraryIds);
    const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
    await this.users
      .transaction(async (tx) => {
        const loses = input.role === 'reader' || input.disabled === true;
        // Lock the enabled admins before reading the user, so a concurrent demotion waits and then sees this one.
        const admins = loses ? await tx.lockEnabledAdmins() : [];
        const user = await tx.findById(id);
        if (!user) throw new NotFoundError('User', id);
        if (loses && admins.length === 1 && admins[0] === user.id) {
          throw new LastAdminError('This is the last enabled administrator: make another user an administrator first.');
        }
        const endsAccess = input.disabled === true || passwordHash !== undefined;
        await tx.update(
          user,
          { username: input.username, role: input.role, disabled: input.disabled, passwordHash, email },
          this.now(),
        );
        if (libraryIds !== undefined) await tx.setLibraries(user.id, libraryIds, this.now());
        await tx.setRestrictions(user, input, this.now());
        if (endsAccess) await tx.endSessions(user.id);
        // A reset password revokes the tokens (they may have leaked with it); disabling only refuses them.
        if (passwordHash !== undefined) await tx.revokeTokens(user.id);
      })
      .catch((error: unknown) => {
        throw takenConflict(error, input.username ?? '');
      });
    this.logger.info(
      { userId: id, fields: Object.keys(input).filter((key) => key !== 'password' || input.password !== undefined) },
      'user updated',
    );
    return this.get(id);
  }

  /** Deletes the user with their sessions, tokens and granted libraries (foreign keys cascade). */
  async delete(id: string): Promise<void> {
    await this.users.transaction(async (tx) => {
      const admins = await tx.lockEnabledAdmins();
      const user = await tx.findById(id);
      if (!user) throw new NotFoundError('User', id);
      if (admins.length === 1 && admins[0] === user.id) {
        throw new LastAdminError('This is the last enabled administrator: it cannot be deleted.');
      }
      await tx.delete(id);
    });
    this.logger.info({ userId: id }, 'user deleted');
  }

  private async withLibraries(user: User): Promise<UserWithLibraries> {
    const libraries = await this.users.libraryIdsOf([user.id]);
    return { user, libraryIds: libraries.get(user.id) ?? [] };
  }

  private async checkedLibraries(ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const unknown = await this.users.unknownLibraries(unique);
    if (unknown.length > 0) {
      throw new ValidationError(
        `No library has the id ${unknown.join(', ')}.`,
        unknown.map((libraryId) => ({
          path: `/body/library_ids/${ids.indexOf(libraryId)}`,
          message: 'names no library',
          code: 'invalid',
        })),
      );
    }
    return unique;
  }
}

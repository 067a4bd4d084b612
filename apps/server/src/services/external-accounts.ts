import type { User, UserRole } from '../entities/user.entity.js';
import type { Logger } from '../logger.js';
import { emailAddress, type EmailAddress } from '../domain/email-address.js';
import { EmailTakenError, UsernameTakenError, type UserRepository } from '../repositories/user.repository.js';

/** What an account created by a sign-in elsewhere has in place of a password hash: no password verifies against it. */
export const NO_PASSWORD = '!none';

/** Why a sign-in through a provider or a proxy found nobody (each code is shown to the person by the admin). */
export type ExternalSignInFailure = 'no-account' | 'disabled';

export class ExternalSignInError extends Error {
  constructor(readonly failure: ExternalSignInFailure) {
    super(failure);
    this.name = 'ExternalSignInError';
  }
}

/** Who the provider or the proxy says signed in. */
export interface ExternalIdentity {
  /** The provider's issuer and `sub`; absent for a proxy's user header, which names the account itself. */
  oidc?: { issuer: string; subject: string };
  /** `preferred_username`, or the proxy's user header. */
  name: string | undefined;
  email?: string;
  emailVerified?: boolean;
  /** The groups claim or header; undefined when the provider sent none (roles are then left as they are). */
  groups: string[] | undefined;
}

export interface AccountPolicy {
  createUsers: boolean;
  linkByEmail: boolean;
  adminGroup: string | null;
  defaultRole: UserRole;
  defaultLibraryIds: string[];
}

const NAME_MAX = 64;

/** The e-mail of an OpenID sign-in the provider vouches for (`email_verified` true); a proxy's never counts. */
function verifiedEmail(identity: ExternalIdentity): EmailAddress | null {
  if (!identity.oidc || identity.emailVerified !== true || identity.email === undefined) return null;
  return emailAddress(identity.email);
}
const SUFFIX_TRIES = 50;

/**
 * A user name that fits the rule of every other (`^[A-Za-z0-9._-]{1,64}$`): accents dropped, anything else made a
 * dash, runs of dashes collapsed; `user` when nothing is left.
 */
export function fittingUsername(raw: string | undefined): string {
  const name = (raw ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, NAME_MAX);
  return name === '' ? 'user' : name;
}

/**
 * Finds, links or creates the account behind a sign-in through an OpenID provider or a trusted proxy (issue 38),
 * and keeps its role in line with the admin group. An account is linked by the provider's `sub`, never by e-mail
 * unless the provider vouches for it and the admin turned linking on, and then only by the whole address the
 * account holds (never its user name).
 */
export class ExternalAccounts {
  constructor(
    private readonly users: UserRepository,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async resolve(identity: ExternalIdentity, policy: AccountPolicy): Promise<User> {
    let user = await this.find(identity, policy);
    if (!user) {
      if (!policy.createUsers) throw new ExternalSignInError('no-account');
      user = await this.create(identity, policy);
    }
    if (user.disabled) throw new ExternalSignInError('disabled');
    return this.applyGroups(user, identity.groups, policy.adminGroup);
  }

  private async find(identity: ExternalIdentity, policy: AccountPolicy): Promise<User | null> {
    if (!identity.oidc) return this.users.findByUsername(fittingUsername(identity.name));
    const { issuer, subject } = identity.oidc;
    const linked = await this.users.findByOidc(issuer, subject);
    if (linked) return linked;
    const verified = verifiedEmail(identity);
    if (!policy.linkByEmail || !verified) return null;
    // The whole address the account holds, never its user name: alice@elsewhere is not the account named alice.
    const candidate = await this.users.findByEmailKey(verified.key);
    // An account already linked to another `sub` is someone else's: a changed `sub` never takes it over.
    if (!candidate || candidate.oidcSubject !== null) return null;
    if (!(await this.users.linkOidc(candidate, issuer, subject))) return null;
    this.logger.info({ userId: candidate.id }, 'account linked to its OpenID provider by verified e-mail');
    return candidate;
  }

  private async create(identity: ExternalIdentity, policy: AccountPolicy): Promise<User> {
    const verified = verifiedEmail(identity);
    // The address is the account's only when nobody has it: another account's address stays theirs.
    const email = verified && !(await this.users.findByEmailKey(verified.key)) ? verified : null;
    const base = fittingUsername(identity.name ?? identity.email?.split('@')[0]);
    for (let attempt = 1; attempt <= SUFFIX_TRIES; attempt++) {
      const suffix = attempt === 1 ? '' : `-${attempt}`;
      const username = `${base.slice(0, NAME_MAX - suffix.length)}${suffix}`;
      // A proxy's user header names the account: another account of that name is the one (found above), so a
      // proxy's user is never given a suffix.
      if (attempt > 1 && !identity.oidc) break;
      if (await this.users.findByUsername(username)) continue;
      try {
        const user = await this.users.transaction(async (tx) => {
          const created = await tx.create({
            username,
            passwordHash: NO_PASSWORD,
            role: policy.defaultRole,
            oidc: identity.oidc,
            email,
          });
          await tx.grantLibraries(created.id, policy.defaultLibraryIds);
          return created;
        });
        this.logger.info(
          { userId: user.id, role: user.role, source: identity.oidc ? 'oidc' : 'proxy' },
          'user created at first sign-in',
        );
        return (await this.users.findById(user.id)) ?? user;
      } catch (error) {
        if (error instanceof EmailTakenError && email) {
          // Given to another account between the look-up and the insert: this one is created without it.
          return this.create({ ...identity, emailVerified: false }, policy);
        }
        if (!(error instanceof UsernameTakenError)) throw error;
        // Taken between the look-up and the insert (or the same `sub` signing in twice at once): look again.
        const linked = identity.oidc && (await this.users.findByOidc(identity.oidc.issuer, identity.oidc.subject));
        if (linked) return linked;
      }
    }
    throw new ExternalSignInError('no-account');
  }

  /** A member of the admin group is an admin; a non-member is not, unless they are the last enabled admin. */
  private async applyGroups(user: User, groups: string[] | undefined, adminGroup: string | null): Promise<User> {
    if (adminGroup === null || groups === undefined) return user;
    const wanted: UserRole = groups.includes(adminGroup) ? 'admin' : 'reader';
    if (wanted === user.role) return user;
    return this.users.transaction(async (tx) => {
      const admins = wanted === 'reader' ? await tx.lockEnabledAdmins() : [];
      const current = await tx.findById(user.id);
      if (!current) return user;
      if (wanted === 'reader' && admins.length === 1 && admins[0] === current.id) {
        this.logger.warn({ userId: current.id }, 'admin group says reader, but this is the last administrator');
        return current;
      }
      const updated = await tx.update(current, { role: wanted }, this.now());
      this.logger.info({ userId: current.id, role: wanted }, 'role set by the admin group');
      return updated;
    });
  }
}

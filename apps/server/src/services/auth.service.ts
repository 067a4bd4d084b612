import type { ApiToken, TokenScope } from '../entities/api-token.entity.js';
import type { UiLocale, UiTheme, User } from '../entities/user.entity.js';
import {
  DomainError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../domain/errors.js';
import type { Viewer } from '../domain/viewer.js';
import type { Logger } from '../logger.js';
import type { ApiTokenRepository } from '../repositories/api-token.repository.js';
import type { CredentialOwner, CredentialRepository } from '../repositories/credential.repository.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import type { SettingRepository } from '../repositories/setting.repository.js';
import type { UserRepository, UserWithLibraries } from '../repositories/user.repository.js';
import { effectiveRights, roleScope } from './effective-rights.js';
import { decoyHash, hashPassword, verifyPassword } from './password-hashing.js';
import type { SignInSettings } from './sign-in-settings.js';
import { ExternalSignInError, type ExternalAccounts } from './external-accounts.js';
import { issueApiToken, issueSessionSecret, parseApiToken, secretsEqual, sha256 } from './secret-tokens.js';

export type Scope = TokenScope;

/**
 * Who is calling: a user's session, an API token (acting as its owner), the bootstrap token (acting as the first
 * administrator), or `password`, a user signing in to OPDS with HTTP Basic and their own password (never accepted by
 * REST). `scope` is the effective one: the user's role narrowed by the token's scope.
 */
export interface Principal {
  kind: 'session' | 'token' | 'bootstrap' | 'password';
  scope: Scope;
  /** The user behind the credential (a token's owner); null only before any user exists. */
  username: string | null;
  userId: string | null;
  tokenId: string | null;
  /** SHA-256 of the session cookie, for a session: what a password change keeps while ending the others. */
  sessionHash: string | null;
  /** What this caller may see and whose progress it reads (domain/viewer.ts). */
  viewer: Viewer;
}

/** The current password given to change one's own is wrong (a 403, not a 401: the caller stays signed in). */
export class WrongPasswordError extends DomainError {
  constructor() {
    super(403, 'wrong-password', 'Wrong password', 'The current password is wrong.');
  }
}

export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** A session is extended at most this often, so browsing does not write on every request. */
const SESSION_TOUCH_INTERVAL_MS = 3600 * 1000;
const TOKEN_TOUCH_INTERVAL_MS = 60 * 1000;
const SETUP_CLAIM_KEY = 'auth.setup_completed';
/**
 * Reading apps send HTTP Basic with every request; a verified password is remembered this long (as a hash of the
 * pair) so that browsing a catalog does not run scrypt for each feed and page. Each reuse still reads the account
 * (one query), so a password reset or a disabled account is refused at once, whichever process verified it.
 */
const BASIC_PASSWORD_MEMORY_MS = 5 * 60 * 1000;
const BASIC_PASSWORD_MEMORY_SIZE = 64;
export const DEFAULT_ADMIN_USERNAME = 'admin';

export interface StartedSession {
  user: User;
  secret: string;
  expiresAt: Date;
}

interface RememberedPassword {
  userId: string;
  credentialsChangedAt: number | null;
  until: number;
}

/** Local passwords are off and this is not the break-glass administrator (issue 38). */
export class PasswordsOffError extends UnauthorizedError {
  constructor() {
    super('Signing in with a password is turned off here; use single sign-on.');
  }
}

export class AuthService {
  private readonly verifiedPasswords = new Map<string, RememberedPassword>();
  private signIn: SignInSettings | undefined;
  private accounts: ExternalAccounts | undefined;

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly tokens: ApiTokenRepository,
    private readonly credentials: CredentialRepository,
    private readonly settings: SettingRepository,
    private readonly bootstrapToken: string | undefined,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  setSignInSettings(signIn: SignInSettings, accounts: ExternalAccounts): void {
    this.signIn = signIn;
    this.accounts = accounts;
  }

  /**
   * The user a trusted proxy names (FORWARD_AUTH_*): that account, created at first sight when the sign-in settings
   * allow it, with the admin group applied. Acts as a session would (the proxy is the browser's sign-in).
   */
  async authenticateForwarded(forwarded: { name: string; groups: string[] | undefined }): Promise<Principal | null> {
    if (!this.signIn || !this.accounts) return null;
    const policy = await this.signIn.oidc();
    try {
      const user = await this.accounts.resolve(
        { name: forwarded.name, groups: forwarded.groups },
        { ...policy, linkByEmail: false },
      );
      const owner = await this.credentials.userById(user.id);
      if (!owner || owner.disabled) return null;
      return this.principalOf('session', owner, roleScope(owner.role), null, null);
    } catch (error) {
      if (error instanceof ExternalSignInError) return null;
      throw error;
    }
  }

  /** Whether this account may sign in with its password: everyone's may, unless passwords are off. */
  private async passwordAllowed(userId: string): Promise<boolean> {
    const policy = await this.signIn?.passwordsOnlyFor();
    return !policy || policy.only === userId;
  }

  /** A session for an account signed in elsewhere (an OpenID provider). */
  openSession(user: User): Promise<StartedSession> {
    return this.startSession(user);
  }

  async setupRequired(): Promise<boolean> {
    return (await this.users.count()) === 0;
  }

  /** Creates the first administrator; refused once one exists, even under concurrent calls. */
  async setup(username: string, password: string): Promise<StartedSession> {
    if (!(await this.setupRequired()) || !(await this.settings.claim(SETUP_CLAIM_KEY, { at: this.now() }))) {
      throw new ConflictError('An administrator already exists; sign in instead.');
    }
    const user = await this.users.create({ username, passwordHash: await hashPassword(password), role: 'admin' });
    this.logger.info({ username }, 'administrator created through setup');
    return this.startSession(user);
  }

  /** SHELFMARK_ADMIN_PASSWORD: creates `admin` at first start; never changes an existing account. */
  async ensureAdminFromEnvironment(password: string | undefined): Promise<void> {
    if (password === undefined) return;
    if (!(await this.setupRequired())) {
      this.logger.debug('an administrator exists; SHELFMARK_ADMIN_PASSWORD left unused');
      return;
    }
    if (!(await this.settings.claim(SETUP_CLAIM_KEY, { at: this.now(), from: 'environment' }))) return;
    await this.users.create({
      username: DEFAULT_ADMIN_USERNAME,
      passwordHash: await hashPassword(password),
      role: 'admin',
    });
    this.logger.info({ username: DEFAULT_ADMIN_USERNAME }, 'administrator created from SHELFMARK_ADMIN_PASSWORD');
  }

  async login(username: string, password: string): Promise<StartedSession> {
    const user = await this.users.findByUsername(username);
    // Verify against a decoy when the user is unknown, so response time does not reveal user names.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    // A disabled account is refused like a wrong password: the answer does not say the account exists.
    if (!user || !valid || user.disabled) throw new UnauthorizedError('Wrong user name or password.');
    if (!(await this.passwordAllowed(user.id))) throw new PasswordsOffError();
    return this.startSession(user);
  }

  async logout(sessionSecret: string | undefined): Promise<void> {
    if (sessionSecret) await this.sessions.deleteByHash(sha256(sessionSecret));
  }

  async authenticateSession(secret: string): Promise<Principal | null> {
    const now = this.now();
    const sessionHash = sha256(secret);
    const session = await this.credentials.liveSession(sessionHash, now);
    if (!session || session.owner.disabled) return null;
    if (now.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
      await this.sessions.extend(session.id, now, new Date(now.getTime() + SESSION_LIFETIME_MS));
    }
    return this.principalOf('session', session.owner, roleScope(session.owner.role), null, sessionHash);
  }

  async authenticateToken(token: string): Promise<Principal | null> {
    if (this.bootstrapToken !== undefined && secretsEqual(token, this.bootstrapToken)) {
      return this.principalOf('bootstrap', await this.firstAdmin(), 'admin', null, null);
    }
    const parsed = parseApiToken(token);
    if (!parsed) return null;
    const row = await this.credentials.tokenByPrefix(parsed.prefix);
    if (!row || !secretsEqual(sha256(token), row.tokenHash)) return null;
    const now = this.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return null;
    if (row.owner?.disabled) return null;
    // A token made by the bootstrap token before any user existed acts as the first administrator.
    const owner = row.owner ?? (await this.firstAdmin());
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOKEN_TOUCH_INTERVAL_MS) {
      await this.tokens.markUsed(row.id, now);
    }
    return this.principalOf('token', owner, row.scope, row.id, null);
  }

  /**
   * HTTP Basic as reading apps send it: an API token as the password (any user name), or a user's own user name
   * and password.
   */
  async authenticateBasic(username: string, password: string): Promise<Principal | null> {
    const isToken =
      parseApiToken(password) !== undefined ||
      (this.bootstrapToken !== undefined && secretsEqual(password, this.bootstrapToken));
    if (isToken) return this.authenticateToken(password);
    const key = sha256(`${username}\u0000${password}`);
    const now = this.now().getTime();
    const remembered = this.verifiedPasswords.get(key);
    if (remembered && remembered.until > now) {
      const owner = await this.credentials.userById(remembered.userId);
      if (
        owner &&
        !owner.disabled &&
        (owner.credentialsChangedAt?.getTime() ?? null) === remembered.credentialsChangedAt &&
        (await this.passwordAllowed(owner.id))
      ) {
        return this.principalOf('password', owner, roleScope(owner.role), null, null);
      }
      // Reset, disabled or deleted since: the password is forgotten here too, and checked afresh below.
      this.verifiedPasswords.delete(key);
    }
    const user = await this.users.findByUsername(username);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !valid || user.disabled) return null;
    const owner = await this.credentials.userById(user.id);
    if (!owner || owner.disabled || !(await this.passwordAllowed(owner.id))) return null;
    if (this.verifiedPasswords.size >= BASIC_PASSWORD_MEMORY_SIZE) this.verifiedPasswords.clear();
    this.verifiedPasswords.set(key, {
      userId: user.id,
      credentialsChangedAt: owner.credentialsChangedAt?.getTime() ?? null,
      until: now + BASIC_PASSWORD_MEMORY_MS,
    });
    return this.principalOf('password', owner, roleScope(owner.role), null, null);
  }

  /** The caller's own tokens; with the admin scope, everyone's. */
  listTokens(principal: Principal): Promise<ApiToken[]> {
    if (principal.scope === 'admin') return this.tokens.list();
    // A read credential without a user (impossible once a user exists) owns nothing to list.
    return principal.userId === null ? Promise.resolve([]) : this.tokens.list(principal.userId);
  }

  async createToken(
    principal: Principal,
    name: string,
    scope: Scope,
    expiresAt: Date | null,
  ): Promise<{ token: ApiToken; secret: string }> {
    if (scope === 'admin' && principal.scope !== 'admin') {
      throw new ForbiddenError(
        'A token cannot have more rights than its owner: this credential may only make read tokens.',
      );
    }
    if (expiresAt && expiresAt.getTime() <= this.now().getTime()) {
      throw new ValidationError('expires_at must be in the future.', [
        { path: '/body/expires_at', message: 'must be in the future', code: 'future' },
      ]);
    }
    const issued = issueApiToken();
    const token = await this.tokens.create({
      name,
      scope,
      prefix: issued.prefix,
      tokenHash: issued.hash,
      expiresAt,
      userId: principal.userId,
    });
    this.logger.info({ tokenId: token.id, scope, userId: principal.userId }, 'API token created');
    return { token, secret: issued.token };
  }

  /** Revokes one of the caller's own tokens, or anyone's with the admin scope; another's is not found. */
  async deleteToken(principal: Principal, id: string): Promise<void> {
    const token = await this.tokens.findById(id);
    const ownerId = token?.user?.id ?? null;
    const mayRevoke = principal.scope === 'admin' || (ownerId !== null && ownerId === principal.userId);
    if (!token || !mayRevoke || !(await this.tokens.delete(id))) throw new NotFoundError('Token', id);
  }

  /** The user with the libraries granted to them, as the API shows an account. */
  async withLibraries(user: User): Promise<UserWithLibraries> {
    const libraries = await this.users.libraryIdsOf([user.id]);
    return { user, libraryIds: libraries.get(user.id) ?? [] };
  }

  async currentUser(principal: Principal): Promise<User | null> {
    return principal.userId === null ? null : this.users.findById(principal.userId);
  }

  /** The caller's language and colour theme (those given; the others keep their value). */
  async setPreferences(principal: Principal, preferences: { locale?: UiLocale; theme?: UiTheme }): Promise<User> {
    const user = await this.currentUser(principal);
    if (!user) throw new ForbiddenError('Preferences belong to a user; this credential has none behind it.');
    return this.users.setPreferences(user, preferences);
  }

  /**
   * The caller changes their own password, proving the current one. Their other sessions and any password remembered
   * for OPDS Basic end; the session making the change and their API tokens stay.
   */
  async changeOwnPassword(principal: Principal, currentPassword: string, newPassword: string): Promise<User> {
    const user = await this.currentUser(principal);
    if (!user) throw new ForbiddenError('This credential has no user behind it, so no password to change.');
    if (!(await verifyPassword(currentPassword, user.passwordHash))) throw new WrongPasswordError();
    const updated = await this.users.update(user, { passwordHash: await hashPassword(newPassword) }, this.now());
    await this.users.endSessions(user.id, principal.sessionHash ?? undefined);
    this.logger.info({ userId: user.id }, 'password changed by its user');
    return updated;
  }

  private firstAdmin(): Promise<CredentialOwner | null> {
    return this.users.firstAdmin().then((user) =>
      user
        ? {
            id: user.id,
            username: user.username,
            role: 'admin',
            disabled: false,
            libraryIds: [],
            accessChangedAt: user.accessChangedAt?.getTime() ?? null,
            restrictions: null,
          }
        : null,
    );
  }

  private principalOf(
    kind: Principal['kind'],
    owner: CredentialOwner | null,
    scope: Scope,
    tokenId: string | null,
    sessionHash: string | null,
  ): Principal {
    const rights = effectiveRights(owner, scope);
    return {
      kind,
      scope: rights.scope,
      username: owner?.username ?? null,
      userId: owner?.id ?? null,
      tokenId,
      sessionHash,
      viewer: rights.viewer,
    };
  }

  private async startSession(user: User): Promise<StartedSession> {
    const { secret, hash } = issueSessionSecret();
    const expiresAt = new Date(this.now().getTime() + SESSION_LIFETIME_MS);
    await this.sessions.create(user, hash, expiresAt);
    return { user, secret, expiresAt };
  }
}

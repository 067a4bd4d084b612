import type { ApiToken, TokenScope } from '../entities/api-token.entity.js';
import type { UiLocale, UiTheme, User } from '../entities/user.entity.js';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../domain/errors.js';
import type { Viewer } from '../domain/viewer.js';
import type { Logger } from '../logger.js';
import type { ApiTokenRepository } from '../repositories/api-token.repository.js';
import type { SessionRepository } from '../repositories/session.repository.js';
import type { SettingRepository } from '../repositories/setting.repository.js';
import type { UserRepository } from '../repositories/user.repository.js';
import { decoyHash, hashPassword, verifyPassword } from './password-hashing.js';
import { issueApiToken, issueSessionSecret, parseApiToken, secretsEqual, sha256 } from './secret-tokens.js';

export type Scope = TokenScope;

/**
 * Who is calling. Sessions belong to the administrator and carry the admin scope; `password` is the administrator
 * signing in to OPDS with HTTP Basic and the account's password (never accepted by REST).
 */
export interface Principal {
  kind: 'session' | 'token' | 'bootstrap' | 'password';
  scope: Scope;
  username: string | null;
  userId: string | null;
  tokenId: string | null;
  /** What this caller may see and whose progress it reads (domain/viewer.ts). */
  viewer: Viewer;
}

/** Today every credential acts as an administrator of every library. */
const adminViewer = (userId: string | null): Viewer => ({ userId, role: 'admin', libraryIds: null });

export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** A session is extended at most this often, so browsing does not write on every request. */
const SESSION_TOUCH_INTERVAL_MS = 3600 * 1000;
const TOKEN_TOUCH_INTERVAL_MS = 60 * 1000;
const SETUP_CLAIM_KEY = 'auth.setup_completed';
/**
 * Reading apps send HTTP Basic with every request; a verified password is remembered this long (as a hash of the
 * pair) so that browsing a catalog does not run scrypt for each feed and page.
 */
const BASIC_PASSWORD_MEMORY_MS = 5 * 60 * 1000;
const BASIC_PASSWORD_MEMORY_SIZE = 64;
export const DEFAULT_ADMIN_USERNAME = 'admin';

export interface StartedSession {
  user: User;
  secret: string;
  expiresAt: Date;
}

export class AuthService {
  private readonly verifiedPasswords = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionRepository,
    private readonly tokens: ApiTokenRepository,
    private readonly settings: SettingRepository,
    private readonly bootstrapToken: string | undefined,
    private readonly logger: Logger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async setupRequired(): Promise<boolean> {
    return (await this.users.count()) === 0;
  }

  /** Creates the first administrator; refused once one exists, even under concurrent calls. */
  async setup(username: string, password: string): Promise<StartedSession> {
    if (!(await this.setupRequired()) || !(await this.settings.claim(SETUP_CLAIM_KEY, { at: this.now() }))) {
      throw new ConflictError('An administrator already exists; sign in instead.');
    }
    const user = await this.users.create(username, await hashPassword(password));
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
    await this.users.create(DEFAULT_ADMIN_USERNAME, await hashPassword(password));
    this.logger.info({ username: DEFAULT_ADMIN_USERNAME }, 'administrator created from SHELFMARK_ADMIN_PASSWORD');
  }

  async login(username: string, password: string): Promise<StartedSession> {
    const user = await this.users.findByUsername(username);
    // Verify against a decoy when the user is unknown, so response time does not reveal user names.
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !valid) throw new UnauthorizedError('Wrong user name or password.');
    return this.startSession(user);
  }

  async logout(sessionSecret: string | undefined): Promise<void> {
    if (sessionSecret) await this.sessions.deleteByHash(sha256(sessionSecret));
  }

  async authenticateSession(secret: string): Promise<Principal | null> {
    const now = this.now();
    const session = await this.sessions.findLive(sha256(secret), now);
    if (!session) return null;
    if (now.getTime() - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
      await this.sessions.extend(session, now, new Date(now.getTime() + SESSION_LIFETIME_MS));
    }
    const user = session.user;
    return {
      kind: 'session',
      scope: 'admin',
      username: user.username,
      userId: user.id,
      tokenId: null,
      viewer: adminViewer(user.id),
    };
  }

  async authenticateToken(token: string): Promise<Principal | null> {
    if (this.bootstrapToken !== undefined && secretsEqual(token, this.bootstrapToken)) {
      return {
        kind: 'bootstrap',
        scope: 'admin',
        username: null,
        userId: null,
        tokenId: null,
        viewer: adminViewer(await this.users.firstUserId()),
      };
    }
    const parsed = parseApiToken(token);
    if (!parsed) return null;
    const row = await this.tokens.findByPrefix(parsed.prefix);
    if (!row || !secretsEqual(sha256(token), row.tokenHash)) return null;
    const now = this.now();
    if (row.expiresAt && row.expiresAt.getTime() <= now.getTime()) return null;
    if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() > TOKEN_TOUCH_INTERVAL_MS) {
      await this.tokens.markUsed(row.id, now);
    }
    return {
      kind: 'token',
      scope: row.scope,
      username: null,
      userId: null,
      tokenId: row.id,
      // Until tokens have owners (issue 20 §1), a token reads and writes the first user's progress.
      viewer: adminViewer(await this.users.firstUserId()),
    };
  }

  /**
   * HTTP Basic as reading apps send it: an API token as the password (any user name), or the administrator's
   * user name and password.
   */
  async authenticateBasic(username: string, password: string): Promise<Principal | null> {
    const isToken =
      parseApiToken(password) !== undefined ||
      (this.bootstrapToken !== undefined && secretsEqual(password, this.bootstrapToken));
    if (isToken) return this.authenticateToken(password);
    const key = sha256(`${username}\u0000${password}`);
    const now = this.now().getTime();
    const remembered = this.verifiedPasswords.get(key);
    if (remembered && remembered.until > now) return remembered.principal;
    const user = await this.users.findByUsername(username);
    const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
    if (!user || !valid) return null;
    const principal: Principal = {
      kind: 'password',
      scope: 'admin',
      username: user.username,
      userId: user.id,
      tokenId: null,
      viewer: adminViewer(user.id),
    };
    if (this.verifiedPasswords.size >= BASIC_PASSWORD_MEMORY_SIZE) this.verifiedPasswords.clear();
    this.verifiedPasswords.set(key, { principal, until: now + BASIC_PASSWORD_MEMORY_MS });
    return principal;
  }

  listTokens(): Promise<ApiToken[]> {
    return this.tokens.list();
  }

  async createToken(name: string, scope: Scope, expiresAt: Date | null): Promise<{ token: ApiToken; secret: string }> {
    if (expiresAt && expiresAt.getTime() <= this.now().getTime()) {
      throw new ValidationError('expires_at must be in the future.', [
        { path: '/body/expires_at', message: 'must be in the future' },
      ]);
    }
    const issued = issueApiToken();
    const token = await this.tokens.create({ name, scope, prefix: issued.prefix, tokenHash: issued.hash, expiresAt });
    this.logger.info({ tokenId: token.id, scope }, 'API token created');
    return { token, secret: issued.token };
  }

  async deleteToken(id: string): Promise<void> {
    if (!(await this.tokens.delete(id))) throw new NotFoundError('Token', id);
  }

  async currentUser(principal: Principal): Promise<User | null> {
    return principal.userId === null ? null : this.users.findById(principal.userId);
  }

  /** The signed-in admin's language and colour theme (those given; the others keep their value). */
  async setPreferences(principal: Principal, preferences: { locale?: UiLocale; theme?: UiTheme }): Promise<User> {
    const user = await this.currentUser(principal);
    if (!user) {
      throw new ForbiddenError('Preferences belong to a signed-in administrator; an API token has none.');
    }
    return this.users.setPreferences(user, preferences);
  }

  private async startSession(user: User): Promise<StartedSession> {
    const { secret, hash } = issueSessionSecret();
    const expiresAt = new Date(this.now().getTime() + SESSION_LIFETIME_MS);
    await this.sessions.create(user, hash, expiresAt);
    return { user, secret, expiresAt };
  }
}

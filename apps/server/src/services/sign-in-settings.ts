import type { OidcEnvironment } from '../config.js';
import type { FieldIssue } from '../domain/errors.js';
import type { UserRole } from '../entities/user.entity.js';
import type { SettingRepository } from '../repositories/setting.repository.js';

const SIGN_IN = 'sign_in';
export const DEFAULT_OIDC_SCOPES = 'openid profile email';

/** What is stored under `sign_in` (the client secret included: it never leaves through a read). */
type StoredSignIn = SignInUpdate;

/** The OpenID Connect settings in force: the environment's fields over the admin's. */
export interface OidcSettings {
  issuer: string | null;
  clientId: string | null;
  clientSecret: string | null;
  scopes: string;
  buttonLabel: string | null;
  createUsers: boolean;
  linkByEmail: boolean;
  adminGroup: string | null;
  defaultRole: UserRole;
  defaultLibraryIds: string[];
}

/** Fields the environment may set; the admin shows them as set there and cannot change them. */
export const OIDC_ENVIRONMENT_FIELDS = [
  'issuer',
  'client_id',
  'client_secret',
  'scopes',
  'button_label',
  'create_users',
  'admin_group',
] as const;
export type OidcEnvironmentField = (typeof OIDC_ENVIRONMENT_FIELDS)[number];

export interface SignInView {
  oidc: Omit<OidcSettings, 'clientSecret'> & {
    clientSecretSet: boolean;
    /** Whether issuer and client id are both known, so the sign-in page offers the button. */
    enabled: boolean;
    setByEnvironment: OidcEnvironmentField[];
  };
  localPasswords: boolean;
  breakGlassUserId: string | null;
}

/** An admin's change to the sign-in settings, stored as given (the same shape as what is stored). */
export interface SignInUpdate {
  oidc?: {
    issuer?: string | null;
    clientId?: string | null;
    clientSecret?: string | null;
    scopes?: string | null;
    buttonLabel?: string | null;
    createUsers?: boolean;
    linkByEmail?: boolean;
    adminGroup?: string | null;
    defaultRole?: UserRole;
    defaultLibraryIds?: string[];
  };
  localPasswords?: boolean;
  breakGlassUserId?: string | null;
}

/** What the settings need to know about users and libraries to refuse a setting that would lock everyone out. */
export interface SignInChecks {
  unknownLibraries(ids: readonly string[]): Promise<string[]>;
  isEnabledAdmin(userId: string): Promise<boolean>;
}

const ENV_KEY: Record<OidcEnvironmentField, keyof OidcEnvironment> = {
  issuer: 'issuer',
  client_id: 'clientId',
  client_secret: 'clientSecret',
  scopes: 'scopes',
  button_label: 'buttonLabel',
  create_users: 'createUsers',
  admin_group: 'adminGroup',
};

/**
 * How people sign in (issue 38): OpenID Connect's settings, merged with the `OIDC_*` environment (which wins), and
 * whether local passwords are on for everyone or only for one break-glass administrator.
 */
export class SignInSettings {
  constructor(
    private readonly settings: SettingRepository,
    private readonly environment: OidcEnvironment,
    private readonly checks: SignInChecks,
  ) {}

  private async stored(): Promise<StoredSignIn> {
    return (await this.settings.get<StoredSignIn>(SIGN_IN)) ?? {};
  }

  async oidc(): Promise<OidcSettings> {
    const stored = (await this.stored()).oidc ?? {};
    const env = this.environment;
    return {
      issuer: env.issuer ?? stored.issuer ?? null,
      clientId: env.clientId ?? stored.clientId ?? null,
      clientSecret: env.clientSecret ?? stored.clientSecret ?? null,
      scopes: env.scopes ?? stored.scopes ?? DEFAULT_OIDC_SCOPES,
      buttonLabel: env.buttonLabel ?? stored.buttonLabel ?? null,
      createUsers: env.createUsers ?? stored.createUsers ?? false,
      linkByEmail: stored.linkByEmail ?? false,
      adminGroup: env.adminGroup ?? stored.adminGroup ?? null,
      defaultRole: stored.defaultRole ?? 'reader',
      defaultLibraryIds: stored.defaultLibraryIds ?? [],
    };
  }

  /** Who may still sign in with a password: everyone (null), or only the break-glass administrator's id. */
  async passwordsOnlyFor(): Promise<{ only: string | null } | null> {
    const stored = await this.stored();
    if (stored.localPasswords !== false) return null;
    return { only: stored.breakGlassUserId ?? null };
  }

  async view(): Promise<SignInView> {
    const stored = await this.stored();
    const { clientSecret, ...oidc } = await this.oidc();
    return {
      oidc: {
        ...oidc,
        clientSecretSet: clientSecret !== null,
        enabled: oidc.issuer !== null && oidc.clientId !== null,
        setByEnvironment: OIDC_ENVIRONMENT_FIELDS.filter((field) => this.environment[ENV_KEY[field]] !== undefined),
      },
      localPasswords: stored.localPasswords !== false,
      breakGlassUserId: stored.breakGlassUserId ?? null,
    };
  }

  /** The issues of an update, checked before anything is written (SettingsService refuses the whole update). */
  async problems(update: SignInUpdate): Promise<FieldIssue[]> {
    const issues: FieldIssue[] = [];
    const oidc = update.oidc ?? {};
    for (const [field, key] of Object.entries(ENV_KEY)) {
      const camel = key as keyof NonNullable<SignInUpdate['oidc']>;
      if (oidc[camel] !== undefined && this.environment[key] !== undefined) {
        issues.push({
          path: `/body/sign_in/oidc/${field}`,
          message: 'is set by the environment (OIDC_*) and cannot be changed here',
          code: 'invalid',
        });
      }
    }
    if (typeof oidc.issuer === 'string' && !isHttpUrl(oidc.issuer)) {
      issues.push({ path: '/body/sign_in/oidc/issuer', message: 'must be an http(s) URL', code: 'httpUrl' });
    }
    const unknown = await this.checks.unknownLibraries(oidc.defaultLibraryIds ?? []);
    for (const id of unknown) {
      issues.push({
        path: `/body/sign_in/oidc/default_library_ids/${oidc.defaultLibraryIds!.indexOf(id)}`,
        message: 'names no library',
        code: 'invalid',
      });
    }
    const stored = await this.stored();
    const passwordsOff = (update.localPasswords ?? stored.localPasswords) === false;
    const breakGlass =
      update.breakGlassUserId !== undefined ? update.breakGlassUserId : (stored.breakGlassUserId ?? null);
    if (passwordsOff && (breakGlass === null || !(await this.checks.isEnabledAdmin(breakGlass)))) {
      issues.push({
        path: '/body/sign_in/break_glass_user_id',
        message: 'must name an enabled administrator, who keeps a password, when local passwords are off',
        code: 'invalid',
      });
    }
    return issues;
  }

  async apply(update: SignInUpdate): Promise<void> {
    const stored = await this.stored();
    const oidc = { ...(stored.oidc ?? {}) };
    for (const [key, value] of Object.entries(update.oidc ?? {})) {
      if (value !== undefined) (oidc as Record<string, unknown>)[key] = value;
    }
    await this.settings.put(SIGN_IN, {
      ...stored,
      oidc,
      ...(update.localPasswords !== undefined ? { localPasswords: update.localPasswords } : {}),
      ...(update.breakGlassUserId !== undefined ? { breakGlassUserId: update.breakGlassUserId } : {}),
    } satisfies StoredSignIn);
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

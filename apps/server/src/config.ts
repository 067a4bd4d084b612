import path from 'node:path';
import proxyAddr from 'proxy-addr';
import { InvalidValue, number, oneOf, optional, text, type Check } from './config-values.js';

/**
 * The only reader of process.env. Every variable is validated here so that a bad value
 * stops start-up with one line that names the variable, instead of failing later.
 */

export type DatabaseConfig = { kind: 'sqlite'; path: string } | { kind: 'postgresql'; url: string };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  librariesRoot: string;
  database: DatabaseConfig;
  adminPassword: string | undefined;
  bootstrapToken: string | undefined;
  mongodbUrl: string | undefined;
  logLevel: LogLevel;
  jobLockSeconds: number;
  /** Plugin modules to load: package names, or absolute paths / file: URLs of local plugins. */
  plugins: string[];
  /** Watched folders (ADR 13): quiet time, longest wait, polling interval, lease, and an optional watch budget. */
  watch: WatchConfig;
  /** Express's `trust proxy`: which peers' X-Forwarded-* headers are believed (false: none). */
  trustProxy: TrustProxy;
  /** Whether a scan makes the covers of its books (`scan`) or leaves each to the first request for it. */
  scanCovers: ScanCovers;
  /** The release search job's pace and how long a grab waits for its file (issue 36). */
  releases: { searchIntervalMs: number; grabExpiryMs: number };
  /** The largest book file an admin may upload from the browser, in bytes (issue 37). */
  bookUploadMaxBytes: number;
  /** Import folders (issue 37): roots besides LIBRARIES_ROOT they may be under, and how long an arrival must be still. */
  imports: { roots: string[]; quietMs: number };
  /** Where browsers reach this server (scheme, host and any sub-path): the OpenID Connect redirect is built on it. */
  publicUrl: string | undefined;
  /** OpenID Connect set by the environment; each field given here wins over the admin's settings (issue 38). */
  oidc: OidcEnvironment;
  /** A trusted proxy's user header (issue 38): believed only from `proxies`. */
  forwardAuth: ForwardAuthConfig | undefined;
}

export interface OidcEnvironment {
  issuer?: string;
  clientId?: string;
  clientSecret?: string;
  scopes?: string;
  buttonLabel?: string;
  createUsers?: boolean;
  adminGroup?: string;
}

export interface ForwardAuthConfig {
  proxies: string[];
  userHeader: string;
  groupsHeader: string | undefined;
}

export const SCAN_COVERS = ['scan', 'on-demand'] as const;
export type ScanCovers = (typeof SCAN_COVERS)[number];

export type TrustProxy = boolean | number | string[];

export interface WatchConfig {
  /** How long a library must go without events before its dirty folders are scanned. */
  quietMs: number;
  /** The longest a change waits for its scan while events keep coming. */
  maxWaitMs: number;
  /** How often a library that cannot have events is scanned (incremental). */
  pollIntervalMs: number;
  /** How long a watch lease lasts without renewal; its holder renews it every third of that. */
  leaseMs: number;
  /** Kernel watches this process may use; undefined: fs.inotify.max_user_watches as the kernel says. */
  maxWatches: number | undefined;
}

/** What this process does: serve HTTP, run jobs, or both (the default). */
export type Role = 'api' | 'worker' | 'both';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** The six plugins shipped with Shelfmark, loaded unless SHELFMARK_PLUGINS says otherwise. */
export const BUILT_IN_PLUGINS = [
  '@shelfmark/plugin-google-books',
  '@shelfmark/plugin-open-library',
  '@shelfmark/plugin-comicvine',
  '@shelfmark/plugin-anilist',
  '@shelfmark/plugin-bedetheque',
  '@shelfmark/plugin-prowlarr',
];

/** Every variable Shelfmark reads, with its default: the README table and docker-compose are checked against it. */
export const CONFIG_VARIABLES = {
  PORT: { default: '7080', description: 'HTTP port.' },
  HOST: { default: '0.0.0.0', description: 'Interface to listen on.' },
  DATA_DIR: {
    default: './data',
    description: 'Where Shelfmark keeps its SQLite database, thumbnails and caches.',
  },
  DATABASE_URL: {
    default: 'sqlite:<DATA_DIR>/shelfmark.db',
    description: '`sqlite:<file>` or `postgres://user:password@host:port/database`.',
  },
  LIBRARIES_ROOT: {
    default: './libraries',
    description: 'The folder under which every library must live; the folder browser never leaves it.',
  },
  SHELFMARK_ADMIN_PASSWORD: {
    default: '',
    description: 'Creates the administrator `admin` with this password at first start (8 characters or more).',
  },
  SHELFMARK_BOOTSTRAP_TOKEN: {
    default: '',
    description: 'An admin API token accepted as given, for automation (32 characters or more).',
  },
  MONGODB_URL: {
    default: '',
    description: 'When set, background jobs are stored in this MongoDB instead of the main database.',
  },
  LOG_LEVEL: { default: 'info', description: `One of ${LOG_LEVELS.join(', ')}.` },
  JOB_LOCK_SECONDS: {
    default: '30',
    description: 'How long a job stays claimed by a process that stopped (crashed) before another process resumes it.',
  },
  SHELFMARK_PLUGINS: {
    default: BUILT_IN_PLUGINS.join(','),
    description:
      'Comma-separated plugin modules to load (package names or absolute paths); a plugin that fails to load is listed as failed.',
  },
  IMPORT_ROOTS: {
    default: '',
    description:
      "Comma-separated folders outside `LIBRARIES_ROOT` where import folders may be (a download client's completed folder); never a library's folder.",
  },
  IMPORT_QUIET_MS: {
    default: '30000',
    description:
      'How long (ms) a file or folder in an import folder must stay unchanged, with no partial name left (`.part`…), before it is imported.',
  },
  WATCH_QUIET_SECONDS: {
    default: '30',
    description:
      'A watched library waits this long without changes before it scans the folders that changed (decimals allowed).',
  },
  WATCH_MAX_WAIT_SECONDS: {
    default: '300',
    description: 'The longest a change waits for its scan while changes keep coming.',
  },
  WATCH_POLL_MINUTES: {
    default: '20',
    description: 'How often a library on a share without change events (NFS, SMB, FUSE, 9p) is scanned.',
  },
  WATCH_LEASE_SECONDS: {
    default: '30',
    description:
      'With several worker processes: how long a dead process keeps its libraries and import folders before another watches them (renewed every third of it).',
  },
  WATCH_MAX_WATCHES: {
    default: '',
    description:
      'Kernel watches a worker may use for watched folders (default: `fs.inotify.max_user_watches`); a library with more folders is polled.',
  },
  SCAN_COVERS: {
    default: 'scan',
    description:
      '`scan`: a scan ends when every book has its cover; `on-demand`: scans make no covers and each is made the first time it is shown (a first import of a huge collection on a slow disk).',
  },
  RELEASE_SEARCH_INTERVAL_SECONDS: {
    default: '5',
    description:
      "The release search job waits this long between two searches of the release indexer, on top of the plugin's own rate limit: each Prowlarr search asks every indexer it has, and trackers ban clients that hammer them.",
  },
  GRAB_EXPIRY_HOURS: {
    default: '72',
    description:
      'A grabbed release whose file has not come in after this long is `expired`, and its volume is wanted again.',
  },
  BOOK_UPLOAD_MAX_MB: {
    default: '2048',
    description:
      'The largest book file (CBZ, CBR, CB7, PDF, EPUB) an admin may upload from the browser, in MiB; a reverse proxy in front must let as much through.',
  },
  PUBLIC_URL: {
    default: '',
    description:
      'The address browsers use to reach Shelfmark, with any sub-path (`https://example.org/shelfmark`); OpenID Connect redirects to `{PUBLIC_URL}/api/v1/auth/oidc/callback`. Default: the address of each request.',
  },
  OIDC_ISSUER: {
    default: '',
    description:
      "OpenID Connect: the provider's issuer URL (its `/.well-known/openid-configuration` is read). Wins over the admin's setting, as every `OIDC_*` does.",
  },
  OIDC_CLIENT_ID: { default: '', description: 'OpenID Connect: the client id registered at the provider.' },
  OIDC_CLIENT_SECRET: { default: '', description: 'OpenID Connect: the client secret (never shown).' },
  OIDC_SCOPES: { default: '', description: 'OpenID Connect: the scopes asked for (default `openid profile email`).' },
  OIDC_BUTTON_LABEL: {
    default: '',
    description: 'OpenID Connect: the sign-in button\'s label (default "Sign in with single sign-on").',
  },
  OIDC_CREATE_USERS: {
    default: '',
    description: '`true`: a provider account with no Shelfmark account gets one at its first sign-in (a reader).',
  },
  OIDC_ADMIN_GROUP: {
    default: '',
    description:
      'A group (the `groups` claim, or the forward-auth groups header) whose members are administrators; the last administrator is never demoted.',
  },
  FORWARD_AUTH_PROXIES: {
    default: '',
    description:
      'Comma-separated addresses/subnets of the proxies whose user header is believed (apart from `TRUST_PROXY`); from any other address the header is ignored.',
  },
  FORWARD_AUTH_USER_HEADER: {
    default: 'Remote-User',
    description: 'The header in which those proxies name the signed-in user.',
  },
  FORWARD_AUTH_GROUPS_HEADER: {
    default: '',
    description: "The header in which those proxies list the user's groups, comma-separated (e.g. `Remote-Groups`).",
  },
  TRUST_PROXY: {
    default: 'false',
    description:
      'Behind a reverse proxy: `true` (any), a hop count, or comma-separated addresses/subnets (`loopback`, `10.0.0.0/8`) whose X-Forwarded-For/-Proto/-Host/-Prefix are believed.',
  },
} as const;
export type ConfigVariable = keyof typeof CONFIG_VARIABLES;

export class ConfigError extends Error {
  constructor(
    readonly variable: ConfigVariable,
    problem: string,
  ) {
    super(`${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

const blankToUndefined = (value: string | undefined) => (value?.trim() === '' ? undefined : value);

/** A positive duration, decimals allowed (tests use fractions of a second). */
const seconds = (min: number, max: number) => number({ min, max, range: `must be between ${min} and ${max}` });

const present = (input: string | undefined): string => {
  if (input === undefined) throw new InvalidValue('must be set');
  return input.trim();
};

const httpUrl = (input: string | undefined): string => {
  const value = text({ min: 1, max: 2048 })(input);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidValue('must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new InvalidValue('must be an http(s) URL');
  return value.replace(/\/+$/, '');
};

const flag = (input: string | undefined): boolean => {
  const value = present(input);
  if (/^(true|yes|on|1)$/i.test(value)) return true;
  if (/^(false|no|off|0)$/i.test(value)) return false;
  throw new InvalidValue('must be true or false');
};

const addressList = (input: string | undefined): string[] => {
  const entries = (input ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  try {
    proxyAddr.compile(entries);
  } catch {
    throw new InvalidValue('must be comma-separated addresses/subnets');
  }
  return entries;
};

const HEADER_NAME = { min: 1, max: 100, pattern: /^[A-Za-z0-9-]+$/, patternMessage: 'must be a header name' };

const schema = {
  PORT: number({ min: 1, max: 65535, integer: true, range: 'must be between 1 and 65535' }),
  HOST: text({ min: 1 }),
  DATA_DIR: text({ min: 1 }),
  LIBRARIES_ROOT: text({ min: 1 }),
  DATABASE_URL: optional(text()),
  SHELFMARK_ADMIN_PASSWORD: optional(text({ min: 8, max: 1024 })),
  SHELFMARK_BOOTSTRAP_TOKEN: optional(
    text({
      min: 32,
      max: 512,
      pattern: /^[\x21-\x7e]+$/,
      patternMessage: 'must contain only printable ASCII characters without spaces',
    }),
  ),
  MONGODB_URL: optional(
    text({ pattern: /^mongodb(\+srv)?:\/\/\S+$/, patternMessage: 'must start with mongodb:// or mongodb+srv://' }),
  ),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  JOB_LOCK_SECONDS: number({ min: 2, max: 3600, integer: true, range: 'must be between 2 and 3600' }),
  SHELFMARK_PLUGINS: (input: string | undefined): string[] => {
    const entries = (input ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0);
    if (new Set(entries).size !== entries.length) throw new InvalidValue('must not name a plugin twice');
    return entries;
  },
  IMPORT_ROOTS: (input: string | undefined): string[] => {
    const entries = (input ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry.length > 0);
    if (entries.some((entry) => !path.isAbsolute(entry))) throw new InvalidValue('must list absolute folders');
    return entries.map((entry) => path.resolve(entry));
  },
  IMPORT_QUIET_MS: number({ min: 0, max: 86_400_000, integer: true, range: 'must be between 0 and 86400000' }),
  WATCH_QUIET_SECONDS: seconds(0.05, 3600),
  WATCH_MAX_WAIT_SECONDS: seconds(0.05, 86_400),
  WATCH_POLL_MINUTES: seconds(0.01, 1440),
  WATCH_LEASE_SECONDS: seconds(0.3, 3600),
  WATCH_MAX_WATCHES: optional(number({ min: 0, integer: true, range: 'must be 0 or more' })),
  SCAN_COVERS: oneOf(SCAN_COVERS),
  RELEASE_SEARCH_INTERVAL_SECONDS: seconds(0, 3600),
  GRAB_EXPIRY_HOURS: number({ min: 1, max: 8760, range: 'must be between 1 and 8760' }),
  BOOK_UPLOAD_MAX_MB: number({ min: 1, max: 1_048_576, integer: true, range: 'must be between 1 and 1048576' }),
  PUBLIC_URL: optional(httpUrl),
  OIDC_ISSUER: optional(httpUrl),
  OIDC_CLIENT_ID: optional(text({ min: 1, max: 512 })),
  OIDC_CLIENT_SECRET: optional(text({ min: 1, max: 1024 })),
  OIDC_SCOPES: optional(text({ min: 1, max: 512, pattern: /^[\x21-\x7e ]+$/, patternMessage: 'must be scopes' })),
  OIDC_BUTTON_LABEL: optional(text({ min: 1, max: 100 })),
  OIDC_CREATE_USERS: optional(flag),
  OIDC_ADMIN_GROUP: optional(text({ min: 1, max: 256 })),
  FORWARD_AUTH_PROXIES: addressList,
  FORWARD_AUTH_USER_HEADER: text(HEADER_NAME),
  FORWARD_AUTH_GROUPS_HEADER: optional(text(HEADER_NAME)),
  TRUST_PROXY: (input: string | undefined): TrustProxy => {
    const text = (input ?? '').trim();
    if (/^(false|no|off|0)$/i.test(text)) return false;
    if (/^(true|yes|on)$/i.test(text)) return true;
    if (/^\d+$/.test(text)) return Number(text);
    const entries = text
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    try {
      // The same parser Express uses, so a value accepted here is one Express understands.
      proxyAddr.compile(entries);
    } catch {
      throw new InvalidValue('must be true, false, a hop count or addresses/subnets');
    }
    return entries;
  },
} satisfies Record<ConfigVariable, Check<unknown>>;

/** Variables whose value may be repeated in an error message: the others can hold secrets. */
const ECHOABLE = new Set<ConfigVariable>([
  'PORT',
  'HOST',
  'LOG_LEVEL',
  'JOB_LOCK_SECONDS',
  'SHELFMARK_PLUGINS',
  'TRUST_PROXY',
  'SCAN_COVERS',
  'WATCH_QUIET_SECONDS',
  'WATCH_MAX_WAIT_SECONDS',
  'WATCH_POLL_MINUTES',
  'WATCH_LEASE_SECONDS',
  'WATCH_MAX_WATCHES',
  'RELEASE_SEARCH_INTERVAL_SECONDS',
  'GRAB_EXPIRY_HOURS',
  'BOOK_UPLOAD_MAX_MB',
  'IMPORT_QUIET_MS',
  'PUBLIC_URL',
  'OIDC_ISSUER',
  'OIDC_SCOPES',
  'OIDC_CREATE_USERS',
  'FORWARD_AUTH_PROXIES',
  'FORWARD_AUTH_USER_HEADER',
  'FORWARD_AUTH_GROUPS_HEADER',
]);

function read<K extends ConfigVariable>(env: NodeJS.ProcessEnv, name: K): ReturnType<(typeof schema)[K]> {
  const raw = blankToUndefined(env[name]);
  const fallback = CONFIG_VARIABLES[name].default;
  const input = raw ?? (fallback === '' || fallback.includes('<') ? undefined : fallback);
  try {
    return schema[name](input) as ReturnType<(typeof schema)[K]>;
  } catch (error) {
    if (!(error instanceof InvalidValue)) throw error;
    const shown = typeof raw === 'string' && ECHOABLE.has(name) ? ` (got "${raw}")` : '';
    throw new ConfigError(name, `${error.message}${shown}`);
  }
}

function parseDatabaseUrl(raw: string | undefined, dataDir: string, cwd: string): DatabaseConfig {
  if (raw === undefined) return { kind: 'sqlite', path: path.join(dataDir, 'shelfmark.db') };
  if (/^postgres(ql)?:\/\//.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid postgres:// URL');
    }
    if (url.pathname.length <= 1) {
      throw new ConfigError('DATABASE_URL', 'must name a database (postgres://user@host:5432/shelfmark)');
    }
    return { kind: 'postgresql', url: raw };
  }
  if (raw.startsWith('sqlite:')) {
    const file = raw.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (file === '') throw new ConfigError('DATABASE_URL', 'must name a file after sqlite:');
    return { kind: 'sqlite', path: file === ':memory:' ? file : path.resolve(cwd, file) };
  }
  throw new ConfigError('DATABASE_URL', 'must start with sqlite: or postgres:// (got another scheme)');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const dataDir = path.resolve(cwd, read(env, 'DATA_DIR'));
  return {
    port: read(env, 'PORT'),
    host: read(env, 'HOST'),
    dataDir,
    librariesRoot: path.resolve(cwd, read(env, 'LIBRARIES_ROOT')),
    database: parseDatabaseUrl(read(env, 'DATABASE_URL'), dataDir, cwd),
    adminPassword: read(env, 'SHELFMARK_ADMIN_PASSWORD'),
    bootstrapToken: read(env, 'SHELFMARK_BOOTSTRAP_TOKEN'),
    mongodbUrl: read(env, 'MONGODB_URL'),
    logLevel: read(env, 'LOG_LEVEL'),
    jobLockSeconds: read(env, 'JOB_LOCK_SECONDS'),
    plugins: read(env, 'SHELFMARK_PLUGINS'),
    trustProxy: read(env, 'TRUST_PROXY'),
    scanCovers: read(env, 'SCAN_COVERS'),
    releases: {
      searchIntervalMs: read(env, 'RELEASE_SEARCH_INTERVAL_SECONDS') * 1000,
      grabExpiryMs: read(env, 'GRAB_EXPIRY_HOURS') * 3_600_000,
    },
    bookUploadMaxBytes: read(env, 'BOOK_UPLOAD_MAX_MB') * 1024 * 1024,
    imports: { roots: read(env, 'IMPORT_ROOTS'), quietMs: read(env, 'IMPORT_QUIET_MS') },
    publicUrl: read(env, 'PUBLIC_URL'),
    oidc: {
      issuer: read(env, 'OIDC_ISSUER'),
      clientId: read(env, 'OIDC_CLIENT_ID'),
      clientSecret: read(env, 'OIDC_CLIENT_SECRET'),
      scopes: read(env, 'OIDC_SCOPES'),
      buttonLabel: read(env, 'OIDC_BUTTON_LABEL'),
      createUsers: read(env, 'OIDC_CREATE_USERS'),
      adminGroup: read(env, 'OIDC_ADMIN_GROUP'),
    },
    forwardAuth: forwardAuthOf(env),
    watch: {
      quietMs: read(env, 'WATCH_QUIET_SECONDS') * 1000,
      maxWaitMs: read(env, 'WATCH_MAX_WAIT_SECONDS') * 1000,
      pollIntervalMs: read(env, 'WATCH_POLL_MINUTES') * 60_000,
      leaseMs: read(env, 'WATCH_LEASE_SECONDS') * 1000,
      maxWatches: read(env, 'WATCH_MAX_WATCHES'),
    },
  };
}

function forwardAuthOf(env: NodeJS.ProcessEnv): ForwardAuthConfig | undefined {
  const proxies = read(env, 'FORWARD_AUTH_PROXIES');
  if (proxies.length === 0) return undefined;
  return {
    proxies,
    userHeader: read(env, 'FORWARD_AUTH_USER_HEADER').toLowerCase(),
    groupsHeader: read(env, 'FORWARD_AUTH_GROUPS_HEADER')?.toLowerCase(),
  };
}

/** `--role=api|worker|both` from the command line. */
export function parseRole(argv: readonly string[]): Role {
  const flag = argv.find((arg) => arg.startsWith('--role='));
  if (flag === undefined) return 'both';
  const role = flag.slice('--role='.length);
  if (role === 'api' || role === 'worker' || role === 'both') return role;
  throw new Error(`--role must be api, worker or both (got "${role}")`);
}

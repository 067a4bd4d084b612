import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_PLUGINS, ConfigError, loadConfig } from './config.js';

const cwd = '/srv/shelfmark';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({}, cwd);
    expect(config).toEqual({
      port: 7080,
      host: '0.0.0.0',
      dataDir: '/srv/shelfmark/data',
      librariesRoot: '/srv/shelfmark/libraries',
      database: { kind: 'sqlite', path: '/srv/shelfmark/data/shelfmark.db' },
      adminPassword: undefined,
      bootstrapToken: undefined,
      mongodbUrl: undefined,
      logLevel: 'info',
      jobLockSeconds: 30,
      plugins: BUILT_IN_PLUGINS,
      trustProxy: false,
      scanCovers: 'scan',
      releases: { searchIntervalMs: 5000, grabExpiryMs: 72 * 3_600_000 },
      bookUploadMaxBytes: 2 * 1024 ** 3,
      imports: { roots: [], quietMs: 30_000 },
      publicUrl: undefined,
      oidc: {
        issuer: undefined,
        clientId: undefined,
        clientSecret: undefined,
        scopes: undefined,
        buttonLabel: undefined,
        createUsers: undefined,
        adminGroup: undefined,
      },
      forwardAuth: undefined,
      watch: { quietMs: 30_000, maxWaitMs: 300_000, pollIntervalMs: 1_200_000, leaseMs: 30_000, maxWatches: undefined },
    });
  });

  it('reads the watch timings in seconds (fractions allowed) and refuses durations out of range', () => {
    const watch = loadConfig(
      { WATCH_QUIET_SECONDS: '0.5', WATCH_POLL_MINUTES: '0.05', WATCH_MAX_WATCHES: '3' },
      cwd,
    ).watch;
    expect(watch).toMatchObject({ quietMs: 500, pollIntervalMs: 3000, maxWatches: 3 });
    expect(() => loadConfig({ WATCH_QUIET_SECONDS: '0' }, cwd)).toThrow(/WATCH_QUIET_SECONDS must be between/);
    expect(() => loadConfig({ GRAB_EXPIRY_HOURS: '0' }, cwd)).toThrow(/GRAB_EXPIRY_HOURS must be between 1 and 8760/);
    expect(loadConfig({ IMPORT_ROOTS: ' /srv/downloads/ , /mnt/x', IMPORT_QUIET_MS: '250' }, cwd).imports).toEqual({
      roots: ['/srv/downloads', '/mnt/x'],
      quietMs: 250,
    });
    expect(() => loadConfig({ IMPORT_ROOTS: 'downloads' }, cwd)).toThrow(/IMPORT_ROOTS/);
    expect(loadConfig({ RELEASE_SEARCH_INTERVAL_SECONDS: '0', GRAB_EXPIRY_HOURS: '1.5' }, cwd).releases).toEqual({
      searchIntervalMs: 0,
      grabExpiryMs: 5_400_000,
    });
    expect(() => loadConfig({ WATCH_LEASE_SECONDS: 'soon' }, cwd)).toThrow(/WATCH_LEASE_SECONDS must be a number/);
  });

  it('reads the book upload limit in MiB, a whole number of at least 1', () => {
    expect(loadConfig({ BOOK_UPLOAD_MAX_MB: '3' }, cwd).bookUploadMaxBytes).toBe(3 * 1024 * 1024);
    expect(() => loadConfig({ BOOK_UPLOAD_MAX_MB: '0' }, cwd)).toThrow(/BOOK_UPLOAD_MAX_MB must be between/);
    expect(() => loadConfig({ BOOK_UPLOAD_MAX_MB: '1.5' }, cwd)).toThrow(/BOOK_UPLOAD_MAX_MB/);
  });

  it('reads single sign-on and forward authentication, and refuses values that cannot work', () => {
    const config = loadConfig(
      {
        PUBLIC_URL: 'https://example.org/shelfmark/',
        OIDC_ISSUER: 'https://id.example.org',
        OIDC_CREATE_USERS: 'yes',
        FORWARD_AUTH_PROXIES: '10.0.0.0/8, loopback',
        FORWARD_AUTH_GROUPS_HEADER: 'Remote-Groups',
      },
      cwd,
    );
    expect(config.publicUrl).toBe('https://example.org/shelfmark');
    expect(config.oidc).toMatchObject({ issuer: 'https://id.example.org', createUsers: true });
    expect(config.forwardAuth).toEqual({
      proxies: ['10.0.0.0/8', 'loopback'],
      userHeader: 'remote-user',
      groupsHeader: 'remote-groups',
    });
    expect(() => loadConfig({ PUBLIC_URL: 'example.org' }, cwd)).toThrow(/PUBLIC_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ OIDC_CREATE_USERS: 'maybe' }, cwd)).toThrow(/OIDC_CREATE_USERS must be true or false/);
    expect(() => loadConfig({ FORWARD_AUTH_PROXIES: 'not an address' }, cwd)).toThrow(/FORWARD_AUTH_PROXIES must be/);
    expect(() => loadConfig({ OIDC_CLIENT_SECRET: 'x'.repeat(2000) }, cwd)).toThrow(
      /^OIDC_CLIENT_SECRET must be at most/,
    );
  });

  it('reads TRUST_PROXY as Express understands it, and refuses what it would not', () => {
    const trust = (value: string) => loadConfig({ TRUST_PROXY: value }, cwd).trustProxy;
    expect(trust('true')).toBe(true);
    expect(trust('off')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('loopback, 10.0.0.0/8')).toEqual(['loopback', '10.0.0.0/8']);
    expect(() => trust('not-an-address')).toThrow('TRUST_PROXY must be true, false, a hop count or addresses/subnets');
  });

  it('reads SCAN_COVERS: covers made by scans unless on-demand is asked for', () => {
    expect(loadConfig({}, cwd).scanCovers).toBe('scan');
    expect(loadConfig({ SCAN_COVERS: 'on-demand' }, cwd).scanCovers).toBe('on-demand');
    expect(() => loadConfig({ SCAN_COVERS: 'later' }, cwd)).toThrow(
      'SCAN_COVERS must be one of scan, on-demand (got "later")',
    );
  });

  it('reads the plugin list, trimmed, and refuses a plugin named twice', () => {
    expect(loadConfig({ SHELFMARK_PLUGINS: ' @shelfmark/plugin-anilist , /opt/mine.js ,' }, cwd).plugins).toEqual([
      '@shelfmark/plugin-anilist',
      '/opt/mine.js',
    ]);
    expect(() => loadConfig({ SHELFMARK_PLUGINS: 'a,a' }, cwd)).toThrow(
      'SHELFMARK_PLUGINS must not name a plugin twice',
    );
  });

  it('reads PostgreSQL and SQLite URLs', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/shelf' }, cwd).database).toEqual({
      kind: 'postgresql',
      url: 'postgres://u:p@db:5432/shelf',
    });
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/shelf' }, cwd).database.kind).toBe('postgresql');
    expect(loadConfig({ DATABASE_URL: 'sqlite:var/lib.db' }, cwd).database).toEqual({
      kind: 'sqlite',
      path: path.resolve(cwd, 'var/lib.db'),
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite:///abs/lib.db' }, cwd).database).toEqual({
      kind: 'sqlite',
      path: '/abs/lib.db',
    });
  });

  it('treats blank values as unset', () => {
    expect(loadConfig({ SHELFMARK_ADMIN_PASSWORD: '', MONGODB_URL: ' ', PORT: '' }, cwd)).toMatchObject({
      adminPassword: undefined,
      mongodbUrl: undefined,
      port: 7080,
    });
  });

  const bad: [Record<string, string>, string, RegExp][] = [
    [{ PORT: 'abc' }, 'PORT', /PORT must be a number \(got "abc"\)/],
    [{ PORT: '70000' }, 'PORT', /between 1 and 65535/],
    [{ PORT: '80.5' }, 'PORT', /whole number/],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', /must be one of fatal, error/],
    [{ DATABASE_URL: 'mysql://db/x' }, 'DATABASE_URL', /sqlite: or postgres:\/\//],
    [{ DATABASE_URL: 'postgres://user:hunter2@db' }, 'DATABASE_URL', /must name a database/],
    [{ DATABASE_URL: 'sqlite:' }, 'DATABASE_URL', /must name a file/],
    [{ SHELFMARK_ADMIN_PASSWORD: 'short' }, 'SHELFMARK_ADMIN_PASSWORD', /at least 8 characters/],
    [{ SHELFMARK_BOOTSTRAP_TOKEN: 'tooshort' }, 'SHELFMARK_BOOTSTRAP_TOKEN', /at least 32 characters/],
    [{ SHELFMARK_BOOTSTRAP_TOKEN: `${'x'.repeat(32)} y` }, 'SHELFMARK_BOOTSTRAP_TOKEN', /printable ASCII/],
    [{ MONGODB_URL: 'http://mongo' }, 'MONGODB_URL', /mongodb:\/\//],
    [{ JOB_LOCK_SECONDS: '1' }, 'JOB_LOCK_SECONDS', /between 2 and 3600/],
    [{ PORT: 'Infinity' }, 'PORT', /PORT must be a number/],
    [{ SHELFMARK_ADMIN_PASSWORD: 'p'.repeat(1025) }, 'SHELFMARK_ADMIN_PASSWORD', /at most 1024 characters/],
    [{ SCAN_COVERS: 'lazy' }, 'SCAN_COVERS', /must be one of scan, on-demand \(got "lazy"\)/],
    [{ WATCH_MAX_WATCHES: '-1' }, 'WATCH_MAX_WATCHES', /must be 0 or more/],
    [{ WATCH_MAX_WATCHES: '2.5' }, 'WATCH_MAX_WATCHES', /whole number/],
  ];
  for (const [env, variable, message] of bad) {
    it(`names ${variable} when ${JSON.stringify(env)}`, () => {
      let error: unknown;
      try {
        loadConfig(env, cwd);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as ConfigError).message).toMatch(new RegExp(`^${variable} `));
      expect((error as ConfigError).message).toMatch(message);
      expect((error as ConfigError).message).not.toMatch(/\n/);
      // Values that can hold secrets are never repeated.
      expect((error as ConfigError).message).not.toMatch(/hunter2|short|tooshort/);
    });
  }
});

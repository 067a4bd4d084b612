import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../../src/config.js';
import { missingServerEnvironment, SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from '../../src/runtime-flags.js';

/** Docker cannot run on the CI machine: the compose file is kept honest by reading it against the config module. */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const compose = parse(readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8')) as {
  services: Record<
    string,
    {
      build?: unknown;
      image?: string;
      ports?: string[];
      environment?: Record<string, string>;
      volumes?: string[];
      profiles?: string[];
      depends_on?: Record<string, unknown>;
    }
  >;
  volumes: Record<string, unknown>;
};

describe('how the server is started', () => {
  const environment = Object.entries(SERVER_ENVIRONMENT).map(([name, value]) => `${name}=${value}`);

  it('npm start passes the V8 flags and the environment the server is meant to run with', () => {
    const scripts = (
      JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    expect(scripts.start).toContain(
      `${environment.join(' ')} node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`,
    );
  });

  it('the Docker image sets the server environment, and a server started without it can tell', () => {
    const dockerfile = readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8');
    for (const variable of environment) expect(dockerfile).toMatch(new RegExp(`^ENV ${variable}$`, 'm'));
    expect(missingServerEnvironment({})).toEqual(environment);
    expect(missingServerEnvironment({ ...SERVER_ENVIRONMENT })).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  const server = compose.services.server!;
  const environment = server.environment ?? {};

  it('has the server built from the Dockerfile, PostgreSQL, and MongoDB behind the mongo profile', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['mongo', 'postgres', 'server']);
    expect(server.build).toBeDefined();
    const flags = SERVER_NODE_FLAGS.map((flag) => `"${flag}", `).join('');
    expect(readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')).toContain(
      `CMD ["node", ${flags}"apps/server/dist/main.js"]`,
    );
    expect(compose.services.mongo!.profiles).toEqual(['mongo']);
    expect(compose.services.postgres!.profiles).toBeUndefined();
    expect(Object.keys(server.depends_on ?? {})).toEqual(['postgres']);
  });

  it('sets exactly the variables the configuration module reads, with values it accepts', () => {
    expect(Object.keys(environment).sort()).toEqual(Object.keys(CONFIG_VARIABLES).sort());
    const resolved = Object.fromEntries(
      Object.entries(environment).map(([key, value]) => [key, String(value).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')]),
    );
    const config = loadConfig(resolved, '/');
    expect(config.database.kind).toBe('postgresql');
    expect(config.dataDir).toBe('/data');
    expect(config.librariesRoot).toBe('/libraries');
  });

  it('publishes the configured port and points DATABASE_URL at the postgres service', () => {
    const port = environment.PORT ?? CONFIG_VARIABLES.PORT.default;
    expect(server.ports).toContain(`${port}:${port}`);
    const url = new URL(environment.DATABASE_URL!);
    expect(url.hostname).toBe('postgres');
    const pg = compose.services.postgres!.environment!;
    expect(url.username).toBe(pg.POSTGRES_USER);
    expect(url.password).toBe(pg.POSTGRES_PASSWORD);
    expect(url.pathname).toBe(`/${pg.POSTGRES_DB}`);
  });

  it('keeps data in a volume and mounts the libraries read-only where LIBRARIES_ROOT points', () => {
    const volumes = server.volumes ?? [];
    expect(volumes).toContainEqual(expect.stringMatching(new RegExp(`^[a-z-]+:${environment.DATA_DIR}$`)));
    expect(volumes).toContainEqual(expect.stringMatching(new RegExp(`:${environment.LIBRARIES_ROOT}:ro$`)));
    expect(compose.services.postgres!.volumes).toContainEqual(expect.stringMatching(/:\/var\/lib\/postgresql\/data$/));
    for (const volume of [...volumes, ...(compose.services.postgres!.volumes ?? [])]) {
      const source = volume.split(':')[0]!;
      if (!source.startsWith('.') && !source.startsWith('$') && !source.startsWith('/'))
        expect(compose.volumes).toHaveProperty(source);
    }
  });
});

import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, freePort, runUntilExit, scratchDir } from './support/server-process.js';

/**
 * A bad configuration must stop start-up before anything else happens: exit code 2 and one line on
 * stderr that names the variable. Each process exits on its own within a second or so on a quiet machine; the
 * eight start at once, so on a loaded one they are given a minute (a server that starts instead is caught as soon
 * as it logs that it listens: runUntilExit).
 */
describe('start-up with a bad configuration', () => {
  let scratch: Awaited<ReturnType<typeof scratchDir>>;

  beforeAll(async () => {
    scratch = await scratchDir('shelfmark-e2e-config-');
  });

  afterAll(async () => {
    await scratch?.remove();
  });

  /** Valid values for everything, so only the variable under test is wrong. */
  async function validEnv(): Promise<Record<string, string>> {
    return {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(scratch.dir, 'data'),
      LIBRARIES_ROOT: path.join(scratch.dir, 'libraries'),
    };
  }

  const cases: { variable: string; value: string; secret?: boolean }[] = [
    { variable: 'PORT', value: 'abc' },
    { variable: 'PORT', value: '70000' },
    { variable: 'LOG_LEVEL', value: 'loud' },
    { variable: 'DATABASE_URL', value: 'mysql://x/y' },
    { variable: 'DATABASE_URL', value: 'postgres://host-without-db' },
    { variable: 'SHELFMARK_ADMIN_PASSWORD', value: 'short', secret: true },
    { variable: 'SHELFMARK_BOOTSTRAP_TOKEN', value: 'tooshort', secret: true },
    { variable: 'MONGODB_URL', value: 'http://x' },
  ];

  it.concurrent.for(cases)(
    '$variable=$value → exit 2 with one line naming $variable',
    { timeout: 90_000 },
    async ({ variable, value, secret }) => {
      const result = await runUntilExit(cleanEnv({ ...(await validEnv()), [variable]: value }), scratch.dir);
      expect(result.timedOut, `the server started instead of refusing ${variable}=${value}`).toBe(false);
      expect(result.code).toBe(2);
      const lines = result.stderr.split('\n').filter((line) => line !== '');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^Configuration error: ${variable} \\S`));
      expect(result.stderr.endsWith('\n')).toBe(true);
      expect(result.stdout).toBe('');
      if (secret) expect(lines[0]).not.toContain(value);
    },
  );

  it('a DATA_DIR that is a regular file → non-zero exit with a message, not a stack trace', async () => {
    const file = path.join(scratch.dir, 'not-a-folder');
    await writeFile(file, 'this is a file\n');
    const result = await runUntilExit(cleanEnv({ ...(await validEnv()), DATA_DIR: file }), scratch.dir);
    expect(result.timedOut, 'the server started with DATA_DIR pointing at a file').toBe(false);
    expect(result.code).not.toBe(0);
    expect(result.code).not.toBeNull();
    const output = `${result.stderr}${result.stdout}`;
    expect(output).toContain(file);
    expect(output).not.toMatch(/^\s+at /m);
    expect(output).not.toContain('"stack"');
    expect(result.stderr.split('\n').filter((line) => line !== '')).toHaveLength(1);
  }, 90_000);
});

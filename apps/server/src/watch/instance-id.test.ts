import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INSTANCE_ID_FILE, instanceIdOf } from './instance-id.js';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'shelfmark-instance-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the instance id of a data directory', () => {
  it('is made once and read back by every later start', async () => {
    const first = await instanceIdOf(dataDir);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await instanceIdOf(dataDir)).toBe(first);
    expect(await readdir(dataDir)).toEqual([INSTANCE_ID_FILE]);
  });

  it('is the same for processes that start together on a new data directory', async () => {
    const ids = await Promise.all(Array.from({ length: 8 }, () => instanceIdOf(dataDir)));
    expect(new Set(ids).size).toBe(1);
    expect(await readdir(dataDir)).toEqual([INSTANCE_ID_FILE]);
  });

  it('refuses a file that holds something else, rather than taking another id', async () => {
    await writeFile(path.join(dataDir, INSTANCE_ID_FILE), 'not an id\n');
    await expect(instanceIdOf(dataDir)).rejects.toThrow(/does not hold an instance id/);
  });
});

import { execFileSync } from 'node:child_process';
import { chmod, link, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FilePlacement, PlacementError, type PlacementFailure, type PlacementFs } from './file-placement.js';

let work: string;
let root: string;
let downloads: string;
const placement = new FilePlacement();

beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'placement-'));
  root = path.join(work, 'library');
  downloads = path.join(work, 'downloads');
  await mkdir(root);
  await mkdir(downloads);
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

async function download(name: string, content = `data of ${name}`): Promise<string> {
  const file = path.join(downloads, name);
  await writeFile(file, content);
  return file;
}

async function failure(promise: Promise<unknown>): Promise<PlacementFailure | 'none' | 'other'> {
  try {
    await promise;
    return 'none';
  } catch (error) {
    return error instanceof PlacementError ? error.code : 'other';
  }
}

/** Every file under `folder`, relative: shows what was left behind (a temporary copy would be listed). */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

describe('file placement: the three modes', () => {
  it('hard-links: the same data under a second name, folders created', async () => {
    const source = await download('Blacksad 01.cbz');
    const placed = await placement.place({ source, root, target: 'Blacksad/Blacksad - T01.cbz', mode: 'hardlink' });
    expect(placed).toMatchObject({ how: 'hardlink', replaced: false });
    expect((await stat(placed.path)).ino).toBe((await stat(source)).ino);
    expect(await filesUnder(root)).toEqual(['Blacksad/Blacksad - T01.cbz']);
  });

  it('copies: the same bytes, a different file, the source kept, no temporary file left', async () => {
    const source = await download('a.cbz', 'x'.repeat(300_000));
    const placed = await placement.place({ source, root, target: 'S/S - T01.cbz', mode: 'copy' });
    expect(placed.how).toBe('copy');
    expect(await readFile(placed.path, 'utf8')).toBe('x'.repeat(300_000));
    expect((await stat(placed.path)).ino).not.toBe((await stat(source)).ino);
    expect(await filesUnder(root)).toEqual(['S/S - T01.cbz']);
    expect(await filesUnder(downloads)).toEqual(['a.cbz']);
  });

  it('moves: the source is gone, the target holds its bytes', async () => {
    const source = await download('a.cbz', 'moved');
    const placed = await placement.place({ source, root, target: 'S/S - T01.cbz', mode: 'move' });
    expect(placed.how).toBe('move');
    expect(await readFile(placed.path, 'utf8')).toBe('moved');
    expect(await filesUnder(downloads)).toEqual([]);
  });
});

describe('file placement: never overwrites', () => {
  for (const mode of ['hardlink', 'copy', 'move'] as const) {
    it(`${mode}: refuses a taken name and changes nothing`, async () => {
      await mkdir(path.join(root, 'S'));
      await writeFile(path.join(root, 'S/S - T01.cbz'), 'owned');
      const source = await download('a.cbz', 'new');
      expect(await failure(placement.place({ source, root, target: 'S/S - T01.cbz', mode }))).toBe('target-exists');
      expect(await readFile(path.join(root, 'S/S - T01.cbz'), 'utf8')).toBe('owned');
      expect(await readFile(source, 'utf8')).toBe('new');
      expect(await filesUnder(root)).toEqual(['S/S - T01.cbz']);
    });

    it(`${mode}: replaces only when asked`, async () => {
      await mkdir(path.join(root, 'S'));
      await writeFile(path.join(root, 'S/S - T01.cbz'), 'owned');
      const source = await download('a.cbz', 'upgrade');
      const placed = await placement.place({ source, root, target: 'S/S - T01.cbz', mode, replace: true });
      expect(placed.replaced).toBe(true);
      expect(await readFile(placed.path, 'utf8')).toBe('upgrade');
      expect(await filesUnder(root)).toEqual(['S/S - T01.cbz']);
    });
  }

  it('two imports racing for one name: one wins, the other is refused, nothing is lost', async () => {
    const first = await download('a.cbz', 'first');
    const second = await download('b.cbz', 'second');
    const results = await Promise.allSettled([
      placement.place({ source: first, root, target: 'S/S - T01.cbz', mode: 'copy' }),
      placement.place({ source: second, root, target: 'S/S - T01.cbz', mode: 'copy' }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'target-exists' });
    expect(['first', 'second']).toContain(await readFile(path.join(root, 'S/S - T01.cbz'), 'utf8'));
    expect(await filesUnder(root)).toEqual(['S/S - T01.cbz']);
  });
});

describe('file placement: never outside the root', () => {
  it.each(['../escape.cbz', '/etc/escape.cbz', 'S/../../escape.cbz', 'S//x.cbz', '', 'S\\..\\x.cbz'])(
    'refuses %j',
    async (target) => {
      const source = await download('a.cbz');
      expect(await failure(placement.place({ source, root, target, mode: 'copy' }))).toBe('outside-root');
      expect(await filesUnder(work)).toEqual(['downloads/a.cbz']);
    },
  );

  it('refuses a folder that is a symlink leading out of the root', async () => {
    const elsewhere = path.join(work, 'elsewhere');
    await mkdir(elsewhere);
    await symlink(elsewhere, path.join(root, 'S'));
    const source = await download('a.cbz');
    expect(await failure(placement.place({ source, root, target: 'S/Deep/x.cbz', mode: 'copy' }))).toBe('outside-root');
    expect(await filesUnder(elsewhere)).toEqual([]);
  });

  it('refuses a target name that is a symlink, even with replace', async () => {
    const outsideFile = path.join(work, 'outside.txt');
    await writeFile(outsideFile, 'keep');
    await symlink(outsideFile, path.join(root, 'x.cbz'));
    const source = await download('a.cbz');
    const placing = placement.place({ source, root, target: 'x.cbz', mode: 'copy', replace: true });
    expect(await failure(placing)).toBe('outside-root');
    expect(await readFile(outsideFile, 'utf8')).toBe('keep');
  });

  it('follows a symlinked folder that stays inside the root', async () => {
    await mkdir(path.join(root, 'Real'));
    await symlink(path.join(root, 'Real'), path.join(root, 'Alias'));
    const source = await download('a.cbz');
    const placed = await placement.place({ source, root, target: 'Alias/x.cbz', mode: 'copy' });
    expect(placed.path).toBe(path.join(await import('node:fs/promises').then((f) => f.realpath(root)), 'Real/x.cbz'));
  });

  it('says when the source is gone', async () => {
    const source = path.join(downloads, 'missing.cbz');
    expect(await failure(placement.place({ source, root, target: 'x.cbz', mode: 'move' }))).toBe('source-missing');
  });
});

describe('file placement: across file systems (EXDEV simulated by an injected link and rename)', () => {
  // The downloads folder and the library are two "devices": a link or rename between them fails as across mounts.
  const across = (from: string, to: string): boolean => from.startsWith(downloads) !== to.startsWith(downloads);
  const exdev = (): never => {
    throw Object.assign(new Error('EXDEV: cross-device link not permitted'), { code: 'EXDEV' });
  };
  const acrossDevices: PlacementFs = {
    link: async (from, to) => (across(from, to) ? exdev() : link(from, to)),
    rename: async (from, to) => (across(from, to) ? exdev() : rename(from, to)),
  };

  it('a hardlink falls back to a copy', async () => {
    const source = await download('a.cbz', 'data');
    const placed = await new FilePlacement(acrossDevices).place({ source, root, target: 'x.cbz', mode: 'hardlink' });
    expect(placed.how).toBe('copy');
    expect(await readFile(placed.path, 'utf8')).toBe('data');
    expect((await stat(placed.path)).ino).not.toBe((await stat(source)).ino);
  });

  it('a move copies, flushes, then removes the source', async () => {
    const source = await download('a.cbz', 'data');
    const placed = await new FilePlacement(acrossDevices).place({ source, root, target: 'x.cbz', mode: 'move' });
    expect(placed.how).toBe('copy');
    expect(await readFile(placed.path, 'utf8')).toBe('data');
    expect(await filesUnder(downloads)).toEqual([]);
  });

  it('a move across devices still refuses a taken name (check, then rename, where links cannot be had)', async () => {
    await writeFile(path.join(root, 'x.cbz'), 'owned');
    const source = await download('a.cbz', 'data');
    const placing = new FilePlacement(acrossDevices).place({ source, root, target: 'x.cbz', mode: 'move' });
    expect(await failure(placing)).toBe('target-exists');
    expect(await readFile(path.join(root, 'x.cbz'), 'utf8')).toBe('owned');
    expect(await filesUnder(downloads)).toEqual(['a.cbz']);
  });
});

/**
 * Real file systems: a small tmpfs that fills up mid-copy, a read-only one, and a real EXDEV between tmpfs and the
 * temporary folder. Mounting needs root (CI runs as root); elsewhere these are skipped.
 */
const canMount = (() => {
  if (process.getuid?.() !== 0 || process.platform !== 'linux') return false;
  try {
    execFileSync('mount', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!canMount)('file placement: real full, read-only and other file systems (tmpfs mounts)', () => {
  let mounts: string;
  const mounted: string[] = [];
  async function mountTmpfs(name: string, options: string): Promise<string> {
    const point = path.join(mounts, name);
    await mkdir(point);
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'none', point]);
    mounted.push(point);
    return point;
  }
  beforeAll(async () => {
    mounts = await mkdtemp(path.join(tmpdir(), 'placement-mounts-'));
  });
  afterAll(async () => {
    for (const point of mounted.reverse()) execFileSync('umount', [point]);
    await rm(mounts, { recursive: true, force: true });
  });

  it('a full target file system: a clear error, nothing half-written left, the source kept', async () => {
    const small = await mountTmpfs('full', 'size=256k');
    const source = await download('big.cbz', 'x'.repeat(1024 * 1024));
    const placing = placement.place({ source, root: small, target: 'S/S - T01.cbz', mode: 'move' });
    expect(await failure(placing)).toBe('no-space');
    expect(await filesUnder(small)).toEqual([]);
    expect((await stat(source)).size).toBe(1024 * 1024);
  });

  it('a read-only library: a clear error, nothing written', async () => {
    const readOnly = await mountTmpfs('ro', 'size=256k');
    await mkdir(path.join(readOnly, 'S'));
    execFileSync('mount', ['-o', 'remount,ro', readOnly]);
    const source = await download('a.cbz');
    for (const mode of ['hardlink', 'copy', 'move'] as const) {
      expect(await failure(placement.place({ source, root: readOnly, target: 'S/x.cbz', mode }))).toBe('read-only');
    }
    expect(await filesUnder(readOnly)).toEqual([]);
    expect(await filesUnder(downloads)).toEqual(['a.cbz']);
  });

  it('a real EXDEV: a hardlink becomes a copy, a move a copy then unlink', async () => {
    const other = await mountTmpfs('other', 'size=1m');
    const linked = await placement.place({
      source: await download('a.cbz', 'a'),
      root: other,
      target: 'a.cbz',
      mode: 'hardlink',
    });
    expect(linked.how).toBe('copy');
    const moved = await placement.place({
      source: await download('b.cbz', 'b'),
      root: other,
      target: 'b.cbz',
      mode: 'move',
    });
    expect(moved.how).toBe('copy');
    expect(await filesUnder(other)).toEqual(['a.cbz', 'b.cbz']);
    expect(await filesUnder(downloads)).toEqual(['a.cbz']);
  });
});

describe('file placement: a folder it may not write to (permissions)', () => {
  it.skipIf(process.getuid?.() === 0)('is a read-only error with nothing left', async () => {
    await mkdir(path.join(root, 'S'));
    await chmod(path.join(root, 'S'), 0o555);
    const source = await download('a.cbz');
    expect(await failure(placement.place({ source, root, target: 'S/x.cbz', mode: 'copy' }))).toBe('read-only');
    await chmod(path.join(root, 'S'), 0o755);
    expect(await filesUnder(root)).toEqual([]);
  });
});

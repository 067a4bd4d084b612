import { chmod, mkdir, mkdtemp, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyWalk, walkFolders, walkLibrary, type FoundFile } from './walker.js';

const isBookFile = (name: string) => name.endsWith('.cbz');
let root: string;

async function files(...relatives: string[]): Promise<void> {
  for (const relative of relatives) {
    await mkdir(path.dirname(path.join(root, relative)), { recursive: true });
    await writeFile(path.join(root, relative), 'x');
  }
}

const paths = (found: FoundFile[]) => found.map((file) => file.path).sort();

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'shelfmark-walk-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the walk folder by folder (a first scan reads files as they are found)', () => {
  it("yields each folder's books when it reads it, before reading the next folders", async () => {
    await files('top.cbz', 'A/a1.cbz', 'A/a2.cbz', 'B/b1.cbz');
    const result = emptyWalk();
    const walk = walkFolders(root, new Map(), { full: false, isBookFile }, result);
    const first = await walk.next();
    expect(first.value).toEqual([expect.objectContaining({ path: 'top.cbz', sizeBytes: 1 })]);
    // Added after the root was read: a walk that listed everything first would not see them.
    await files('A/later.cbz', 'B/later.cbz');
    const rest: FoundFile[] = [];
    for await (const folder of walk) rest.push(...folder);
    expect(paths(rest)).toEqual(['A/a1.cbz', 'A/a2.cbz', 'A/later.cbz', 'B/b1.cbz', 'B/later.cbz']);
    // The files are not also collected: the caller holds only what it has not handed on yet.
    expect(result.files).toEqual([]);
    expect([...result.folders.keys()].sort()).toEqual(['', 'A', 'B']);
  });

  it('yields the same files as the listing of the whole library, and each folder once', async () => {
    await files('S1/v1.cbz', 'S1/v2.cbz', 'S1/Extras/e.cbz', 'S2/v1.cbz', 'S2/deep/er/x.cbz', 'loose.cbz');
    const result = emptyWalk();
    const yielded: FoundFile[][] = [];
    for await (const folder of walkFolders(root, new Map(), { full: false, isBookFile }, result)) yielded.push(folder);
    const folders = yielded.map((folder) => path.posix.dirname(folder[0]!.path));
    expect(new Set(folders).size).toBe(folders.length);
    expect(paths(yielded.flat())).toEqual(
      paths((await walkLibrary(root, new Map(), { full: false, isBookFile })).files),
    );
    expect(yielded.every((folder) => folder.length > 0)).toBe(true);
  });

  it('skips hidden and NAS litter, counts the other files that are not books, and follows no symbolic link', async () => {
    await files('S/v1.cbz', 'S/.hidden.cbz', 'S/._v1.cbz', 'S/notes.txt', '@eaDir/S/v1.cbz', '__MACOSX/S/v1.cbz');
    const outside = await mkdtemp(path.join(tmpdir(), 'shelfmark-walk-outside-'));
    try {
      await writeFile(path.join(outside, 'elsewhere.cbz'), 'x');
      await symlink(outside, path.join(root, 'linked-folder'));
      await symlink(path.join(outside, 'elsewhere.cbz'), path.join(root, 'S', 'linked.cbz'));
      const result = emptyWalk();
      const found: FoundFile[] = [];
      for await (const folder of walkFolders(root, new Map(), { full: false, isBookFile }, result))
        found.push(...folder);
      expect(paths(found)).toEqual(['S/v1.cbz']);
      expect(result.ignored).toEqual({ count: 1, examples: ['S/notes.txt'] });
      expect([...result.folders.keys()].sort()).toEqual(['', 'S']);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('records a folder gone between its listing and its reading as unreadable, and goes on', async () => {
    await files('first.cbz', 'Gone/g.cbz', 'Kept/k.cbz');
    const result = emptyWalk();
    const walk = walkFolders(root, new Map(), { full: false, isBookFile }, result);
    expect(paths((await walk.next()).value as FoundFile[])).toEqual(['first.cbz']);
    await rm(path.join(root, 'Gone'), { recursive: true });
    const rest: FoundFile[] = [];
    for await (const folder of walk) rest.push(...folder);
    expect(paths(rest)).toEqual(['Kept/k.cbz']);
    expect([...result.unreadableFolders]).toEqual([['Gone', 'ENOENT']]);
  });

  // Root ignores file permissions, so the folder cannot be made unreadable when the suite runs as root.
  it.skipIf(process.getuid?.() === 0)('records a folder it may not read as unreadable', async () => {
    await files('Locked/l.cbz', 'Open/o.cbz');
    await chmod(path.join(root, 'Locked'), 0o000);
    const result = emptyWalk();
    const found: FoundFile[] = [];
    try {
      for await (const folder of walkFolders(root, new Map(), { full: false, isBookFile }, result))
        found.push(...folder);
    } finally {
      await chmod(path.join(root, 'Locked'), 0o755);
    }
    expect(paths(found)).toEqual(['Open/o.cbz']);
    expect([...result.unreadableFolders]).toEqual([['Locked', 'EACCES']]);
  });

  it('does not read a folder whose mtime is known (unless full), but goes into its known subfolders', async () => {
    await files('Old/o.cbz', 'Old/Sub/s.cbz', 'New/n.cbz');
    const mtime = async (relative: string) => Math.trunc((await stat(path.join(root, relative))).mtimeMs);
    const known = new Map([
      ['', await mtime('')],
      ['Old', await mtime('Old')],
      ['Old/Sub', (await mtime('Old/Sub')) - 1000],
    ]);
    const result = emptyWalk();
    const found: FoundFile[] = [];
    for await (const folder of walkFolders(root, known, { full: false, isBookFile }, result)) found.push(...folder);
    // The root is known and unchanged: New is not a known child, so it is not visited at all.
    expect(paths(found)).toEqual(['Old/Sub/s.cbz']);
    expect([...result.unchangedFolders].sort()).toEqual(['', 'Old']);
    const full: FoundFile[] = [];
    for await (const folder of walkFolders(root, known, { full: true, isBookFile }, emptyWalk())) full.push(...folder);
    expect(paths(full)).toEqual(['New/n.cbz', 'Old/Sub/s.cbz', 'Old/o.cbz']);
  });

  it('reads the folders to re-read whatever their mtime, below unchanged or unknown folders too', async () => {
    await files('Kept/k.cbz', 'Rewritten/r.cbz', 'Deep/Er/d.cbz', 'Deep/other.cbz', '.hidden/Series/h.cbz');
    const mtime = async (relative: string) => Math.trunc((await stat(path.join(root, relative))).mtimeMs);
    // Every folder as the last scan saw it, but Deep/Er, which it did not know (its parent's mtime was put back).
    const known = new Map<string, number>();
    for (const folder of ['', 'Kept', 'Rewritten', 'Deep']) known.set(folder, await mtime(folder));
    const reread = new Set(['Rewritten', 'Deep/Er', 'Gone', '.hidden/Series']);
    const result = emptyWalk();
    const found: FoundFile[] = [];
    for await (const folder of walkFolders(root, known, { full: false, isBookFile, reread }, result))
      found.push(...folder);
    expect(paths(found)).toEqual(['Deep/Er/d.cbz', 'Rewritten/r.cbz']);
    expect([...result.unchangedFolders].sort()).toEqual(['', 'Deep', 'Kept']);
    expect(result.folders.has('Gone')).toBe(false);
    expect(found.every((file) => file.ctimeMs > 0)).toBe(true);
  });

  it('throws when the root is gone, and when cancelled', async () => {
    await files('S/v1.cbz', 'T/v1.cbz');
    const gone = walkFolders(path.join(root, 'missing'), new Map(), { full: false, isBookFile }, emptyWalk());
    await expect(gone.next()).rejects.toMatchObject({ code: 'ENOENT' });
    const controller = new AbortController();
    const walk = walkFolders(root, new Map(), { full: false, isBookFile, signal: controller.signal }, emptyWalk());
    await walk.next();
    controller.abort(new Error('cancelled'));
    await expect(walk.next()).rejects.toThrow('cancelled');
  });
});

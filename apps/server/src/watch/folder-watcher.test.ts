import { writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EVENTS_LOST, FOLDER_MISSING, type WatchReason } from '../domain/watch-reasons.js';
import { watchFolders, WatchUnavailableError, type FolderWatch } from './folder-watcher.js';
import { inotifyWatches } from './kernel-watches.js';

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.runIf(process.platform === 'linux')('the folder watcher', () => {
  let root: string;
  let outside: string;
  let watcher: FolderWatch | undefined;
  let changed: Set<string>;
  let reports: string[][];
  let failures: WatchReason[];
  let baseline: number;

  /** Kernel watches this watcher holds (the process's, less those held before it started). */
  const held = async () => (await inotifyWatches())! - baseline;
  const start = async (options: { maxWatches?: number; overflowEvents?: number } = {}) => {
    watcher = await watchFolders(root, {
      maxWatches: options.maxWatches,
      overflowEvents: options.overflowEvents,
      onChange: (folders) => {
        reports.push(folders);
        folders.forEach((folder) => changed.add(folder));
      },
      onFailure: (reason) => failures.push(reason),
    });
  };
  /** Waits for `folder` to be reported, then forgets what was reported. */
  const reported = async (folder: string) => {
    await until(`a change in "${folder}"`, () => changed.has(folder));
    changed.clear();
  };

  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'shelfmark-folder-watcher-'));
    outside = await mkdtemp(path.join(tmpdir(), 'shelfmark-folder-watcher-outside-'));
    await mkdir(path.join(root, 'Marvel/Spider-Man'), { recursive: true });
    await mkdir(path.join(root, 'Astérix'));
    await writeFile(path.join(root, 'Astérix/Astérix T01.cbz'), 'x');
    await mkdir(path.join(root, '.hidden/inner'), { recursive: true });
    await mkdir(path.join(root, '@eaDir/thumbs'), { recursive: true });
    changed = new Set();
    reports = [];
    failures = [];
    baseline = (await inotifyWatches())!;
  });

  afterEach(async () => {
    await watcher?.close();
    watcher = undefined;
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  });

  it('holds one kernel watch per folder, none for hidden or NAS folders, and none once closed', async () => {
    await start();
    // The root, Marvel, Marvel/Spider-Man, Astérix: not .hidden, @eaDir nor what is below them; no file.
    expect(await held()).toBe(4);
    await writeFile(path.join(root, 'Marvel/Spider-Man/Spider-Man 01.cbz'), 'x');
    await reported('Marvel/Spider-Man');
    await watcher!.close();
    watcher = undefined;
    expect(await held()).toBe(0);
  });

  it('marks nothing for changes under ignored names', async () => {
    await start();
    await writeFile(path.join(root, '.hidden/inner/a.cbz'), 'x');
    await writeFile(path.join(root, '@eaDir/thumbs/a.jpg'), 'x');
    await writeFile(path.join(root, 'Astérix/._Astérix T01.cbz'), 'x');
    await writeFile(path.join(root, 'Astérix/Astérix T02.cbz'), 'x');
    await reported('Astérix');
    expect([...changed]).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('watches a folder created after it started, and the folders made inside it', async () => {
    await start();
    await mkdir(path.join(root, 'Blacksad'));
    await reported('');
    await until('the new folder watched', async () => (await held()) === 5);
    await mkdir(path.join(root, 'Blacksad/Tome 1'));
    await reported('Blacksad');
    await until('its new subfolder watched', async () => (await held()) === 6);
    await writeFile(path.join(root, 'Blacksad/Tome 1/Blacksad 01.cbz'), 'x');
    await reported('Blacksad/Tome 1');
  });

  it('watches a whole tree moved in, and releases one moved out or deleted', async () => {
    await mkdir(path.join(outside, 'Manga/One Piece/Volumes'), { recursive: true });
    await mkdir(path.join(outside, 'Manga/.cache'), { recursive: true });
    await start();
    await rename(path.join(outside, 'Manga'), path.join(root, 'Manga'));
    await reported('');
    await until('the moved-in tree watched', async () => (await held()) === 7);
    await writeFile(path.join(root, 'Manga/One Piece/Volumes/One Piece 01.cbz'), 'x');
    await reported('Manga/One Piece/Volumes');

    await rename(path.join(root, 'Manga'), path.join(outside, 'Manga'));
    await reported('');
    await until('the moved-out tree released', async () => (await held()) === 4);
    await writeFile(path.join(outside, 'Manga/One Piece/Volumes/One Piece 02.cbz'), 'x');

    await rm(path.join(root, 'Marvel'), { recursive: true });
    await reported('');
    await until('the deleted tree released', async () => (await held()) === 2);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Neither the folders gone (their own events) nor what changed in a tree moved out.
    expect([...changed]).toEqual([]);
    expect(failures).toEqual([]);
  });

  it('follows a folder renamed inside the library, and one deleted and made again under its name', async () => {
    await start();
    await rename(path.join(root, 'Marvel'), path.join(root, 'Marvel Comics'));
    await reported('');
    await writeFile(path.join(root, 'Marvel Comics/Spider-Man/Spider-Man 01.cbz'), 'x');
    await reported('Marvel Comics/Spider-Man');
    expect(await held()).toBe(4);

    await rm(path.join(root, 'Astérix'), { recursive: true });
    await mkdir(path.join(root, 'Astérix'));
    await reported('');
    // Its file's deletion and its own both name it: reported once (PostgreSQL's upsert refuses a repeated folder).
    for (const folders of reports) expect(new Set(folders).size).toBe(folders.length);
    await writeFile(path.join(root, 'Astérix/Astérix T01.cbz'), 'x');
    await reported('Astérix');
    expect(await held()).toBe(4);
    expect(failures).toEqual([]);
  });

  it("tells a folder's own deletion from a change of a child of the same name", async () => {
    await writeFile(path.join(root, 'Astérix/Astérix'), 'x');
    await start();
    await rm(path.join(root, 'Astérix/Astérix'));
    await reported('Astérix');
    await rm(path.join(root, 'Astérix'), { recursive: true });
    await reported('');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...changed]).toEqual([]);
  });

  it("does not take a subfolder named as the library's own folder, deleted, for the library folder gone", async () => {
    const named = path.join(root, path.basename(root));
    await mkdir(named);
    await start();
    await rm(named, { recursive: true });
    await reported('');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(failures).toEqual([]);
    // Still watching: a new folder's file is seen.
    await mkdir(path.join(root, 'Blacksad'));
    await reported('');
    await writeFile(path.join(root, 'Blacksad/Blacksad 01.cbz'), 'x');
    await reported('Blacksad');
  });

  it('refuses to start past its budget, and fails when new folders pass it later', async () => {
    await expect(start({ maxWatches: baseline + 3 })).rejects.toThrow(WatchUnavailableError);
    expect(await held()).toBe(0);
    await start({ maxWatches: baseline + 4 });
    await mkdir(path.join(root, 'Blacksad'));
    const reason = await until('a failure', () => failures[0]);
    expect(reason.code).toBe('too_many_folders');
    expect(reason.text).toMatch(/too many folders to watch: raise fs\.inotify\.max_user_watches.*WATCH_MAX_WATCHES/);
    expect(await held()).toBe(0);
  });

  it('fails when the kernel refuses (a missing root) or the library folder goes away', async () => {
    await expect(
      watchFolders(path.join(root, 'missing'), { maxWatches: undefined, onChange: () => {}, onFailure: () => {} }),
    ).rejects.toMatchObject({ reason: FOLDER_MISSING, message: 'the folder is missing (is the drive mounted?)' });
    await start();
    await rename(root, `${root}-moved`);
    try {
      expect(await until('a failure', () => failures[0])).toBe(FOLDER_MISSING);
      expect(await held()).toBe(0);
    } finally {
      await rename(`${root}-moved`, root);
    }
  });

  it('reports lost events when a burst as long as the kernel queue arrives at once', async () => {
    await start({ overflowEvents: 200 });
    // Written while the event loop is blocked: every event is read in one batch afterwards.
    for (let i = 0; i < 40; i++) writeFileSync(path.join(root, `Astérix/burst ${i}.cbz`), 'x');
    await reported('Astérix');
    expect(failures).toEqual([]);
    for (let i = 0; i < 300; i++) writeFileSync(path.join(root, `Astérix/burst ${i}.cbz`), 'xy');
    expect(await until('a failure', () => failures[0])).toBe(EVENTS_LOST);
    expect(await held()).toBe(0);
  });

  it("counts a burst over every library's folders: the kernel queue is the process's", async () => {
    const other: WatchReason[] = [];
    const second = await watchFolders(outside, {
      maxWatches: undefined,
      overflowEvents: 200,
      onChange: () => {},
      onFailure: (reason) => other.push(reason),
    });
    try {
      await start({ overflowEvents: 200 });
      // 120 events in each library, read in one go: neither alone reaches 200, together they do.
      for (let i = 0; i < 120; i++) {
        writeFileSync(path.join(root, `Astérix/burst ${i}.cbz`), 'x');
        writeFileSync(path.join(outside, `burst ${i}.cbz`), 'x');
      }
      expect(await until('a failure', () => failures[0])).toBe(EVENTS_LOST);
      expect(await until('the other library failing', () => other[0])).toBe(EVENTS_LOST);
    } finally {
      await second.close();
    }
  });
});

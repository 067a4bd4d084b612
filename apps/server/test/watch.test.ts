import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BookFile } from '../src/entities/book-file.entity.js';
import { BookPage } from '../src/entities/book-page.entity.js';
import { DirectoryMtime } from '../src/entities/directory-mtime.entity.js';
import { DirtyFolder } from '../src/entities/dirty-folder.entity.js';
import { WatchRepository } from '../src/repositories/watch.repository.js';
import { INSTANCE_ID_FILE } from '../src/watch/instance-id.js';
import { MAX_SCOPED_FOLDERS } from '../src/watch/watch.service.js';
import { apiClient } from './support/http-client.js';
import { waitForJob } from './support/jobs.js';
import { comicBuffer, writeComic } from './support/library-builder.js';
import { expectProblem } from './support/problems.js';
import { BOOTSTRAP_TOKEN, startTestServer } from './support/test-server.js';

const token = BOOTSTRAP_TOKEN;
const QUIET = { WATCH_QUIET_SECONDS: '1', WATCH_MAX_WAIT_SECONDS: '20', WATCH_LEASE_SECONDS: '3' };

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A server, a library scanned once, and the helpers the checks share. */
async function watchedLibrary(env: Record<string, string>, build: (dir: string) => Promise<void>) {
  const server = await startTestServer({ env, thumbnails: false });
  const call = apiClient(server.url);
  const dir = path.join(server.librariesRoot, 'comics');
  await mkdir(dir, { recursive: true });
  await build(dir);
  const created = await call('/libraries', { method: 'POST', token, body: { name: 'Comics', root_path: 'comics' } });
  expect(created.status).toBe(201);
  const id: string = created.body.id;
  const first = await call(`/libraries/${id}/scan`, { method: 'POST', token, body: {} });
  expect((await waitForJob(call, token, first.body.id)).status).toBe('succeeded');
  const fileAt = (relative: string) =>
    server.container.orm.em.fork().findOne(BookFile, { library: id, path: relative }, { populate: ['book'] });
  const scanJobs = async (): Promise<any[]> =>
    (await call('/jobs', { token, query: { type: 'scan', library_id: id, limit: '100' } })).body.items;
  /** Waits for the scans the watcher starts to have settled, and returns the details of those after `before`. */
  const scansAfter = async (before: number): Promise<any[]> => {
    const jobs = await until('a scan started by the watcher', async () => {
      const all = await scanJobs();
      return all.length > before && all.every((job) => !['queued', 'running'].includes(job.status)) && all;
    });
    const newer = jobs.slice(0, jobs.length - before);
    return Promise.all(newer.map(async (job) => (await call(`/jobs/${job.id}`, { token })).body));
  };
  return { server, call, dir, id, fileAt, scanJobs, scansAfter };
}

describe('a watched library', () => {
  let ctx: Awaited<ReturnType<typeof watchedLibrary>>;
  let outside: string;

  beforeAll(async () => {
    outside = await mkdtemp(path.join(tmpdir(), 'shelfmark-watch-outside-'));
    ctx = await watchedLibrary(QUIET, async (dir) => {
      // Different contents: a moved file is recognised by its content.
      await writeComic(dir, 'Astérix/Astérix T01.cbz', { comicInfo: { Title: 'Astérix le Gaulois' } });
      await writeComic(dir, 'Blacksad/Blacksad T01.cbz', { comicInfo: { Title: 'Quelque part entre les ombres' } });
      await writeComic(dir, 'Mix/A_b/kept 1.cbz');
      await writeComic(dir, 'Mix/AXb/kept 2.cbz');
      await writeComic(dir, 'Mix/a_b/kept 3.cbz');
      await writeComic(dir, 'Mix/A_bc/kept 4.cbz');
      await writeComic(dir, 'Mix/A%b/kept 5.cbz');
      await writeComic(dir, 'Mix/A_b%/kept 6.cbz');
    });
    await until('events mode', async () => {
      const library = await ctx.call(`/libraries/${ctx.id}`, { token });
      return library.body.watch_mode === 'events' && library.body;
    });
  });

  afterAll(async () => {
    await ctx?.server.close();
    await rm(outside, { recursive: true, force: true });
  });

  it('reports that it is watched by events, and why not when it is not', async () => {
    const library = (await ctx.call(`/libraries/${ctx.id}`, { token })).body;
    expect(library).toMatchObject({ watch: 'auto', watch_mode: 'events', watch_reason: null, watch_reason_code: null });
    expect(ctx.server.responseFailures).toEqual([]);
  });

  it('turns a file copied in into a book, with a scan of only its folder', async () => {
    const before = (await ctx.scanJobs()).length;
    const copiedAt = Date.now();
    await writeComic(outside, 'Astérix T02.cbz');
    await cp(path.join(outside, 'Astérix T02.cbz'), path.join(ctx.dir, 'Astérix/Astérix T02.cbz'));
    const file = await until('the new book', () => ctx.fileAt('Astérix/Astérix T02.cbz').then((f) => f ?? undefined));
    // Quiet time (1 s) plus a tick and the scan: not the next scheduled scan.
    expect(Date.now() - copiedAt).toBeLessThan(15_000);
    expect(file.book.title).toBeTruthy();
    const [scan] = await ctx.scansAfter(before);
    expect(scan.params).toEqual({ mode: 'incremental', folders: ['Astérix'] });
    expect(scan.report).toMatchObject({ added: 1, removed: 0, folders_read: 1 });
  });

  it('scans a folder of 500 files copied in once', async () => {
    const before = (await ctx.scanJobs()).length;
    const source = path.join(outside, 'Big Series');
    for (let i = 1; i <= 500; i++) await writeComic(source, `Big Series ${String(i).padStart(3, '0')}.cbz`);
    await cp(source, path.join(ctx.dir, 'Big Series'), { recursive: true });
    await until(
      '500 new books',
      async () => {
        const count = await ctx.server.container.orm.em
          .fork()
          .count(BookFile, { library: ctx.id, path: { $like: 'Big Series/%' } });
        return count === 500;
      },
      60_000,
    );
    // Another quiet time goes by: no second scan follows.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const scans = await ctx.scansAfter(before);
    expect(scans).toHaveLength(1);
    expect(scans[0].report.added).toBe(500);
  }, 90_000);

  it('keeps the book (id and reading progress) of a file renamed, and of one moved to another folder', async () => {
    const original = (await ctx.fileAt('Blacksad/Blacksad T01.cbz'))!;
    const progress = await ctx.call(`/books/${original.book.id}/progress`, {
      method: 'PUT',
      token,
      body: { status: 'reading', current_page: 2 },
    });
    expect(progress.status).toBe(200);
    const before = (await ctx.scanJobs()).length;
    await rename(path.join(ctx.dir, 'Blacksad/Blacksad T01.cbz'), path.join(ctx.dir, 'Blacksad/Blacksad 01.cbz'));
    await mkdir(path.join(ctx.dir, 'Noir'));
    await rename(path.join(ctx.dir, 'Astérix/Astérix T01.cbz'), path.join(ctx.dir, 'Noir/Astérix T01.cbz'));
    const renamed = await until('the renamed file', () =>
      ctx.fileAt('Blacksad/Blacksad 01.cbz').then((f) => f ?? undefined),
    );
    expect(renamed.book.id).toBe(original.book.id);
    const moved = await until('the moved file', () => ctx.fileAt('Noir/Astérix T01.cbz').then((f) => f ?? undefined));
    const scans = await ctx.scansAfter(before);
    expect(scans.reduce((sum, scan) => sum + scan.report.moved, 0)).toBe(2);
    expect(scans.reduce((sum, scan) => sum + scan.report.added + scan.report.removed, 0)).toBe(0);
    expect(moved.book.title).toBeTruthy();
    const kept = await ctx.call(`/books/${original.book.id}`, { token });
    expect(kept.body).toMatchObject({ reading_status: 'reading', current_page: 2 });
  });

  it('loses nothing when a folder is deleted and restored within the quiet time', async () => {
    const file = (await ctx.fileAt('Astérix/Astérix T02.cbz'))!;
    const before = (await ctx.scanJobs()).length;
    await cp(path.join(ctx.dir, 'Astérix'), path.join(outside, 'Astérix backup'), { recursive: true });
    await rm(path.join(ctx.dir, 'Astérix'), { recursive: true });
    await cp(path.join(outside, 'Astérix backup'), path.join(ctx.dir, 'Astérix'), { recursive: true });
    const scans = await ctx.scansAfter(before);
    expect(scans.reduce((sum, scan) => sum + scan.report.removed, 0)).toBe(0);
    expect((await ctx.fileAt('Astérix/Astérix T02.cbz'))!.book.id).toBe(file.book.id);
  });

  it('removes the books of a vanished folder, matching its name exactly (case, % and _)', async () => {
    const before = (await ctx.scanJobs()).length;
    await rm(path.join(ctx.dir, 'Mix/A_b'), { recursive: true });
    const [scan] = await ctx.scansAfter(before);
    expect(scan.params.folders).toContain('Mix');
    expect(scan.report.removed).toBe(1);
    expect(await ctx.fileAt('Mix/A_b/kept 1.cbz')).toBeNull();
    for (const kept of ['Mix/AXb/kept 2.cbz', 'Mix/a_b/kept 3.cbz', 'Mix/A_bc/kept 4.cbz', 'Mix/A%b/kept 5.cbz']) {
      expect(await ctx.fileAt(kept), kept).not.toBeNull();
    }
    expect(await ctx.fileAt('Mix/A_b%/kept 6.cbz')).not.toBeNull();
    const folders = (await ctx.server.container.orm.em.fork().find(DirectoryMtime, { library: ctx.id }))
      .map((row) => row.path)
      .filter((folder) => folder.startsWith('Mix'))
      .sort();
    expect(folders).toEqual(['Mix', 'Mix/A%b', 'Mix/AXb', 'Mix/A_b%', 'Mix/A_bc', 'Mix/a_b'].sort());
  });

  it('deletes nothing when the library folder empties (an unmounted share), in a scoped scan too', async () => {
    const count = await ctx.server.container.orm.em.fork().count(BookFile, { library: ctx.id });
    const before = (await ctx.scanJobs()).length;
    const away = path.join(outside, 'comics away');
    await mkdir(away);
    const children = await readdir(ctx.dir);
    for (const child of children) await rename(path.join(ctx.dir, child), path.join(away, child));
    const scans = await ctx.scansAfter(before);
    expect(scans.map((scan) => scan.params.folders)).toEqual([['']]);
    expect(scans[0].status).toBe('failed');
    expect(scans[0].error).toMatch(/looks empty/);
    expect(await ctx.server.container.orm.em.fork().count(BookFile, { library: ctx.id })).toBe(count);

    const back = (await ctx.scanJobs()).length;
    for (const child of children) await rename(path.join(away, child), path.join(ctx.dir, child));
    const [restored] = await ctx.scansAfter(back);
    expect(restored.report).toMatchObject({ added: 0, removed: 0 });
    expect(await ctx.server.container.orm.em.fork().count(BookFile, { library: ctx.id })).toBe(count);
  });

  it('refuses a watch setting it does not know, naming the field, and can be turned off', async () => {
    const bad = await ctx.call('/libraries', {
      method: 'POST',
      token,
      body: { name: 'X', root_path: 'comics', watch: 'sometimes' },
    });
    expectProblem(bad, 400);
    expect(JSON.stringify(bad.body.errors)).toContain('/body/watch');
    const badPatch = await ctx.call(`/libraries/${ctx.id}`, { method: 'PATCH', token, body: { watch: 'never' } });
    expectProblem(badPatch, 400);
    expect(JSON.stringify(badPatch.body.errors)).toContain('/body/watch');
    const off = await ctx.call(`/libraries/${ctx.id}`, { method: 'PATCH', token, body: { watch: 'off' } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ watch: 'off', watch_mode: 'off' });
    expect(off.body.watch_reason).toMatch(/off/);
    expect(off.body.watch_reason_code).toBe('watching_off');
    await ctx.call(`/libraries/${ctx.id}`, { method: 'PATCH', token, body: { watch: 'polling' } });
    const polled = await until('polling as chosen', async () => {
      const library = (await ctx.call(`/libraries/${ctx.id}`, { token })).body;
      return library.watch_mode === 'polling' && library;
    });
    expect(polled).toMatchObject({
      watch_reason: 'polling was chosen for this library',
      watch_reason_code: 'polling_chosen',
    });
    const back = await ctx.call(`/libraries/${ctx.id}`, { method: 'PATCH', token, body: { watch: 'auto' } });
    expect(back.body.watch).toBe('auto');
    await until('events again', async () => {
      const library = await ctx.call(`/libraries/${ctx.id}`, { token });
      return library.body.watch_mode === 'events';
    });
    expect(ctx.server.responseFailures).toEqual([]);
  });
});

describe('a library that cannot be watched by events', () => {
  it('goes to polling when its folders outgrow the budget while watched, and catches up with one scan', async () => {
    // The root and two folders: three kernel watches, as many as this worker may hold.
    const ctx = await watchedLibrary({ ...QUIET, WATCH_MAX_WATCHES: '3', WATCH_POLL_MINUTES: '0.05' }, async (dir) => {
      await writeComic(dir, 'One/One 01.cbz');
      await writeComic(dir, 'Two/Two 01.cbz');
    });
    try {
      await until('events mode', async () => {
        const body = (await ctx.call(`/libraries/${ctx.id}`, { token })).body;
        return body.watch_mode === 'events' && body;
      });
      await writeComic(ctx.dir, 'Three/Three 01.cbz');
      const library = await until('polling mode', async () => {
        const body = (await ctx.call(`/libraries/${ctx.id}`, { token })).body;
        return body.watch_mode === 'polling' && body;
      });
      expect(library.watch_reason).toMatch(/too many folders to watch.*WATCH_MAX_WATCHES/);
      expect(library.watch_reason_code).toBe('too_many_folders');
      const file = await until('the book of the folder that passed the budget', () =>
        ctx.fileAt('Three/Three 01.cbz').then((f) => f ?? undefined),
      );
      expect(file).toBeTruthy();
    } finally {
      await ctx.server.close();
    }
  });

  it('says its folder is gone without failing scans, and is watched by events again once it returns', async () => {
    const ctx = await watchedLibrary({ ...QUIET, WATCH_POLL_MINUTES: '0.02' }, async (dir) => {
      await writeComic(dir, 'One/One 01.cbz');
    });
    const library = async () => (await ctx.call(`/libraries/${ctx.id}`, { token })).body;
    try {
      await until('events mode', async () => (await library()).watch_mode === 'events');
      await rename(ctx.dir, `${ctx.dir}-unmounted`);
      const gone = await until('the folder said gone', async () => {
        const body = await library();
        return body.watch_mode === 'polling' && body.watch_reason_code === 'root_unavailable' && body;
      });
      expect(gone.watch_reason).toMatch(/missing or unreadable/);
      // Several polling rounds (one every 1.2 s): none starts a scan that can only fail.
      await new Promise((resolve) => setTimeout(resolve, 4000));
      expect((await ctx.scanJobs()).filter((job) => job.status === 'failed')).toEqual([]);

      await rename(`${ctx.dir}-unmounted`, ctx.dir);
      const back = await until('events again', async () => {
        const body = await library();
        return body.watch_mode === 'events' && body;
      });
      expect(back).toMatchObject({ watch_reason: null, watch_reason_code: null });
      await writeComic(ctx.dir, 'Two/Two 01.cbz');
      const file = await until('the new book, found by events', () =>
        ctx.fileAt('Two/Two 01.cbz').then((f) => f ?? undefined),
      );
      expect(file).toBeTruthy();
      expect((await ctx.scanJobs()).filter((job) => job.status === 'failed')).toEqual([]);
    } finally {
      await ctx.server.close();
    }
  });

  it('falls back to polling, says why, and still picks new files up', async () => {
    // Three folders need three kernel watches; this worker may hold two (the limit a real kernel would impose).
    const ctx = await watchedLibrary({ ...QUIET, WATCH_MAX_WATCHES: '2', WATCH_POLL_MINUTES: '0.02' }, async (dir) => {
      await writeComic(dir, 'One/One 01.cbz');
      await writeComic(dir, 'Two/Two 01.cbz');
    });
    try {
      const library = await until('polling mode', async () => {
        const body = (await ctx.call(`/libraries/${ctx.id}`, { token })).body;
        return body.watch_mode === 'polling' && body;
      });
      expect(library.watch_reason).toMatch(/too many folders to watch: raise fs\.inotify\.max_user_watches/);
      expect(library.watch_reason_code).toBe('too_many_folders');
      await writeComic(ctx.dir, 'Two/Two 02.cbz');
      const file = await until('the new book, found by polling', () =>
        ctx.fileAt('Two/Two 02.cbz').then((f) => f ?? undefined),
      );
      expect(file).toBeTruthy();
      const warnings = ctx.server.logs.filter((line) => line.includes('is polled'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('max_user_watches');
    } finally {
      await ctx.server.close();
    }
  });
});

/**
 * Rewrites a file in place, as `cp new.cbz Series/Book.cbz` does (same inode, truncated and written): its folder's
 * mtime does not move. With `keepTimes`, its mtime is put back too, as `cp -p`, `rsync -t` and some taggers do.
 */
async function overwriteInPlace(file: string, content: Buffer, keepTimes = false): Promise<void> {
  const before = await stat(file);
  await writeFile(file, content);
  // In seconds with their fraction: a Date rounds to the millisecond, which may move the mtime the scan compares.
  if (keepTimes) await utimes(file, before.atimeMs / 1000, before.mtimeMs / 1000);
}

describe('a book rewritten in place (same name, new content)', () => {
  let ctx: Awaited<ReturnType<typeof watchedLibrary>>;
  const rewritten = 'Rewritten/Rewritten T01.cbz';
  const tagged = 'Tagged/Tagged T01.cbz';
  const many = (i: number) => `Many/F${String(i).padStart(4, '0')}`;
  const marks = () => ctx.server.container.orm.em.fork().find(DirtyFolder, { library: ctx.id });
  const mtimeOf = async (relative: string) => (await stat(path.join(ctx.dir, relative))).mtimeMs;

  beforeAll(async () => {
    // Quiet for 5 s: a scan of the whole library started by hand goes before the changed folders' own scan.
    ctx = await watchedLibrary({ ...QUIET, WATCH_QUIET_SECONDS: '5' }, async (dir) => {
      await writeComic(dir, rewritten, { pages: 5, comicInfo: { Title: 'The first edition' } });
      await writeComic(dir, tagged, { pages: 3, comicInfo: { Title: 'Before tagging' } });
      // A whole second: the times put back after the rewrite are then exactly these, whatever the float arithmetic.
      const whole = Math.floor(Date.now() / 1000) - 60;
      await utimes(path.join(dir, tagged), whole, whole);
      for (let i = 0; i <= MAX_SCOPED_FOLDERS; i++) await mkdir(path.join(dir, many(i)), { recursive: true });
    });
    await until('events mode', async () => {
      const library = await ctx.call(`/libraries/${ctx.id}`, { token });
      return library.body.watch_mode === 'events';
    });
  });
  afterAll(() => ctx?.server.close());

  it('is read again by a scan of the whole library that runs first: its title, page count and pages', async () => {
    const book = (await ctx.fileAt(rewritten))!.book.id;
    const taggedBook = (await ctx.fileAt(tagged))!.book.id;
    // The pages are measured and kept; those of the version replaced must not be served.
    expect((await ctx.call(`/books/${book}/pages`, { token })).body.items).toHaveLength(5);
    expect((await ctx.call(`/books/${taggedBook}/pages`, { token })).body.items).toHaveLength(3);
    const folders = [await mtimeOf('Rewritten'), await mtimeOf('Tagged')];
    const taggedBefore = await stat(path.join(ctx.dir, tagged));

    await overwriteInPlace(
      path.join(ctx.dir, rewritten),
      await comicBuffer({ pages: 2, comicInfo: { Title: 'The second edition' } }),
    );
    // Size and mtime kept: only the content (and the ctime, which no program sets) changed.
    await overwriteInPlace(
      path.join(ctx.dir, tagged),
      await comicBuffer({ pages: 3, comicInfo: { Title: 'After tagging!' } }),
      true,
    );
    const taggedAfter = await stat(path.join(ctx.dir, tagged));
    // The scan compares whole milliseconds.
    const seen = (info: typeof taggedBefore) => [info.size, Math.trunc(info.mtimeMs)];
    expect(seen(taggedAfter)).toEqual(seen(taggedBefore));
    expect([await mtimeOf('Rewritten'), await mtimeOf('Tagged')]).toEqual(folders);
    await until('both folders marked', async () => {
      const marked = new Set((await marks()).map((mark) => mark.path));
      return marked.has('Rewritten') && marked.has('Tagged');
    });
    // A mark made after the scan starts (a change while it runs) is for the next scan, even in a folder it reads.
    const later = Date.now() + 600_000;
    await new WatchRepository(ctx.server.container.orm.em.fork()).markDirty(ctx.id, [many(0)], later);

    const started = await ctx.call(`/libraries/${ctx.id}/scan`, { method: 'POST', token, body: {} });
    expect(started.status).toBe(202);
    const job = await waitForJob(ctx.call, token, started.body.id);
    expect(job.params).toEqual({ mode: 'incremental' });
    expect(job.report).toMatchObject({ updated: 2, added: 0, removed: 0 });

    // The measured pages of the version read before are dropped, even where the size and mtime did not change.
    const taggedFile = (await ctx.fileAt(tagged))!.id;
    expect(await ctx.server.container.orm.em.fork().count(BookPage, { bookFile: taggedFile })).toBe(0);
    const after = (await ctx.call(`/books/${book}`, { token })).body;
    expect(after).toMatchObject({ title: 'The second edition', page_count: 2 });
    expect((await ctx.call(`/books/${book}/pages`, { token })).body.items).toHaveLength(2);
    expect((await ctx.call(`/books/${book}/pages/2`, { token })).status).toBe(200);
    expectProblem(await ctx.call(`/books/${book}/pages/3`, { token }), 404);
    expect((await ctx.call(`/books/${taggedBook}`, { token })).body.title).toBe('After tagging!');

    // Every mark made before the scan started was read and cleared; the later one stays.
    const left = await marks();
    expect(left.filter((mark) => mark.markedAtMs < Date.parse(job.started_at))).toEqual([]);
    expect(left.find((mark) => mark.path === many(0))?.markedAtMs).toBe(later);
    await ctx.server.container.orm.em.fork().nativeDelete(DirtyFolder, { library: ctx.id, path: many(0) });
  });

  it('is read again when more than 1,000 folders changed and one scan of the whole library replaces their own', async () => {
    const book = (await ctx.fileAt(rewritten))!.book.id;
    const before = (await ctx.scanJobs()).length;
    const folder = await mtimeOf('Rewritten');
    await overwriteInPlace(
      path.join(ctx.dir, rewritten),
      await comicBuffer({ pages: 4, comicInfo: { Title: 'The third edition' } }),
    );
    for (let i = 0; i <= MAX_SCOPED_FOLDERS; i++) await writeFile(path.join(ctx.dir, many(i), 'notes.txt'), 'x');
    expect(await mtimeOf('Rewritten')).toBe(folder);

    const scans = await ctx.scansAfter(before);
    expect(scans.map((scan) => scan.params)).toEqual([{ mode: 'incremental' }]);
    expect(scans[0].report).toMatchObject({ updated: 1, added: 0, removed: 0 });
    expect((await ctx.call(`/books/${book}`, { token })).body).toMatchObject({
      title: 'The third edition',
      page_count: 4,
    });
    expectProblem(await ctx.call(`/books/${book}/pages/5`, { token }), 404);
    expect((await marks()).filter((mark) => mark.markedAtMs < Date.parse(scans[0].started_at))).toEqual([]);
  }, 60_000);

  it("gives a live lease to a process of the same data directory (its restart), never to another's", async () => {
    const leases = new WatchRepository(ctx.server.container.orm.em.fork());
    const instance = (await readFile(path.join(ctx.server.dataDir, INSTANCE_ID_FILE), 'utf8')).trim();
    const live = (await leases.leases([ctx.id])).get(ctx.id)!;
    expect(live).toMatchObject({ mode: 'events' });
    expect(live.holder.startsWith(`${instance}:`)).toBe(true);
    const now = Date.now();
    const stranger = 'another-instance:host:1:0';
    expect(await leases.acquire(ctx.id, stranger, now, now + 30_000, 'another-instance:')).toBeNull();
    const successor = `${instance}:host:1:0`;
    expect(await leases.acquire(ctx.id, successor, now, now + 30_000, `${instance}:`)).toBe('off');
    // Until the successor says how it watches, nobody is known to: not the mode its predecessor wrote.
    expect((await leases.leases([ctx.id])).get(ctx.id)).toMatchObject({ holder: successor, mode: 'off', reason: null });
    expect(await leases.acquire(ctx.id, stranger, now, now + 30_000, 'another-instance:')).toBeNull();
    // Given back, the server's own process takes it again at its next renewal.
    await leases.release(ctx.id, successor);
    await until('watched again', async () => {
      const library = await ctx.call(`/libraries/${ctx.id}`, { token });
      return library.body.watch_mode === 'events';
    });
  });
});

import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Orm } from '../database/orm.js';
import { withContext } from '../database/request-context.js';
import { importReadiness, isPartialName, type EntrySnapshot, type FileState } from '../domain/import-readiness.js';
import { ignoredName } from '../indexer/ignored-names.js';
import { formatFromExtension } from '../indexer/formats/index.js';
import type { Logger } from '../logger.js';
import type { WatchRepository } from '../repositories/watch.repository.js';
import type { ImportFolder, ImportFolders } from '../services/import-folders.js';
import type { ImportService, ImportSubmission } from '../services/import.service.js';
import { mapAtOnce } from '../services/at-once.js';
import type { SettingsService } from '../services/settings.service.js';
import { leaseHolder } from './lease-holder.js';
import { isImageName, packImages } from './pack-images.js';

/** The most files one entry (a folder) may hold before it is left alone: a whole tree is no download. */
const MAX_ENTRY_FILES = 5000;
/** Snapshots kept per entry: enough to see it still since the quiet time began. */
const KEPT_SNAPSHOTS = 64;
/** Ready entries of one pass read (and folders of images packed) at once. */
const OFFERS_AT_ONCE = 4;

/** The lease each import folder is read under (ADR 13): one process at a time, as for a library's watch. */
export interface ImportFolderLeasing {
  repository: WatchRepository;
  /** WATCH_LEASE_SECONDS: how long a holder that died keeps its folders. */
  leaseMs: number;
  /** The installation's instance id (watch/instance-id.ts): a restarted process takes its predecessor's leases. */
  instanceId?: string;
}

interface Tracked {
  snapshots: EntrySnapshot[];
  isFolder: boolean;
}

/**
 * Watches the import folders (issue 37) by polling: each pass lists every import folder's entries (a file, or a
 * folder a download client made) and notes their files' names, sizes and mtimes. An entry ready by
 * domain/import-readiness.ts (still for IMPORT_QUIET_MS, no partial name left) is handed to the import once: its
 * book files, or its images packed into one CBZ. Polling is what readiness needs anyway (it compares snapshots, and
 * events say nothing about a file's last write), so it is also what a folder on a network share gets.
 *
 * An import folder that vanishes (an unmounted share) is skipped with a warning until it returns; its entries are
 * forgotten so they are seen whole again.
 *
 * With several worker processes on one database, each import folder is read by one of them at a time, the holder
 * of its lease (taken or renewed at each pass, and again just before arrivals are handed over), as a library is
 * watched by one (ADR 13): otherwise two processes would see the same arrival ready and both import it. A holder
 * that dies keeps its folders until the lease expires; a clean stop gives them back at once. The entries already
 * imported (`knownOrigins`) stay a second guard.
 */
export class ImportFolderWatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;
  private readonly tracked = new Map<string, Tracked>();
  /**
   * Entries the import knows already (queued, imported or ignored, by this process or another): never offered again
   * (entries are never deleted), so no longer read at each pass. A download client seeding keeps its files in the
   * folder: without this, every pass would look at each of them again. Forgotten once gone from the folder.
   */
  private readonly offered = new Set<string>();
  private readonly warned = new Set<string>();
  private last: Promise<void> = Promise.resolve();
  private readonly holder: string;
  /** Cleared after the first pass, as the library watcher does: see WatchService. */
  private predecessor: string | undefined;
  /** The import folders (absolute) whose lease this process holds. */
  private readonly holding = new Set<string>();

  constructor(
    private readonly orm: Orm,
    private readonly settings: SettingsService,
    private readonly folders: ImportFolders,
    private readonly imports: ImportService,
    private readonly quietMs: number,
    private readonly logger: Logger,
    private readonly leasing: ImportFolderLeasing,
  ) {
    ({ holder: this.holder, predecessor: this.predecessor } = leaseHolder(leasing.instanceId));
  }

  /** This process's name on the import folders' leases. */
  get holderName(): string {
    return this.holder;
  }

  /**
   * How often the folders are read: a quarter of the quiet time, between 100 ms and 5 s, and at least three
   * times a lease, which each pass renews.
   */
  get intervalMs(): number {
    return Math.min(5000, Math.round(this.leasing.leaseMs / 3), Math.max(100, Math.round(this.quietMs / 4)));
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = () => {
      this.running = this.pass()
        .catch((error: unknown) => this.logger.warn({ err: error }, 'import folders pass failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.intervalMs);
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    await this.last;
    for (const folder of [...this.holding]) await this.release(folder);
  }

  /** One look at every import folder, after the one under way (tests step it too): an entry is offered once. */
  pass(): Promise<void> {
    const next = this.last.then(() => this.look());
    this.last = next.catch(() => undefined);
    return next;
  }

  private async look(): Promise<void> {
    await withContext(this.orm, async () => {
      const given = await this.settings.importFolders();
      const { folders, issues } = given.length === 0 ? { folders: [], issues: [] } : await this.folders.check(given);
      for (const issue of issues) this.warnOnce(issue.path, `an import folder is skipped: it ${issue.message}`);
      const seen = new Set<string>();
      const current = new Set(folders.map((folder) => folder.absolute));
      for (const folder of [...this.holding]) if (!current.has(folder)) await this.release(folder);
      for (const folder of folders) {
        if (!(await this.hold(folder))) continue;
        const entries = await readdir(folder.absolute, { withFileTypes: true }).catch(() => null);
        if (entries === null) {
          this.warnOnce(folder.absolute, `import folder "${folder.given}" is skipped: it cannot be read`);
          continue;
        }
        this.warned.delete(folder.absolute);
        const now = Date.now();
        const ready: string[] = [];
        for (const entry of entries) {
          if (ignoredName(entry.name) || entry.isSymbolicLink()) continue;
          const absolute = path.join(folder.absolute, entry.name);
          // A folder still named as a client's work in progress (`_UNPACK_…`): its files' own paths do not say so.
          if (isPartialName(entry.name)) continue;
          seen.add(absolute);
          if (this.offered.has(absolute)) continue;
          const files = await listFiles(absolute, entry.isDirectory());
          if (files === null) continue;
          const tracked = this.tracked.get(absolute) ?? { snapshots: [], isFolder: entry.isDirectory() };
          tracked.snapshots.push({ takenAt: now, files });
          if (tracked.snapshots.length > KEPT_SNAPSHOTS) tracked.snapshots.shift();
          this.tracked.set(absolute, tracked);
          const readiness = importReadiness(tracked.snapshots, this.quietMs, takes(tracked.isFolder));
          if (readiness.ready) ready.push(absolute);
        }
        // Renewed before handing over: a pass slower than the lease must not import what a successor reads too.
        if (ready.length === 0 || !(await this.hold(folder))) continue;
        const known = await this.imports.knownOrigins(ready);
        for (const absolute of known) {
          this.offered.add(absolute);
          this.tracked.delete(absolute);
        }
        // Every arrival of the pass is taken together (matched, queued, placed), then one scan indexes them all.
        const fresh = ready.filter((absolute) => !known.has(absolute));
        const offers = await mapAtOnce(fresh, OFFERS_AT_ONCE, (absolute) =>
          this.offer(absolute).catch((error: unknown) => {
            this.logger.warn({ err: error, entry: path.basename(absolute) }, 'an arrival could not be imported');
            return [];
          }),
        );
        await this.imports.holdingScans(() => this.imports.receiveAll(offers.flat()));
      }
      for (const key of [...this.tracked.keys()]) if (!seen.has(key)) this.tracked.delete(key);
      for (const key of [...this.offered]) if (!seen.has(key)) this.offered.delete(key);
      this.predecessor = undefined;
    });
  }

  /** Takes or renews the folder's lease; says when it was taken or lost. */
  private async hold(folder: ImportFolder): Promise<boolean> {
    const now = Date.now();
    const held = await this.leasing.repository.acquireImportFolder(
      folder.absolute,
      this.holder,
      now,
      now + this.leasing.leaseMs,
      this.predecessor,
    );
    if (held && !this.holding.has(folder.absolute)) {
      this.holding.add(folder.absolute);
      this.logger.info({ folder: folder.given }, 'import folder watched');
    } else if (!held && this.holding.delete(folder.absolute)) {
      this.logger.info({ folder: folder.given }, 'import folder lease lost to another process');
    }
    return held;
  }

  private async release(folder: string): Promise<void> {
    this.holding.delete(folder);
    await withContext(this.orm, () => this.leasing.repository.releaseImportFolder(folder, this.holder)).catch(
      (error: unknown) => this.logger.warn({ err: error }, 'import folder lease could not be released'),
    );
  }

  /** What one ready entry hands to the import: its book files, or its images packed into a CBZ named after it. */
  private async offer(absolute: string): Promise<ImportSubmission[]> {
    const tracked = this.tracked.get(absolute)!;
    const files = tracked.snapshots.at(-1)!.files;
    const name = path.basename(absolute);
    if (!tracked.isFolder) return [{ path: absolute, originalName: name, source: 'folder', origin: absolute }];
    const books = files.filter((file) => formatFromExtension(file.path) !== null);
    if (books.length > 0) {
      return books.map((book) => ({
        path: path.join(absolute, ...book.path.split('/')),
        originalName: path.posix.basename(book.path),
        source: 'folder',
        folderName: name,
        origin: absolute,
      }));
    }
    const images = files.filter((file) => isImageName(file.path)).map((file) => file.path);
    const holding = await this.imports.holdingFolder();
    const packed = path.join(holding, `${name}.cbz`);
    await packImages(absolute, images, packed);
    return [{ path: packed, originalName: `${name}.cbz`, source: 'folder', origin: absolute }];
  }

  private warnOnce(key: string, message: string): void {
    if (this.warned.has(key)) return;
    this.warned.add(key);
    this.logger.warn(message);
  }
}

/** A file entry must be a book; a folder may hold books, or images only (packed into a CBZ). */
function takes(isFolder: boolean): (file: string) => boolean {
  return (file) => formatFromExtension(file) !== null || (isFolder && isImageName(file));
}

/** The entry's files (relative, `/`-separated) with sizes and mtimes; null when it cannot be read or is too big. */
async function listFiles(absolute: string, isFolder: boolean): Promise<FileState[] | null> {
  if (!isFolder) {
    const info = await lstat(absolute).catch(() => null);
    if (info === null || !info.isFile()) return null;
    return [{ path: path.basename(absolute), size: info.size, mtimeMs: info.mtimeMs }];
  }
  const files: FileState[] = [];
  const walk = async (folder: string, prefix: string): Promise<boolean> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => null);
    if (entries === null) return false;
    for (const entry of entries) {
      // A hidden name may be a client's partial file: it counts for readiness, never as a book.
      const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!(await walk(full, relative))) return false;
      } else if (entry.isFile()) {
        const info = await lstat(full).catch(() => null);
        if (info === null) return false;
        files.push({ path: relative, size: info.size, mtimeMs: info.mtimeMs });
        if (files.length > MAX_ENTRY_FILES) return false;
      }
    }
    return true;
  };
  return (await walk(absolute, '')) ? files : null;
}

import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import path from 'node:path';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import { matchImport, nameKeys, type ArrivingFile, type MatchResult } from '../domain/import-matching.js';
import { safeSegment, targetPath, type NamingBook } from '../domain/naming-template.js';
import { ImportEntry, type ImportSource, type ImportSuggestion } from '../entities/import-entry.entity.js';
import { ImportRecord } from '../entities/import-record.entity.js';
import { parseFileName } from '../indexer/filename-parser.js';
import type { BookReader } from '../indexer/book-reader.js';
import { formatFromExtension } from '../indexer/formats/index.js';
import type { EmbeddedMetadata } from '../indexer/formats/types.js';
import type { Logger } from '../logger.js';
import type { ImportRepository, ImportTarget } from '../repositories/import.repository.js';
import type { WatchRepository } from '../repositories/watch.repository.js';
import { FilePlacement, PlacementError, type PlacementMode } from './file-placement.js';
import type { JobService } from './job.service.js';
import type { LibrariesRoot } from './libraries-root.js';

export interface ImportSubmission {
  /** Absolute path of a file already staged (an upload under DATA_DIR/uploads, or a file an import folder made). */
  path: string;
  /** The name the file arrived with: what matching reads (never a path: only its last segment is kept). */
  originalName: string;
  source: ImportSource;
  /** Dropped on a series: that series is the match, exact. */
  seriesId?: string;
  /** Dropped on a library: only its series are suggested first (the match is still by name). */
  libraryId?: string;
  userId?: string;
  /** A folder entry: the name of the folder it came in (a release name). */
  folderName?: string | null;
  /** A folder entry: the import folder's entry it came from (the watcher offers each once). */
  origin?: string;
}

export interface ImportChoice {
  seriesId: string;
  volume: number;
  /** Replace the file the book has now (an upgrade): the book keeps its id, progress and locks. */
  replace?: boolean;
  userId?: string;
}

/** Why placing failed, as recorded on the entry (openapi.yaml `ImportFailure`). */
export type ImportFailure =
  PlacementError['code'] | 'duplicate' | 'import-off' | 'series-missing' | 'number-missing' | 'format-changed';

class ImportRefused extends Error {
  constructor(
    readonly code: ImportFailure,
    detail: string,
  ) {
    super(detail);
  }
}

/**
 * Brings arriving files into libraries (issue 37): takes each into the queue, matches it, places it by the
 * library's naming template and mode (file-placement.ts: never outside the root, never over a file, never half
 * written), records the import for undo, and has the new file indexed at once by a scan of its folder.
 */
/** How often a scan that must follow one running in another process looks whether that one has ended. */
const SCAN_WAIT_MS = 250;

export class ImportService {
  private readonly placement = new FilePlacement();
  /** Folders placed into and not yet given to a scan, per library ('' for the library's root). */
  private readonly unscanned = new Map<string, Set<string>>();
  /** The loop starting a library's scans after imports, while one runs. */
  private readonly scanStarters = new Map<string, Promise<void>>();
  private scansHeld = 0;

  constructor(
    private readonly repository: ImportRepository,
    private readonly librariesRoot: LibrariesRoot,
    private readonly bookReader: BookReader,
    private readonly jobs: JobService,
    private readonly watch: WatchRepository,
    /** DATA_DIR/imports: where submitted uploads wait, each in a folder of its own. */
    private readonly holdingDirectory: string,
    private readonly logger: Logger,
  ) {}

  /**
   * Takes ownership of a staged file and matches it: imported at once when the match is exact (or the series was
   * given), else left in the queue. An upload is moved out of the staging folder first, so the request's clean-up
   * cannot remove it; a folder entry stays where it is until it is placed.
   */
  async submit(input: ImportSubmission): Promise<ImportEntry> {
    const { entry, changed } = await this.take(input);
    return changed ? (await this.repository.entry(entry.id))! : entry;
  }

  /**
   * An import folder's arrival, taken as `submit` takes it, without reading the entry back: the watcher hands over a
   * pass's arrivals and waits on none of them.
   */
  async receive(input: ImportSubmission): Promise<void> {
    await this.take(input);
  }

  /** The entry made for the submission, and whether placing it was tried since (read it again then: it changed). */
  private async take(input: ImportSubmission): Promise<{ entry: ImportEntry; changed: boolean }> {
    const originalName = safeSegment(path.basename(input.originalName.replaceAll('\\', '/'))) || 'upload';
    let filePath = input.path;
    if (input.source === 'upload' && !this.held(input.path)) {
      const folder = await this.holdingFolder();
      await this.placement.place({ source: input.path, root: folder, target: originalName, mode: 'move' });
      filePath = path.join(folder, originalName);
    }
    const [size, match] = await Promise.all([
      fs
        .stat(filePath)
        .then((s) => s.size)
        .catch(() => null),
      this.match(filePath, originalName, input.folderName ?? null, input.seriesId).catch(async (error: unknown) => {
        // Nothing of a refused upload is kept.
        if (input.source === 'upload') await fs.rm(path.dirname(filePath), { recursive: true, force: true });
        throw error;
      }),
    ]);
    const em = this.repository.fork();
    const entry = em.create(ImportEntry, {
      id: randomUUID(),
      source: input.source,
      path: filePath,
      origin: input.origin ?? null,
      originalName,
      sizeBytes: size,
      status: 'queued',
      suggestions: match.suggestions,
      grab: match.grabId,
      series: input.seriesId ?? null,
      library: input.libraryId ?? null,
      submittedBy: input.userId ?? null,
    });
    await em.flush();
    const exact = match.exact;
    if (exact === null || exact.volume === null) return { entry, changed: false };
    try {
      await this.place(entry, { seriesId: exact.seriesId, volume: exact.volume, userId: input.userId }, false);
    } catch (error) {
      if (!(error instanceof ConflictError)) throw error;
      // Recorded on the entry: it waits in the queue for an admin.
    }
    return { entry, changed: true };
  }

  async queue(page: number, limit: number) {
    return this.repository.queuePage((page - 1) * limit, limit);
  }

  async history(page: number, limit: number) {
    return this.repository.historyPage((page - 1) * limit, limit);
  }

  /** The admin's choice for a queued entry: series and number, and whether to replace an owned file. */
  async importEntry(id: string, choice: ImportChoice): Promise<ImportEntry> {
    const entry = await this.requireQueued(id);
    await this.place(entry, choice, true);
    return (await this.repository.entry(id))!;
  }

  async ignore(id: string): Promise<ImportEntry> {
    const entry = await this.requireQueued(id);
    const em = this.repository.fork();
    await em.nativeUpdate(ImportEntry, { id: entry.id }, { status: 'ignored' });
    return (await this.repository.entry(id))!;
  }

  /**
   * Takes an import back: the placed file goes back where it came from (a move), or is removed (a copy or hard
   * link, whose source is still there), only while it is as the import left it (size and mtime). An upgrade cannot be
   * undone: the file it replaced is gone. The entry returns to the queue.
   */
  async undo(recordId: string, userId?: string): Promise<ImportRecord> {
    const record = await this.repository.record(recordId);
    if (record === null) throw new NotFoundError('import', recordId);
    if (record.undoneAt) throw new ConflictError('This import was already undone.');
    if (record.replaced) throw new ConflictError('An upgrade cannot be undone: the file it replaced is gone.');
    if (!record.library) throw new ConflictError('The library of this import is gone.');
    const root = await this.librariesRoot.resolveLibraryFolder(await this.libraryRootOf(record.library.id));
    const absolute = path.join(root.absolute, ...record.targetPath.split('/'));
    // Through a symlink made since, the path could lead out of the library: nothing is touched then.
    const real = await fs.realpath(absolute).catch(() => null);
    if (real === null || !real.startsWith(root.absolute + path.sep)) {
      throw new ConflictError('The imported file is gone from its library.');
    }
    const now = await fs.lstat(absolute).catch(() => null);
    if (now === null || !now.isFile()) throw new ConflictError('The imported file is gone from the library.');
    if (
      now.size !== Number(record.targetSize) ||
      Math.trunc(now.mtimeMs) !== Math.trunc(Number(record.targetMtimeMs))
    ) {
      throw new ConflictError('The imported file has changed since its import: it is left as it is.');
    }
    const sourceThere = await fs.lstat(record.sourcePath).catch(() => null);
    if (record.how === 'move' && sourceThere === null) {
      await fs.mkdir(path.dirname(record.sourcePath), { recursive: true });
      await this.placement.place({
        source: absolute,
        root: path.dirname(record.sourcePath),
        target: path.basename(record.sourcePath),
        mode: 'move',
      });
    } else if (record.how !== 'move' && sourceThere !== null) {
      await fs.unlink(absolute);
    } else {
      throw new ConflictError('The file the import came from is not where it was: the import is left as it is.');
    }
    const em = this.repository.fork();
    await em.nativeUpdate(ImportRecord, { id: record.id }, { undoneAt: new Date() });
    if (record.entry) {
      await em.nativeUpdate(
        ImportEntry,
        { id: record.entry.id },
        { status: 'queued', errorCode: null, errorMessage: null },
      );
    }
    this.logger.info({ recordId, userId }, 'import undone');
    await this.rescan(record.library.id, path.posix.dirname(record.targetPath));
    return (await this.repository.record(recordId))!;
  }

  /** A folder of its own under the holding directory, for a file the import made or took (a packed folder). */
  async holdingFolder(): Promise<string> {
    const folder = path.join(this.holdingDirectory, randomUUID());
    await fs.mkdir(folder, { recursive: true });
    return folder;
  }

  /** Import-folder entries already offered (the watcher offers each once). */
  async knownOrigins(origins: readonly string[]): Promise<Set<string>> {
    return this.repository.knownOrigins(origins);
  }

  private held(file: string): boolean {
    return file.startsWith(this.holdingDirectory + path.sep);
  }

  private async requireQueued(id: string): Promise<ImportEntry> {
    const entry = await this.repository.entry(id);
    if (entry === null) throw new NotFoundError('import', id);
    if (entry.status !== 'queued') throw new ConflictError(`This file is already ${entry.status}.`);
    return entry;
  }

  private async libraryRootOf(libraryId: string): Promise<string> {
    const em = this.repository.fork();
    const [row] = await em.execute<{ root_path: string }[]>('select root_path from libraries where id = ?', [
      libraryId,
    ]);
    if (row === undefined) throw new ConflictError('The library of this import is gone.');
    return row.root_path;
  }

  private async match(
    filePath: string,
    fileName: string,
    folderName: string | null,
    seriesId: string | undefined,
  ): Promise<MatchResult> {
    if (seriesId !== undefined) {
      const target = await this.repository.target(seriesId);
      if (target === null) throw new NotFoundError('series', seriesId);
      const embedded = await this.embedded(filePath, fileName);
      const volume = embedded?.number ?? embedded?.volume ?? parseFileName(fileName, target.seriesName).volume;
      const suggestion: ImportSuggestion = {
        seriesId,
        seriesName: target.seriesName,
        libraryId: target.libraryId,
        volume: volume ?? null,
        confidence: 1,
        matchedBy: 'chosen',
      };
      return { suggestions: [suggestion], grabId: null, exact: suggestion };
    }
    const [embedded, grabs] = await Promise.all([this.embedded(filePath, fileName), this.repository.openGrabs()]);
    const file: ArrivingFile = {
      fileName,
      folderName,
      embedded:
        embedded === null ? null : { series: embedded.series, number: embedded.number, volume: embedded.volume },
    };
    const keys = new Set([...nameKeys(fileName), ...(folderName ? nameKeys(folderName) : [])]);
    if (embedded?.series) keys.add(nameKeys(embedded.series)[0] ?? '');
    const series = await this.repository.seriesByKeys([...keys].filter(Boolean));
    return matchImport(file, grabs, series);
  }

  /** The file's ComicInfo or OPF, or null when it has none or cannot be read (a hostile file is only read). */
  private async embedded(filePath: string, fileName: string): Promise<EmbeddedMetadata | null> {
    const format = formatFromExtension(fileName);
    if (format === null) return null;
    return this.bookReader.readMetadata(filePath, format).catch(() => null);
  }

  /**
   * Places the entry's file in the chosen series. A failure is recorded on the entry and thrown as a conflict (the
   * entry stays queued); `asked` says an admin chose it, so a duplicate may be replaced when asked to.
   */
  private async place(entry: ImportEntry, choice: ImportChoice, asked: boolean): Promise<void> {
    const em = this.repository.fork();
    try {
      const [target, owned] = await Promise.all([
        this.repository.target(choice.seriesId),
        this.repository.ownedBook(choice.seriesId, choice.volume),
      ]);
      if (target === null) throw new ImportRefused('series-missing', 'The series is gone.');
      if (target.importMode === 'off') {
        throw new ImportRefused('import-off', `The library of "${target.seriesName}" is not open to imports.`);
      }
      const ext = path.extname(entry.originalName).slice(1).toLowerCase();
      if (owned !== null && !(asked && choice.replace)) {
        throw new ImportRefused(
          'duplicate',
          `"${target.seriesName}" already has volume ${choice.volume} (${owned.path}); choose to replace it to upgrade.`,
        );
      }
      let relative: string;
      if (owned !== null) {
        // An upgrade takes the old file's name, so the scan sees the same book's file changed: id, progress, locks kept.
        if (path.extname(owned.path).slice(1).toLowerCase() !== ext) {
          throw new ImportRefused('format-changed', 'An upgrade must keep the format of the file it replaces.');
        }
        relative = path.posix.relative(target.libraryRootPath, owned.path);
        if (relative.startsWith('..')) relative = owned.path;
      } else {
        relative = targetPath(
          target.namingTemplate,
          this.namingBook(entry, target, choice.volume, ext),
          target.folderPath,
        );
      }
      const root = await this.librariesRoot.resolveLibraryFolder(target.libraryRootPath);
      // A file in the holding folder (an upload, a folder of images packed) is ours: moved whatever the mode.
      const mode: PlacementMode = this.held(entry.path) ? 'move' : target.importMode;
      const placed = await this.placement.place({
        source: entry.path,
        root: root.absolute,
        target: relative,
        mode,
        replace: owned !== null,
      });
      const stat = await fs.stat(placed.path);
      // The history row, the entry's new state and the grab's, in one transaction: all of the import or none.
      await em.transactional(async (tx) => {
        tx.create(ImportRecord, {
          id: randomUUID(),
          entry: entry.id,
          library: target.libraryId,
          sourcePath: entry.path,
          targetPath: path.relative(root.absolute, placed.path).split(path.sep).join('/'),
          seriesName: target.seriesName,
          volume: choice.volume,
          how: placed.how,
          replaced: placed.replaced,
          targetSize: stat.size,
          targetMtimeMs: stat.mtimeMs,
          importedBy: choice.userId ?? null,
        });
        await tx.nativeUpdate(
          ImportEntry,
          { id: entry.id },
          { status: 'imported', series: target.seriesId, errorCode: null, errorMessage: null },
        );
        await this.repository.markGrabsImported(entry.grab?.id ?? null, target.seriesId, choice.volume, tx);
      });
      if (this.held(entry.path)) await fs.rmdir(path.dirname(entry.path)).catch(() => undefined);
      await this.rescan(
        target.libraryId,
        path.posix.dirname(path.relative(root.absolute, placed.path).split(path.sep).join('/')),
      );
    } catch (error) {
      const failure =
        error instanceof ImportRefused || error instanceof PlacementError
          ? { code: error.code, message: error.message }
          : null;
      if (failure === null) throw error;
      await em.nativeUpdate(ImportEntry, { id: entry.id }, { errorCode: failure.code, errorMessage: failure.message });
      this.logger.info({ entryId: entry.id, code: failure.code }, 'import not placed');
      throw new ConflictError(failure.message);
    }
  }

  private namingBook(entry: ImportEntry, target: ImportTarget, volume: number, ext: string): NamingBook {
    const parsed = parseFileName(entry.originalName, target.seriesName);
    return {
      series: target.seriesName,
      volume,
      volumeEnd: parsed.volume === volume ? parsed.volumeEnd : null,
      chapter: null,
      kind: 'regular',
      title: null,
      year: null,
      ext,
    };
  }

  /**
   * Holds the scans the imports of `work` ask for, then starts one for all their folders: a watcher's pass over a
   * thousand arrivals is one scan, not a thousand (each would wait for the one before it).
   */
  async holdingScans<T>(work: () => Promise<T>): Promise<T> {
    this.scansHeld++;
    try {
      return await work();
    } finally {
      this.scansHeld--;
      if (this.scansHeld === 0) for (const libraryId of this.unscanned.keys()) this.startScans(libraryId);
    }
  }

  /** Indexes the folder at once: a scan of that folder (after the library's running scan, when one is). */
  private async rescan(libraryId: string, folder: string): Promise<void> {
    const scope = folder === '.' || folder === '' ? null : folder;
    if (scope !== null) await this.watch.markDirty(libraryId, [scope], Date.now());
    const pending = this.unscanned.get(libraryId) ?? new Set<string>();
    // '' stands for the library's root: a book there is found by an incremental scan of the whole library.
    pending.add(scope ?? '');
    this.unscanned.set(libraryId, pending);
    if (this.scansHeld === 0) this.startScans(libraryId);
  }

  /**
   * Starts one scan for every folder of the library placed into since the last one. When another scan runs, it may
   * have passed those folders already: they are scanned after it, with whatever else arrives meanwhile.
   */
  private startScans(libraryId: string): void {
    if (this.scanStarters.has(libraryId)) return;
    const starter = (async () => {
      for (;;) {
        const folders = this.unscanned.get(libraryId);
        if (folders === undefined || folders.size === 0) return;
        this.unscanned.delete(libraryId);
        const params = folders.has('')
          ? { mode: 'incremental' }
          : { mode: 'incremental', folders: [...folders].sort() };
        const { created, job } = await this.jobs.start('scan', libraryId, params);
        if (created) continue;
        const waiting = this.unscanned.get(libraryId) ?? new Set<string>();
        for (const folder of folders) waiting.add(folder);
        this.unscanned.set(libraryId, waiting);
        await this.jobs.untilEnded(job.id, SCAN_WAIT_MS);
      }
    })()
      .catch((error: unknown) => this.logger.warn({ err: error, libraryId }, 'scan after an import could not start'))
      .finally(() => {
        this.scanStarters.delete(libraryId);
        // Folders that arrived while it stopped on an error wait for the next import's call.
      });
    this.scanStarters.set(libraryId, starter);
  }
}

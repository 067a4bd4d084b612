import { randomUUID } from 'node:crypto';
import * as fs from 'node:fs/promises';
import path from 'node:path';
import { ConflictError, NotFoundError } from '../domain/errors.js';
import {
  matchImport,
  nameKeys,
  type ArrivingFile,
  type MatchResult,
  type SeriesFacts,
} from '../domain/import-matching.js';
import { safeSegment, targetPath, type NamingBook } from '../domain/naming-template.js';
import { ImportEntry, type ImportSource, type ImportSuggestion } from '../entities/import-entry.entity.js';
import { ImportRecord } from '../entities/import-record.entity.js';
import { parseFileName } from '../indexer/filename-parser.js';
import type { BookReader } from '../indexer/book-reader.js';
import { formatFromExtension } from '../indexer/formats/index.js';
import type { EmbeddedMetadata } from '../indexer/formats/types.js';
import type { Logger } from '../logger.js';
import {
  ownedKey,
  type ImportRepository,
  type ImportTarget,
  type NewImportEntry,
  type OwnedBook,
  type PlacedImport,
} from '../repositories/import.repository.js';
import type { WatchRepository } from '../repositories/watch.repository.js';
import { mapAtOnce } from './at-once.js';
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

/** An arrival as read before matching: where its file is now, the name it came with, its size and own metadata. */
interface Arrival {
  input: ImportSubmission;
  path: string;
  originalName: string;
  size: number | null;
  embedded: EmbeddedMetadata | null;
}

/** An entry to place, and in which series and number. */
interface Placing {
  entryId: string;
  path: string;
  originalName: string;
  grabId: string | null;
  choice: ImportChoice;
  asked: boolean;
}

/** A file placed, with the folder (absolute) whose new entry must be flushed before it is recorded. */
type Placed = PlacedImport & { folder: string };

/** Arrivals read at once (their sizes and metadata): each waits mostly on the disk. */
const ARRIVALS_AT_ONCE = 4;
/** Files placed at once: each waits mostly on the disk; two racing for one name are refused by the placing itself. */
const PLACED_AT_ONCE = 4;
/**
 * Placed files recorded per transaction. A crash after placing and before recording leaves at most this many placed
 * files without their history row (their entries stay queued; the scan indexes the files): nothing is lost.
 */
const RECORDS_AT_ONCE = 32;

/** The series match keys an arrival's names (and its metadata's series) may name. */
function arrivalKeys(arrival: Arrival): string[] {
  const folderName = arrival.input.folderName ?? null;
  const keys = new Set([...nameKeys(arrival.originalName), ...(folderName ? nameKeys(folderName) : [])]);
  if (arrival.embedded?.series) keys.add(nameKeys(arrival.embedded.series)[0] ?? '');
  return [...keys].filter(Boolean);
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

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
    const [outcome] = await this.takeAll([input]);
    if (outcome instanceof Error) throw outcome;
    return (await this.repository.entry(outcome!))!;
  }

  /**
   * A watcher pass's arrivals, taken as `submit` takes each, together: read a few at a time, matched against one
   * read of the grabs and the candidate series, written to the queue in one transaction, then placed. One that
   * fails is logged and the others go on.
   */
  async receiveAll(inputs: readonly ImportSubmission[]): Promise<void> {
    const outcomes = await this.takeAll(inputs);
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome instanceof Error) {
        this.logger.warn(
          { err: outcome, entry: path.basename(inputs[index]!.path) },
          'an arrival could not be imported',
        );
      }
    }
  }

  /**
   * The entries made for the submissions (their ids), or why one could not be taken. Every entry is written before
   * any file is placed, so a crash midway never loses track of an arrival.
   */
  private async takeAll(inputs: readonly ImportSubmission[]): Promise<(string | Error)[]> {
    const arrivals = await mapAtOnce(inputs, ARRIVALS_AT_ONCE, (input) => this.arrive(input).catch(asError));
    const read = arrivals.filter((arrival): arrival is Arrival => !(arrival instanceof Error));
    const matches = await this.matchAll(read);
    const entries: NewImportEntry[] = [];
    const toPlace: Placing[] = [];
    const outcomes = new Map<Arrival, string | Error>();
    for (const [index, arrival] of read.entries()) {
      const match = matches[index]!;
      if (match instanceof Error) {
        outcomes.set(arrival, match);
        // Nothing of a refused upload is kept.
        if (arrival.input.source === 'upload')
          await fs.rm(path.dirname(arrival.path), { recursive: true, force: true });
        continue;
      }
      const id = randomUUID();
      outcomes.set(arrival, id);
      entries.push({
        id,
        source: arrival.input.source,
        path: arrival.path,
        origin: arrival.input.origin ?? null,
        originalName: arrival.originalName,
        sizeBytes: arrival.size,
        suggestions: match.suggestions,
        grabId: match.grabId,
        seriesId: arrival.input.seriesId ?? null,
        libraryId: arrival.input.libraryId ?? null,
        submittedBy: arrival.input.userId ?? null,
        at: new Date(),
      });
      const exact = match.exact;
      if (exact === null || exact.volume === null) continue;
      toPlace.push({
        entryId: id,
        path: arrival.path,
        originalName: arrival.originalName,
        grabId: match.grabId,
        choice: { seriesId: exact.seriesId, volume: exact.volume, userId: arrival.input.userId },
        asked: false,
      });
    }
    await this.repository.insertEntries(entries);
    const placed = await this.placeAll(toPlace);
    for (const [index, item] of toPlace.entries()) {
      const failure = placed[index];
      // A refusal is recorded on the entry, which waits in the queue for an admin.
      if (failure instanceof Error && !(failure instanceof ConflictError)) {
        const arrival = read.find((candidate) => outcomes.get(candidate) === item.entryId)!;
        outcomes.set(arrival, failure);
      }
    }
    return arrivals.map((arrival) => (arrival instanceof Error ? arrival : outcomes.get(arrival)!));
  }

  /** What is read of a submission before matching; an upload is moved into a holding folder of its own first. */
  private async arrive(input: ImportSubmission): Promise<Arrival> {
    const originalName = safeSegment(path.basename(input.originalName.replaceAll('\\', '/'))) || 'upload';
    let filePath = input.path;
    if (input.source === 'upload' && !this.held(input.path)) {
      const folder = await this.holdingFolder();
      await this.placement.place({ source: input.path, root: folder, target: originalName, mode: 'move' });
      filePath = path.join(folder, originalName);
    }
    const [size, embedded] = await Promise.all([
      fs
        .stat(filePath)
        .then((s) => s.size)
        .catch(() => null),
      this.embedded(filePath, originalName),
    ]);
    return { input, path: filePath, originalName, size, embedded };
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
    const [failure] = await this.placeAll([
      {
        entryId: entry.id,
        path: entry.path,
        originalName: entry.originalName,
        grabId: entry.grab?.id ?? null,
        choice,
        asked: true,
      },
    ]);
    if (failure instanceof Error) throw failure;
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
    await this.rescan(record.library.id, [path.posix.dirname(record.targetPath)]);
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

  /**
   * Each arrival's match, or why it has none (a series given that is gone): one read of the open grabs and one of
   * the series any arrival's names (or metadata) may name, for them all.
   */
  private async matchAll(arrivals: readonly Arrival[]): Promise<(MatchResult | Error)[]> {
    const chosen = arrivals.flatMap((arrival) =>
      arrival.input.seriesId === undefined ? [] : [arrival.input.seriesId],
    );
    const byName = arrivals.filter((arrival) => arrival.input.seriesId === undefined);
    const keysOf = new Map(byName.map((arrival) => [arrival, arrivalKeys(arrival)]));
    const [targets, grabs, series] = await Promise.all([
      chosen.length === 0 ? new Map<string, ImportTarget>() : this.repository.targets(chosen),
      byName.length === 0 ? [] : this.repository.openGrabs(),
      this.repository.seriesByKeys([...keysOf.values()].flat()),
    ]);
    const seriesByKey = new Map<string, SeriesFacts[]>();
    for (const facts of series) seriesByKey.set(facts.matchKey, [...(seriesByKey.get(facts.matchKey) ?? []), facts]);
    return arrivals.map((arrival) => {
      const seriesId = arrival.input.seriesId;
      if (seriesId !== undefined) {
        const target = targets.get(seriesId);
        if (target === undefined) return new NotFoundError('series', seriesId);
        const { embedded } = arrival;
        const volume =
          embedded?.number ?? embedded?.volume ?? parseFileName(arrival.originalName, target.seriesName).volume;
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
      const { embedded } = arrival;
      const file: ArrivingFile = {
        fileName: arrival.originalName,
        folderName: arrival.input.folderName ?? null,
        embedded:
          embedded === null ? null : { series: embedded.series, number: embedded.number, volume: embedded.volume },
      };
      const candidates = keysOf.get(arrival)!.flatMap((key) => seriesByKey.get(key) ?? []);
      return matchImport(file, grabs, candidates);
    });
  }

  /** The file's ComicInfo or OPF, or null when it has none or cannot be read (a hostile file is only read). */
  private async embedded(filePath: string, fileName: string): Promise<EmbeddedMetadata | null> {
    const format = formatFromExtension(fileName);
    if (format === null) return null;
    return this.bookReader.readMetadata(filePath, format).catch(() => null);
  }

  /**
   * Places each entry's file in its chosen series, a few at a time; the history rows are written a chunk at a time.
   * Answers, in the items' order, null for a file placed, a conflict for one refused (recorded on its entry, which
   * stays queued), or any other error. `asked` says an admin chose it, so a duplicate may be replaced when asked to.
   */
  private async placeAll(items: readonly Placing[]): Promise<(Error | null)[]> {
    if (items.length === 0) return [];
    const [targets, owned] = await Promise.all([
      this.repository.targets(items.map((item) => item.choice.seriesId)),
      this.repository.ownedBooks(items.map((item) => ({ seriesId: item.choice.seriesId, volume: item.choice.volume }))),
    ]);
    const roots = new Map<string, Promise<string>>();
    const rootOf = (rootPath: string) => {
      let root = roots.get(rootPath);
      if (root === undefined) {
        root = this.librariesRoot.resolveLibraryFolder(rootPath).then((folder) => folder.absolute);
        roots.set(rootPath, root);
      }
      return root;
    };
    const outcomes: (Error | null)[] = [];
    for (let from = 0; from < items.length; from += RECORDS_AT_ONCE) {
      const chunk = items.slice(from, from + RECORDS_AT_ONCE);
      const results = await mapAtOnce(chunk, PLACED_AT_ONCE, (item) =>
        this.placeOne(item, targets.get(item.choice.seriesId) ?? null, owned, rootOf).catch(asError),
      );
      const placed = results.filter((result): result is Placed => !(result instanceof Error));
      // Each new name is on disk before its history row says so: the chunk's folders flushed once each.
      await this.placement.syncFolders(placed.map((result) => result.folder));
      await this.repository.recordImports(placed);
      const folders = new Map<string, Set<string>>();
      for (const result of results) {
        if (result instanceof Error) {
          outcomes.push(await this.refused(chunk[outcomes.length - from]!, result));
          continue;
        }
        outcomes.push(null);
        const folder = path.posix.dirname(result.targetPath);
        folders.set(result.libraryId, (folders.get(result.libraryId) ?? new Set()).add(folder));
        if (this.held(result.sourcePath)) await fs.rmdir(path.dirname(result.sourcePath)).catch(() => undefined);
      }
      for (const [libraryId, placedInto] of folders) await this.rescan(libraryId, [...placedInto]);
    }
    return outcomes;
  }

  /** A failure to place: a refusal is recorded on the entry and becomes a conflict; anything else is as it was. */
  private async refused(item: Placing, error: Error): Promise<Error> {
    if (!(error instanceof ImportRefused || error instanceof PlacementError)) return error;
    await this.repository.entryFailed(item.entryId, error.code, error.message);
    this.logger.info({ entryId: item.entryId, code: error.code }, 'import not placed');
    return new ConflictError(error.message);
  }

  /** Places one file by its target's template and mode; what its history row says, once placed. */
  private async placeOne(
    item: Placing,
    target: ImportTarget | null,
    owned: ReadonlyMap<string, OwnedBook>,
    rootOf: (rootPath: string) => Promise<string>,
  ): Promise<Placed> {
    const { choice } = item;
    if (target === null) throw new ImportRefused('series-missing', 'The series is gone.');
    if (target.importMode === 'off') {
      throw new ImportRefused('import-off', `The library of "${target.seriesName}" is not open to imports.`);
    }
    const book = owned.get(ownedKey(choice.seriesId, choice.volume)) ?? null;
    const ext = path.extname(item.originalName).slice(1).toLowerCase();
    if (book !== null && !(item.asked && choice.replace)) {
      throw new ImportRefused(
        'duplicate',
        `"${target.seriesName}" already has volume ${choice.volume} (${book.path}); choose to replace it to upgrade.`,
      );
    }
    let relative: string;
    if (book !== null) {
      // An upgrade takes the old file's name, so the scan sees the same book's file changed: id, progress, locks kept.
      if (path.extname(book.path).slice(1).toLowerCase() !== ext) {
        throw new ImportRefused('format-changed', 'An upgrade must keep the format of the file it replaces.');
      }
      relative = path.posix.relative(target.libraryRootPath, book.path);
      if (relative.startsWith('..')) relative = book.path;
    } else {
      relative = targetPath(
        target.namingTemplate,
        this.namingBook(item.originalName, target, choice.volume, ext),
        target.folderPath,
      );
    }
    const root = await rootOf(target.libraryRootPath);
    // A file in the holding folder (an upload, a folder of images packed) is ours: moved whatever the mode.
    const mode: PlacementMode = this.held(item.path) ? 'move' : target.importMode;
    const placed = await this.placement.place({
      source: item.path,
      root,
      target: relative,
      mode,
      replace: book !== null,
      syncFolder: false,
    });
    const stat = await fs.stat(placed.path);
    return {
      folder: path.dirname(placed.path),
      entryId: item.entryId,
      grabId: item.grabId,
      libraryId: target.libraryId,
      seriesId: target.seriesId,
      sourcePath: item.path,
      targetPath: path.relative(root, placed.path).split(path.sep).join('/'),
      seriesName: target.seriesName,
      volume: choice.volume,
      how: placed.how,
      replaced: placed.replaced,
      targetSize: stat.size,
      targetMtimeMs: stat.mtimeMs,
      importedBy: choice.userId ?? null,
      at: new Date(),
    };
  }

  private namingBook(originalName: string, target: ImportTarget, volume: number, ext: string): NamingBook {
    const parsed = parseFileName(originalName, target.seriesName);
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

  /** Indexes the folders at once: a scan of them (after the library's running scan, when one is). */
  private async rescan(libraryId: string, folders: readonly string[]): Promise<void> {
    const scopes = folders.map((folder) => (folder === '.' || folder === '' ? null : folder));
    const scoped = scopes.filter((scope): scope is string => scope !== null);
    if (scoped.length > 0) await this.watch.markDirty(libraryId, scoped, Date.now());
    const pending = this.unscanned.get(libraryId) ?? new Set<string>();
    // '' stands for the library's root: a book there is found by an incremental scan of the whole library.
    for (const scope of scopes) pending.add(scope ?? '');
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

import { opendir } from 'node:fs/promises';
import path from 'node:path';
import { bookNumbers, yearAsDate } from '../domain/book-numbers.js';
import { ConflictError, DomainError, InvalidPathError } from '../domain/errors.js';
import * as messages from '../domain/job-messages.js';
import { parseFileName } from '../indexer/filename-parser.js';
import type { BookReader } from '../indexer/book-reader.js';
import { ReaderPoolClosedError } from '../indexer/reader-process/reader-pool.js';
import { BookFileError, formatFromExtension } from '../indexer/formats/index.js';
import {
  emptyWalk,
  walkFolders,
  walkLibrary,
  walkScoped,
  type FoundFile,
  type ScopedWalkResult,
  type WalkResult,
} from '../indexer/walker.js';
import type { JobContext } from '../jobs/job-context.js';
import type { IndexedBook, KnownFile, ScanRepository, SeriesMove } from '../repositories/scan.repository.js';
import type { LibraryService } from './library.service.js';
import type { SeriesRepository } from '../repositories/series.repository.js';
import type { WatchRepository } from '../repositories/watch.repository.js';
import type { ThumbnailService } from './thumbnail.service.js';
import { CoverQueue } from './cover-queue.js';
import { analyseAndStore } from './analysis-pipeline.js';
import { fileMetadata } from '../domain/file-metadata.js';

export type ScanMode = 'incremental' | 'full';

/** A scan that must stop without touching the library (lost mount, would delete everything). */
export class ScanRefusedError extends DomainError {
  constructor(reason: messages.JobError) {
    super(409, 'scan-refused', 'Scan refused', reason.text);
    this.jobError = reason;
  }
}

export interface ScanReport extends Record<string, unknown> {
  mode: ScanMode;
  files_seen: number;
  added: number;
  updated: number;
  unchanged: number;
  removed: number;
  /** Files renamed or moved within the library: their book (progress, metadata) was kept under the new path. */
  moved: number;
  errors: number;
  folders_read: number;
  folders_skipped: number;
  folders_unreadable: number;
  progress_restored: number;
  /** Files in the folders read that are not books (by extension), and the first of their paths. */
  ignored_files: number;
  ignored_examples: string[];
  thumbnails: number;
  /** Of `thumbnails`, those made while indexing ran (by the reader processes, beside the server's indexing). */
  thumbnails_during_index: number;
  /** Discovery, analysis and storage. */
  index_ms: number;
  /** After indexing: finishing the covers. */
  thumbnails_ms: number;
  duration_ms: number;
}

/** Files stored per transaction. */
const BATCH_SIZE = 250;
const ORPHAN_GRACE_MS = 30 * 24 * 3600 * 1000;
/**
 * Up to this many changed or vanished folders, an incremental scan reads the stored files of those folders only;
 * past it, one pass over every stored file costs less than that many conditions.
 */
const FOLDERS_COMPARED_IN_SQL = 2000;

export interface ScanOptions {
  /** How many files are inspected at once: archives are read with async I/O, so a few overlap well. */
  inspectConcurrency: number;
  thumbnails: boolean;
}

/**
 * The folders of a scoped scan (`params.folders`), cleaned: relative, POSIX, no `.`/`..` or empty segments, each
 * once. Null for a scan of the whole library.
 */
export function scanScope(value: unknown): string[] | null {
  if (!Array.isArray(value)) return null;
  const folders = new Set<string>();
  for (const entry of value) {
    if (typeof entry !== 'string') continue;
    const trimmed = entry.replace(/^\/+|\/+$/g, '');
    const segments = trimmed === '' ? [] : trimmed.split('/');
    if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) continue;
    folders.add(segments.join('/'));
  }
  return [...folders].sort();
}

/**
 * Whether a folder holds anything but hidden entries (null when it cannot be read). Stops at the first one: a scoped
 * scan should not list a root of thousands of series to learn that it is not empty.
 */
async function hasVisibleEntry(folder: string): Promise<boolean | null> {
  try {
    const entries = await opendir(folder, { bufferSize: 64 });
    for await (const entry of entries) if (!entry.name.startsWith('.')) return true;
    return false;
  } catch {
    return null;
  }
}

/** Scope folders not inside another: one stored-rows query each covers the rest. */
function outermost(folders: readonly string[]): string[] {
  const sorted = [...folders].sort();
  const result: string[] = [];
  for (const folder of sorted) {
    if (!result.some((outer) => outer === '' || folder === outer || folder.startsWith(`${outer}/`)))
      result.push(folder);
  }
  return result;
}

/** Whether `folder` is a vanished subtree or lies under one. */
function underVanished(folder: string, vanished: ReadonlySet<string>): boolean {
  if (vanished.size === 0) return false;
  for (let current = folder; current !== ''; current = folderOf(current)) if (vanished.has(current)) return true;
  return false;
}

function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash < 0 ? '' : file.slice(0, slash);
}

/** Books in a folder that could not be read (or below one) are kept: a permission problem is not a deletion. */
function underUnreadableFolder(folder: string, unreadable: Map<string, string>): boolean {
  for (const path of unreadable.keys()) {
    if (path === '' || folder === path || folder.startsWith(`${path}/`)) return true;
  }
  return false;
}

const fileIdentity = (partialHash: string, sizeBytes: number) => `${partialHash}:${sizeBytes}`;

/**
 * Vanished files by content (partial hash and size), to recognise the same file under a new path. Identical copies
 * share a key: each arrival takes one, preferring the copy with its own file name, so two copies are never merged.
 */
class VanishedByContent {
  private readonly byIdentity = new Map<string, KnownFile[]>();

  constructor(vanished: readonly KnownFile[]) {
    for (const file of vanished) {
      if (file.partialHash === null) continue;
      const key = fileIdentity(file.partialHash, file.sizeBytes);
      const list = this.byIdentity.get(key);
      if (list) list.push(file);
      else this.byIdentity.set(key, [file]);
    }
  }

  /** The vanished file this arrival is, if any; it is then no longer available to other arrivals. */
  claim(book: { path: string; partialHash: string | null; sizeBytes: number }): KnownFile | undefined {
    if (book.partialHash === null) return undefined;
    const candidates = this.byIdentity.get(fileIdentity(book.partialHash, book.sizeBytes));
    if (!candidates || candidates.length === 0) return undefined;
    const name = book.path.slice(book.path.lastIndexOf('/') + 1);
    const sameName = candidates.findIndex((file) => file.path.slice(file.path.lastIndexOf('/') + 1) === name);
    return candidates.splice(Math.max(sameName, 0), 1)[0];
  }
}

interface ScanWork {
  file: FoundFile;
  known: KnownFile | undefined;
}

/**
 * Whether a stored file must be read again: its size or mtime changed, or its ctime did, which nothing but the
 * kernel sets (a file rewritten in place with its size and mtime kept, as `cp -p`, `rsync -t` and some taggers do).
 * A file stored before ctimes were recorded is read once more.
 */
function fileChanged(known: KnownFile, found: FoundFile): boolean {
  return (
    known.sizeBytes !== found.sizeBytes ||
    known.mtimeMs !== found.mtimeMs ||
    known.ctimeMs !== found.ctimeMs ||
    known.parseStatus === 'pending'
  );
}

/**
 * The folders a watcher marked that a scan of the whole library took care of: those it read (or tried to: an
 * unreadable one's mtime is forgotten, so the next scan tries again) and those that are gone. A marked folder it did
 * not reach (below a folder it could not read) keeps its mark.
 */
function markedFoldersRead(marked: readonly string[], walk: WalkResult): string[] {
  const unreadable = [...walk.unreadableFolders.keys()];
  return marked.filter((folder) =>
    walk.folders.has(folder)
      ? !walk.unchangedFolders.has(folder)
      : !unreadable.some((above) => above === '' || folder.startsWith(`${above}/`)),
  );
}

/**
 * The files to analyse, new ones first, one at a time: a first scan of 100k files would otherwise hold a second list
 * of 100k wrappers beside the walk's. The new files are let go of as they are handed out (`added` is emptied): the
 * walk's list is dropped before indexing, so what a first scan of 100k files found (about 15 MB) shrinks as it is
 * indexed instead of lasting until the series are refreshed.
 */
function* workItems(
  added: (FoundFile | undefined)[],
  changed: readonly { known: KnownFile; found: FoundFile }[],
): Generator<ScanWork> {
  for (let i = 0; i < added.length; i++) {
    const file = added[i]!;
    added[i] = undefined;
    yield { file, known: undefined };
  }
  added.length = 0;
  for (const c of changed) yield { file: c.found, known: c.known };
}

/**
 * Waits for `work`; when it fails after a cancel (a store or a cover stopped by the signal's AbortError), the job ends
 * cancelled, not failed.
 */
async function cancelledOrFailed<T>(context: JobContext, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    context.throwIfCancelled();
    throw error;
  }
}

/**
 * A first scan's work, read from the walk as it goes (every file is new). The reading total is set once the last
 * folder is listed. A walk that fails (its root gone since it was checked) refuses the scan, as a rescan's listing
 * does.
 */
async function* streamedWork(
  folders: AsyncGenerator<FoundFile[]>,
  context: JobContext,
  unreadableRoot: () => ScanRefusedError,
): AsyncGenerator<ScanWork> {
  let found = 0;
  try {
    for await (const files of folders) {
      for (const file of files) {
        found++;
        yield { file, known: undefined };
      }
    }
  } catch {
    // Only the walk throws here (a folder that cannot be read is recorded, not thrown): its root, or a cancel.
    context.throwIfCancelled();
    throw unreadableRoot();
  }
  context.progress({ total: found });
}

/** What the walk saw besides the files (folders, ignored files, odd names): in the report and as item errors. */
function describeWalk(walk: WalkResult, report: ScanReport, context: JobContext): void {
  for (const [folder, reason] of walk.unreadableFolders)
    context.itemError(folder || '/', messages.folderUnreadable(reason));
  for (const name of walk.undecodableNames) context.itemError(name, messages.NAME_NOT_UTF8);
  report.errors += walk.undecodableNames.length;
  report.folders_read = walk.folders.size - walk.unchangedFolders.size - walk.unreadableFolders.size;
  report.folders_skipped = walk.unchangedFolders.size;
  report.folders_unreadable = walk.unreadableFolders.size;
  report.ignored_files = walk.ignored.count;
  report.ignored_examples = walk.ignored.examples;
}

function errorMessage(error: unknown): messages.JobItemError {
  if (error instanceof BookFileError) return messages.bookFileFailed(error.kind, error.message);
  return messages.FILE_UNREADABLE;
}

/** Turns folders into series and files into books: discovery, analysis, removal, then thumbnails. */
export class ScanService {
  constructor(
    private readonly libraries: LibraryService,
    private readonly scans: ScanRepository,
    private readonly series: SeriesRepository,
    private readonly thumbnails: ThumbnailService,
    private readonly reader: BookReader,
    private readonly options: ScanOptions,
    private readonly dirty: WatchRepository,
  ) {}

  async run(context: JobContext): Promise<ScanReport> {
    const started = Date.now();
    const libraryId = context.libraryId!;
    const mode: ScanMode = context.params.mode === 'full' ? 'full' : 'incremental';
    const scope = mode === 'full' ? null : scanScope(context.params.folders);
    // Covers are made while indexing runs (the readers on the other core); the books left over come after it.
    const covers = this.options.thumbnails ? new CoverQueue(this.thumbnails, this.scans, libraryId, context) : null;
    // Its own call, so that what indexing holds (every path of the library) is garbage before the thumbnails.
    let indexed;
    try {
      // A scan of the whole library reads the folders a watcher marked whatever their mtime: a file rewritten in
      // place leaves its folder's mtime as it was. A scoped scan reads every folder it was given.
      const marked = scope === null ? await this.dirty.markedBefore(libraryId, started) : scope;
      indexed = await this.index(libraryId, mode, scope, marked, context, covers);
    } catch (error) {
      await covers?.stop();
      // A refused or failed scan clears no mark: the watcher does not repeat a failed scan until something changes.
      throw error;
    }
    const { report, absoluteRoot, markedRead } = indexed;
    try {
      // The folders read are no longer dirty, unless an event came after this scan started.
      await this.dirty.clearDirty(libraryId, markedRead, started);
    } catch (error) {
      // The covers queued during indexing would otherwise go on under a failed job.
      await covers?.stop();
      throw error;
    }
    report.index_ms = Date.now() - started;
    if (covers) {
      report.thumbnails_during_index = covers.written;
      await cancelledOrFailed(context, this.finishCovers(libraryId, absoluteRoot, context, covers));
      report.thumbnails = covers.written;
      // A series' cover is its first readable book not known to lack one: only books found coverless move it.
      if (covers.coverless.length > 0)
        await this.refreshCounts(libraryId, await this.scans.seriesOfBooks(covers.coverless));
    }
    report.duration_ms = Date.now() - started;
    report.thumbnails_ms = report.duration_ms - report.index_ms;
    return report;
  }

  /** Discovery, analysis, storage and removals: everything but the thumbnails. */
  private async index(
    libraryId: string,
    mode: ScanMode,
    scope: string[] | null,
    marked: readonly string[],
    context: JobContext,
    covers: CoverQueue | null,
  ): Promise<{ report: ScanReport; absoluteRoot: string; markedRead: readonly string[] }> {
    const library = await this.libraries.require(libraryId);

    let absoluteRoot: string;
    try {
      absoluteRoot = await this.libraries.scannableRoot(library);
    } catch (error) {
      // A symlink changed since creation: indexing where it leads now would file another library's books here.
      if (error instanceof InvalidPathError)
        throw new ScanRefusedError(messages.scanRootInvalid(library.name, library.rootPath, error.message));
      if (error instanceof ConflictError)
        throw new ScanRefusedError(messages.scanRootOverlap(library.name, library.rootPath, error.message));
      throw new ScanRefusedError(messages.scanRootMissing(library.name, library.rootPath));
    }

    // "Everything vanished" is judged at the root, in every scan: an empty root (an unmounted share's mount point)
    // deletes nothing, while a folder gone under a present root loses its books, scoped scan or not.
    const rootHasEntries = await hasVisibleEntry(absoluteRoot);
    if (rootHasEntries === null) {
      throw new ScanRefusedError(messages.scanRootUnreadable(library.name));
    }
    if (!rootHasEntries) {
      const stored = await this.scans.countBooks(libraryId);
      if (stored > 0) {
        throw new ScanRefusedError(messages.scanWouldEmpty(library.name, stored));
      }
    }

    const outer = scope === null ? null : outermost(scope);
    const knownFolders =
      outer === null ? await this.scans.knownFolders(libraryId) : await this.scans.knownFoldersUnder(libraryId, outer);
    const walkOptions = {
      isBookFile: (name: string) => formatFromExtension(name) !== null,
      signal: context.signal,
      full: mode === 'full',
      reread: new Set(marked),
    };
    const unreadableRoot = () => new ScanRefusedError(messages.scanRootUnreadable(library.name));
    // A first scan (nothing stored: nothing can have changed or vanished) reads the files as the walk finds them,
    // folder by folder, instead of listing the whole library first: at 100k files that list was ~16 MB of the
    // server's peak. Its reading total is unknown (null) until the last folder is listed.
    const streamed = scope === null && (await this.scans.countFiles(libraryId)) === 0;
    let walk: WalkResult | ScopedWalkResult;
    let streamedItems: AsyncGenerator<ScanWork> | null = null;
    if (streamed) {
      walk = emptyWalk();
      streamedItems = streamedWork(walkFolders(absoluteRoot, knownFolders, walkOptions, walk), context, unreadableRoot);
    } else {
      context.progress({ stage: 'listing', currentItem: null, processed: 0, total: null });
      try {
        walk =
          scope === null
            ? await walkLibrary(absoluteRoot, knownFolders, walkOptions)
            : await walkScoped(absoluteRoot, knownFolders, scope, walkOptions);
      } catch {
        context.throwIfCancelled();
        throw unreadableRoot();
      }
    }

    // Only the stored files of the folders read this time are kept in memory: the others cannot have changed or
    // vanished (their folder's mtime says so, or no event came from them), and of those only the count matters. An
    // unchanged rescan of a 100k library holds none.
    const vanishedSubtrees = (walk as Partial<ScopedWalkResult>).vanishedSubtrees ?? new Set<string>();
    const inScope = (folder: string) =>
      scope === null
        ? !walk.unchangedFolders.has(folder)
        : (walk.folders.has(folder) && !walk.unreadableFolders.has(folder)) || underVanished(folder, vanishedSubtrees);
    const knownFiles = new Map<string, KnownFile>();
    let knownInUnchangedFolders = 0;
    // A rescan of the whole library that finds few folders changed asks the database for the files of those folders
    // (and of the folders gone) only, and counts the others there; otherwise every stored file is paged through.
    const foldersToCompare =
      scope === null && walk.unchangedFolders.size > 0
        ? [
            ...[...walk.folders.keys()].filter((folder) => !walk.unchangedFolders.has(folder)),
            ...[...knownFolders.keys()].filter((folder) => !walk.folders.has(folder)),
          ]
        : null;
    const byFolder = foldersToCompare !== null && foldersToCompare.length <= FOLDERS_COMPARED_IN_SQL;
    const pages = byFolder
      ? this.scans.knownFilesInFolders(libraryId, foldersToCompare)
      : outer === null
        ? this.scans.knownFilePages(libraryId)
        : this.scans.knownFilesUnder(libraryId, outer);
    let fetched = 0;
    for await (const page of pages) {
      fetched += page.length;
      for (const file of page) {
        const folder = folderOf(file.path);
        if (!inScope(folder)) {
          if (scope === null) knownInUnchangedFolders++;
        } else if (!underUnreadableFolder(folder, walk.unreadableFolders)) knownFiles.set(file.path, file);
      }
    }
    if (byFolder) knownInUnchangedFolders = (await this.scans.countFiles(libraryId)) - fetched;

    // The stored files found again, not every path found: a first scan finds none, and keeps no second set of 100k.
    const foundAgain = new Set<KnownFile>();
    const added: (FoundFile | undefined)[] = [];
    const changed: { known: KnownFile; found: FoundFile }[] = [];
    for (const file of walk.files) {
      const known = knownFiles.get(file.path);
      if (!known) {
        added.push(file);
        continue;
      }
      foundAgain.add(known);
      if (mode === 'full' || fileChanged(known, file)) changed.push({ known, found: file });
    }
    let vanished = [...knownFiles.values()].filter((file) => !foundAgain.has(file));
    foundAgain.clear();
    // A scoped scan refreshes only the series it can have changed: those of the stored files it compared, before, and
    // those of the files it found, after. The others' counts are what they were.
    const seriesBefore =
      scope === null ? [] : await this.scans.seriesOfBooks([...knownFiles.values()].map((file) => file.bookId));

    const report: ScanReport = {
      mode,
      files_seen: walk.files.length + knownInUnchangedFolders,
      added: 0,
      updated: 0,
      unchanged: 0,
      removed: 0,
      moved: 0,
      errors: 0,
      folders_read: 0,
      folders_skipped: 0,
      folders_unreadable: 0,
      progress_restored: 0,
      ignored_files: 0,
      ignored_examples: [],
      thumbnails: 0,
      thumbnails_during_index: 0,
      index_ms: 0,
      thumbnails_ms: 0,
      duration_ms: 0,
    };
    report.unchanged = report.files_seen - added.length - changed.length;
    if (!streamed) describeWalk(walk, report, context);

    // A scoped scan looks up the series of the paths it found once its books are stored; a scan of the whole library
    // needs no more of the walk's list (workItems lets go of the new files as it hands them out).
    const foundPaths = scope === null ? [] : walk.files.map((file) => file.path);
    walk.files.length = 0;
    context.progress({
      stage: 'reading',
      total: streamed ? null : added.length + changed.length,
      processed: 0,
      currentItem: null,
    });
    let processed = 0;
    // New books may take back the reading progress of vanished files: those of this scan, or earlier ones. When
    // there are none (a first scan), the arrivals are not kept: at 100k files they are 10 MB.
    const canRestore = vanished.length > 0 || (await this.scans.hasOrphanedProgress(libraryId));
    const arrivals: { bookId: string; path: string; sizeBytes: number }[] = [];
    const vanishedByContent = new VanishedByContent(vanished);
    const moved = new Set<KnownFile>();
    /** The series of the books stored or removed by this scan: only their counts can have changed. */
    const seriesChanged = new Set<string>();
    /** Books that changed series in this scan: a series all of whose books moved hands on its shelves. */
    const seriesMoves: SeriesMove[] = [];
    // Each group is stored while the next files are analysed (analysis-pipeline.ts).
    const storing = analyseAndStore(
      streamedItems ?? workItems(added, changed),
      { concurrency: this.options.inspectConcurrency, groupSize: BATCH_SIZE },
      async (item) => {
        context.throwIfCancelled();
        return this.analyse(absoluteRoot, item.file, context);
      },
      async (group) => {
        const newBooks: IndexedBook[] = [];
        const changedBooks: { known: KnownFile; book: IndexedBook }[] = [];
        const movedBefore = moved.size;
        for (const { item, result: book } of group) {
          if (book.parseStatus === 'error') report.errors++;
          const movedFrom = item.known ? undefined : vanishedByContent.claim(book);
          if (movedFrom) moved.add(movedFrom);
          const known = item.known ?? movedFrom;
          if (known) changedBooks.push({ known, book });
          else newBooks.push(book);
        }
        // A full scan makes every thumbnail again (what mends one made wrong); otherwise a rewritten file keeps its
        // thumbnail when its cover's fingerprint did not change.
        const {
          newBookIds: newIds,
          seriesIds,
          seriesMoves: movedSeries,
        } = await this.scans.saveBatch(libraryId, newBooks, changedBooks, {
          keepThumbnails: mode !== 'full',
        });
        await covers?.offer(
          absoluteRoot,
          group.flatMap(({ result: book }) => (book.parseStatus === 'ok' ? [book.path] : [])),
        );
        for (const id of seriesIds) seriesChanged.add(id);
        seriesMoves.push(...movedSeries);
        if (canRestore) {
          newBooks.forEach((book, i) =>
            arrivals.push({ bookId: newIds[i]!, path: book.path, sizeBytes: book.sizeBytes }),
          );
        }
        report.added += newBooks.length;
        report.updated += changedBooks.length - moved.size + movedBefore;
        processed += group.length;
        context.progress({ processed, currentItem: group.at(-1)?.item.file.path ?? null });
      },
    );
    await cancelledOrFailed(context, storing);
    if (streamed) {
      // Every file found was new: the walk's figures are known now that it has ended.
      report.files_seen = report.added;
      describeWalk(walk, report, context);
    }

    // Every file is read: the analysis thread's memory is given back before the removals and the series refresh.
    await this.reader.endIdleAnalysis();
    context.throwIfCancelled();
    vanished = vanished.filter((file) => !moved.has(file));
    report.moved = moved.size;
    for (const id of await this.scans.removeBooks(libraryId, vanished)) seriesChanged.add(id);
    report.removed = vanished.length;
    // After the removals, so a file moved within this scan finds the progress its old book left behind.
    report.progress_restored = await this.scans.restoreProgress(libraryId, arrivals);
    // A full scan refreshes every series of the library (it re-reads every file anyway, and mends counts left stale);
    // an incremental one only those whose books it stored or removed: none at all when nothing changed.
    const touchedSeries =
      scope === null
        ? mode === 'full'
          ? null
          : [...seriesChanged]
        : [...new Set([...seriesBefore, ...(await this.scans.seriesOfFiles(libraryId, foundPaths))])];
    // A scoped scan checks the series it touched; a scan of the whole library checks every series (one statement,
    // a few milliseconds at 10k series), which also removes one left empty by a scan cancelled half-way.
    // Before the empty series go: collections and want-to-read shelves follow a series whose folder was renamed.
    if (seriesMoves.length > 0) await this.scans.carryShelvesOfMovedSeries(seriesMoves);
    await this.scans.removeEmptySeries(libraryId, scope === null ? undefined : touchedSeries!);
    if (scope === null) {
      // Only the folders that changed, appeared or vanished are rewritten: an unchanged rescan writes nothing.
      const remember = this.foldersToRemember(walk, knownFolders);
      const changedFolders = new Map([...remember].filter(([folder, mtime]) => knownFolders.get(folder) !== mtime));
      const forgotten = [...knownFolders.keys()].filter(
        (folder) => !remember.has(folder) || changedFolders.has(folder),
      );
      if (forgotten.length > 0 || changedFolders.size > 0)
        await this.scans.replaceFolders(libraryId, forgotten, [], changedFolders);
    } else {
      // Only the subtrees read are replaced; the stored folders elsewhere are those of earlier scans.
      await this.scans.replaceFolders(
        libraryId,
        [...walk.folders.keys()],
        [...vanishedSubtrees],
        this.foldersToRemember(walk, knownFolders),
      );
    }
    await this.scans.purgeOrphanedProgress(new Date(Date.now() - ORPHAN_GRACE_MS));
    await this.refreshCounts(libraryId, touchedSeries);
    // After many rows changed only: a scoped scan of a few files does not re-plan the whole database.
    if (report.added + report.removed > (scope === null ? 0 : 1000)) await this.scans.refreshPlannerStatistics();
    await this.scans.markScanned(libraryId, new Date());

    // A scoped scan read each folder it was given (or found it gone or unreadable: walkScoped).
    return { report, absoluteRoot, markedRead: scope ?? markedFoldersRead(marked, walk) };
  }

  /**
   * What the books give their series (description, authors, genres…: series-fill.ts), then the counts, which follow
   * a total volume count filled from the books.
   */
  private async refreshCounts(libraryId: string, seriesIds: string[] | null): Promise<void> {
    if (seriesIds === null) {
      await this.series.fillLibraryFromBooks(libraryId);
      await this.series.refreshLibraryCounts(libraryId);
    } else if (seriesIds.length > 0) {
      await this.series.fillFromBooks(seriesIds);
      await this.series.refreshCounts(seriesIds);
    }
  }

  private async analyse(root: string, file: FoundFile, context: JobContext): Promise<IndexedBook> {
    const fileName = file.path.slice(file.path.lastIndexOf('/') + 1);
    const folder = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/')) : null;
    const seriesName = folder === null ? null : folder.slice(folder.lastIndexOf('/') + 1);
    const parsed = parseFileName(fileName, seriesName);
    const format = formatFromExtension(fileName)!;
    let parseError: messages.JobItemError | null = null;
    const absolute = path.join(root, file.path);
    // The hash from the same opening of the file; a file that cannot be read is not recognised when it moves.
    const { inspection, error, partialHash } = await this.reader.inspectAndHash(absolute, format, context.signal);
    if (!inspection) {
      context.throwIfCancelled();
      // Shutting down says nothing about the file: the scan stops and is resumed by the next process.
      if (error instanceof ReaderPoolClosedError) throw error;
      parseError = errorMessage(error);
      context.itemError(file.path, parseError);
    }
    const metadata = inspection?.metadata ?? {};
    const numbers = bookNumbers(parsed, { number: metadata.number, volume: metadata.volume });
    return {
      path: file.path,
      sizeBytes: file.sizeBytes,
      mtimeMs: file.mtimeMs,
      ctimeMs: file.ctimeMs,
      partialHash,
      format: inspection?.format ?? format,
      seriesName,
      seriesFolder: folder,
      title: metadata.title?.trim() || parsed.title,
      volume: numbers.volume,
      volumeEnd: numbers.volumeEnd,
      volumeKind: numbers.kind,
      chapter: numbers.chapter,
      chapterEnd: numbers.chapterEnd,
      runYear: metadata.runYear ?? null,
      pageCount: inspection?.pageCount ?? null,
      ...fileMetadata(metadata),
      publishDate: metadata.publishDate ?? yearAsDate(parsed.year),
      readingDirection: metadata.readingDirection ?? null,
      parseStatus: inspection ? 'ok' : 'error',
      parseError,
      coverFingerprint: inspection?.coverFingerprint ?? null,
    };
  }

  /** Unreadable folders keep their previous mtime so the next scan reads them again. */
  private foldersToRemember(
    walk: { folders: Map<string, number>; unreadableFolders: Map<string, string> },
    known: Map<string, number>,
  ): Map<string, number> {
    const folders = new Map(walk.folders);
    for (const folder of walk.unreadableFolders.keys()) {
      const previous = known.get(folder);
      if (previous === undefined) folders.delete(folder);
      else folders.set(folder, -1);
    }
    return folders;
  }

  /**
   * Makes the covers still missing once indexing is done: those queued during it first, then every book still
   * without one (those that found the queue full, and those left by an earlier scan that stopped), the PDFs last.
   * PDFs are read with MuPDF, which a reader process keeps until it exits (~20 MB): made together, they share both
   * readers and the others never meet MuPDF (reader-pool.ts), where mixed in they kept one reader past 120 MB.
   */
  private async finishCovers(libraryId: string, root: string, context: JobContext, covers: CoverQueue): Promise<void> {
    try {
      covers.reportProgress(await this.scans.countBooksNeedingThumbnails(libraryId));
      // Before the pass: the covers queued are still unrecorded, and it would find them again.
      await covers.drain();
      // A page at a time (keyed on the path, so the thumbnails recorded meanwhile do not shift it).
      for (const pdfs of [false, true]) {
        for await (const pending of this.scans.booksNeedingThumbnails(libraryId, { pdfs })) {
          await covers.push(root, pending);
        }
      }
      await covers.drain();
    } finally {
      // Thumbnails already written are kept even when the phase stops (cancel, shutdown): the next scan skips them.
      await covers.stop();
    }
  }
}

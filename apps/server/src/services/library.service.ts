import {
  NO_PROVIDER,
  type ImportMode,
  type Library,
  type RefreshMode,
  type WatchSetting,
} from '../entities/library.entity.js';
import type { Job } from '../entities/job.entity.js';
import { ConflictError, NotFoundError, ValidationError, type FieldIssue } from '../domain/errors.js';
import { DEFAULT_READING_DIRECTION, type ReadingDirection } from '../domain/reading-direction.js';
import {
  DEFAULT_NAMING_TEMPLATE,
  NAMING_EXAMPLES,
  NamingTemplateError,
  parseNamingTemplate,
  renderNamingTemplate,
} from '../domain/naming-template.js';
import { normaliseSchedule, scheduleProblem } from '../domain/schedule.js';
import type { Logger } from '../logger.js';
import {
  NO_COUNTS,
  type LibraryCounts,
  type LibraryFields,
  type LibraryRepository,
} from '../repositories/library.repository.js';
import type { LibrariesRoot } from './libraries-root.js';
import { watchStates, type WatchState, type WatchStateSource } from './watch-state.js';
import { providerIssue, type ProviderCatalog } from './provider-catalog.js';

export interface LibraryInput {
  name?: string;
  rootPath?: string;
  metadataProvider?: string;
  fallbackMetadataProvider?: string;
  metadataRefreshMode?: RefreshMode;
  watch?: WatchSetting;
  scanSchedule?: string;
  defaultReadingDirection?: ReadingDirection;
  importMode?: ImportMode;
  namingTemplate?: string;
}

export interface LibraryView {
  library: Library;
  counts: LibraryCounts;
  /** How the library is watched now and why (from its watch lease). */
  watch: WatchState;
}

/** Told when a library's watch setting may have changed, so a watcher in this process acts at once. */
export interface WatchScheduling {
  libraryChanged(libraryId: string): void;
}

/**
 * Two library roots may not be the same folder, nor one inside the other: a file would belong to both. Works on
 * relative paths and on canonical absolute ones alike.
 */
function overlaps(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

const ROOT_PATH_FIELD = '/body/root_path';

/** A template the import could not use, as the 400's field issue (its message says which rule it breaks). */
export function namingTemplateIssue(template: string, path = '/body/naming_template'): FieldIssue | null {
  try {
    parseNamingTemplate(template);
    return null;
  } catch (error) {
    if (!(error instanceof NamingTemplateError)) throw error;
    return { path, message: error.message, code: 'namingTemplate' };
  }
}

/** Keeps each library's scheduled metadata refresh in line with its mode (the refresh service). */
export interface RefreshScheduling {
  applySchedule(library: Library): Promise<void>;
  removeSchedule(libraryId: string): Promise<void>;
}

/** Keeps each library's scheduled scan in line with its `scan_schedule`, and scans a new library at once. */
export interface ScanScheduling {
  applySchedule(library: Library): Promise<void>;
  removeSchedule(libraryId: string): Promise<void>;
  scanNow(libraryId: string): Promise<Job>;
}

export const DEFAULT_SCAN_SCHEDULE = 'every_6h';

/**
 * The import folder (as the `import_folders` setting lists it) that a library's real folder would be, be inside
 * or hold, if any (services/import-folders.ts): the watcher would import the library's own books, or a move would
 * take them out of it.
 */
export type ImportFolderOverlap = (absolute: string) => Promise<string | undefined>;

export class LibraryService {
  private scheduling: RefreshScheduling | undefined;
  private watching: WatchScheduling | undefined;
  private scanScheduling: ScanScheduling | undefined;
  private importFolderOverlap: ImportFolderOverlap | undefined;

  constructor(
    private readonly libraries: LibraryRepository,
    private readonly root: LibrariesRoot,
    private readonly providers: ProviderCatalog,
    private readonly logger: Logger,
    private readonly watchLeases: WatchStateSource,
  ) {}

  setRefreshScheduling(scheduling: RefreshScheduling): void {
    this.scheduling = scheduling;
  }

  setWatchScheduling(watching: WatchScheduling): void {
    this.watching = watching;
  }

  setScanScheduling(scheduling: ScanScheduling): void {
    this.scanScheduling = scheduling;
  }

  setImportFolderOverlap(overlap: ImportFolderOverlap): void {
    this.importFolderOverlap = overlap;
  }

  /** Every library (its id, refresh mode and scan schedule reconcile the schedules at start). */
  refreshModes(): Promise<Library[]> {
    return this.libraries.all();
  }

  async page(page: number, limit: number): Promise<{ items: LibraryView[]; total: number }> {
    const { items, total } = await this.libraries.page((page - 1) * limit, limit);
    return { items: await this.views(items), total };
  }

  async get(id: string): Promise<LibraryView> {
    return (await this.views([await this.require(id)]))[0]!;
  }

  /** Creates the library, schedules it and starts its first scan (`scanJob`, null while no job runtime is attached). */
  async create(
    input: LibraryInput & { name: string; rootPath: string },
  ): Promise<LibraryView & { scanJob: Job | null }> {
    const fields: LibraryFields = {
      name: input.name.trim(),
      rootPath: await this.checkedRootPath(input.rootPath, undefined),
      metadataProvider: input.metadataProvider ?? NO_PROVIDER,
      fallbackMetadataProvider: input.fallbackMetadataProvider ?? NO_PROVIDER,
      metadataRefreshMode: input.metadataRefreshMode ?? 'manual',
      watch: input.watch ?? 'auto',
      scanSchedule: input.scanSchedule ?? DEFAULT_SCAN_SCHEDULE,
      defaultReadingDirection: input.defaultReadingDirection ?? DEFAULT_READING_DIRECTION,
      importMode: input.importMode ?? 'off',
      namingTemplate: input.namingTemplate ?? DEFAULT_NAMING_TEMPLATE,
    };
    this.checkFields(fields);
    fields.scanSchedule = normaliseSchedule(fields.scanSchedule);
    const library = await this.libraries.create(fields);
    await this.scheduling?.applySchedule(library);
    await this.scanScheduling?.applySchedule(library);
    this.watching?.libraryChanged(library.id);
    this.logger.info({ libraryId: library.id, rootPath: library.rootPath }, 'library created');
    const scanJob = (await this.scanScheduling?.scanNow(library.id)) ?? null;
    return { ...(await this.views([library]))[0]!, scanJob };
  }

  async update(id: string, input: LibraryInput): Promise<LibraryView> {
    const library = await this.require(id);
    const changes: Partial<LibraryFields> = {};
    if (input.name !== undefined) changes.name = input.name.trim();
    if (input.rootPath !== undefined) changes.rootPath = await this.checkedRootPath(input.rootPath, library.id);
    if (input.metadataProvider !== undefined) changes.metadataProvider = input.metadataProvider;
    if (input.fallbackMetadataProvider !== undefined) changes.fallbackMetadataProvider = input.fallbackMetadataProvider;
    if (input.metadataRefreshMode !== undefined) changes.metadataRefreshMode = input.metadataRefreshMode;
    if (input.watch !== undefined) changes.watch = input.watch;
    if (input.scanSchedule !== undefined) changes.scanSchedule = input.scanSchedule;
    if (input.defaultReadingDirection !== undefined) changes.defaultReadingDirection = input.defaultReadingDirection;
    if (input.importMode !== undefined) changes.importMode = input.importMode;
    if (input.namingTemplate !== undefined) changes.namingTemplate = input.namingTemplate;
    this.checkFields({ ...library, ...changes });
    if (changes.scanSchedule !== undefined) changes.scanSchedule = normaliseSchedule(changes.scanSchedule);
    await this.libraries.update(library, changes);
    if (changes.metadataRefreshMode !== undefined) await this.scheduling?.applySchedule(library);
    if (changes.scanSchedule !== undefined) await this.scanScheduling?.applySchedule(library);
    if (changes.watch !== undefined || changes.rootPath !== undefined) this.watching?.libraryChanged(library.id);
    return (await this.views([library]))[0]!;
  }

  /** Where `template` puts the example books (the library form's preview); a bad template is the create's 400. */
  previewNaming(template: string): { kind: (typeof NAMING_EXAMPLES)[number]['kind']; path: string }[] {
    const issue = namingTemplateIssue(template, '/query/template');
    if (issue !== null) throw new ValidationError(`template ${issue.message}`, [issue]);
    const parsed = parseNamingTemplate(template);
    return NAMING_EXAMPLES.map(({ kind, book }) => ({ kind, path: renderNamingTemplate(parsed, book) }));
  }

  async delete(id: string): Promise<void> {
    const library = await this.require(id);
    await this.libraries.delete(library);
    await this.scheduling?.removeSchedule(id);
    this.watching?.libraryChanged(id);
    await this.scanScheduling?.removeSchedule(id);
    this.logger.info({ libraryId: id }, 'library deleted');
  }

  async require(id: string): Promise<Library> {
    const library = await this.libraries.findById(id);
    if (!library) throw new NotFoundError('Library', id);
    return library;
  }

  private async views(libraries: Library[]): Promise<LibraryView[]> {
    const ids = libraries.map((library) => library.id);
    const [counts, leases] = await Promise.all([this.libraries.counts(ids), this.watchLeases.leases(ids)]);
    const states = watchStates(libraries, leases, Date.now());
    return libraries.map((library) => ({
      library,
      counts: counts.get(library.id) ?? NO_COUNTS,
      watch: states.get(library.id)!,
    }));
  }

  private checkFields(
    fields: Pick<
      LibraryFields,
      'name' | 'metadataProvider' | 'fallbackMetadataProvider' | 'scanSchedule' | 'namingTemplate'
    >,
  ): void {
    const issues: FieldIssue[] = [];
    const templateIssue = namingTemplateIssue(fields.namingTemplate);
    if (templateIssue !== null) issues.push(templateIssue);
    if (fields.name.length === 0) issues.push({ path: '/body/name', message: 'must not be blank', code: 'blank' });
    const scheduleIssue = scheduleProblem(fields.scanSchedule);
    if (scheduleIssue !== null) issues.push({ path: '/body/scan_schedule', message: scheduleIssue, code: 'schedule' });
    for (const [field, value] of [
      ['metadata_provider', fields.metadataProvider],
      ['fallback_metadata_provider', fields.fallbackMetadataProvider],
    ] as const) {
      const issue = providerIssue(this.providers, value);
      if (issue !== null) issues.push({ path: `/body/${field}`, message: issue, code: 'provider' });
    }
    if (fields.metadataProvider !== NO_PROVIDER && fields.fallbackMetadataProvider === fields.metadataProvider) {
      issues.push({
        path: '/body/fallback_metadata_provider',
        message: 'must differ from metadata_provider',
        code: 'sameAsProvider',
      });
    }
    if (issues.length > 0) {
      throw new ValidationError(
        issues.map((issue) => `${issue.path.replace('/body/', '')} ${issue.message}`).join('; '),
        issues,
      );
    }
  }

  /**
   * The folder a scan of `library` may read now: its root is re-checked at each scan, because a symlink on the way
   * can have changed since the library was created (towards the libraries root or another library's folder).
   */
  async scannableRoot(library: Library): Promise<string> {
    const folder = await this.root.resolveLibraryFolder(library.rootPath);
    await this.refuseOverlap(folder.relative, folder.absolute, library.id);
    return folder.absolute;
  }

  /** The root path must be an existing folder strictly inside LIBRARIES_ROOT, not shared with another library. */
  private async checkedRootPath(input: string, libraryId: string | undefined): Promise<string> {
    let folder;
    try {
      folder = await this.root.resolveLibraryFolder(input, ROOT_PATH_FIELD);
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new ValidationError('root_path must be an existing folder under the libraries root.', [
          { path: ROOT_PATH_FIELD, message: 'folder does not exist', code: 'folder' },
        ]);
      }
      throw error;
    }
    await this.refuseOverlap(folder.relative, folder.absolute, libraryId);
    const importFolder = await this.importFolderOverlap?.(folder.absolute);
    if (importFolder !== undefined) {
      const message = `overlaps the import folder "${importFolder}" (the same folder, inside it or holding it)`;
      throw new ValidationError(`root_path ${message}`, [
        { path: ROOT_PATH_FIELD, message, code: 'overlap', folder: importFolder },
      ]);
    }
    return folder.relative;
  }

  /**
   * Compares both the paths as written and the real folders they lead to: `A/other-link -> ../Other` is the folder
   * of library `Other` under another name. A library whose folder is missing now is compared by its path alone.
   */
  private async refuseOverlap(relative: string, absolute: string, libraryId: string | undefined): Promise<void> {
    const librariesRoot = await this.root.rootPath();
    for (const other of await this.libraries.rootPaths()) {
      if (other.id === libraryId) continue;
      if (overlaps(other.rootPath, relative)) {
        throw new ConflictError(
          other.rootPath === relative
            ? `Another library already uses the folder "${relative}".`
            : `The folder "${relative}" overlaps the folder "${other.rootPath}" of another library.`,
        );
      }
      const otherAbsolute = await this.root
        .resolveFolder(other.rootPath)
        .then((folder) => folder.absolute)
        .catch(() => undefined);
      // Another library that now leads to the libraries root is refused at its own scan; it does not block this one.
      if (otherAbsolute === undefined || otherAbsolute === librariesRoot) continue;
      if (overlaps(otherAbsolute, absolute)) {
        throw new ConflictError(
          otherAbsolute === absolute
            ? `The folder "${relative}" leads (through a symlink) to the folder "${other.rootPath}" of another library.`
            : `The folder "${relative}" overlaps (through a symlink) the folder "${other.rootPath}" of another library.`,
        );
      }
    }
  }
}

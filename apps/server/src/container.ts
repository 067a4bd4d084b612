import { mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Config } from './config.js';
import { openDatabase, type Orm } from './database/orm.js';
import { withContext } from './database/request-context.js';
import { selectJobBackend } from './jobs/job-backend.js';
import { JobRuntime } from './jobs/job-runtime.js';
import type { Logger } from './logger.js';
import { loadPlugins } from './plugins/plugin-loader.js';
import { PluginRegistry } from './plugins/plugin-registry.js';
import { PluginRunner } from './plugins/plugin-runner.js';
import { PluginService } from './services/plugin.service.js';
import { MetadataSyncService } from './services/metadata-sync.service.js';
import { MetadataService } from './services/metadata.service.js';
import { MetadataBatchService } from './services/metadata-batch.service.js';
import { MetadataRefreshService, REFRESH_TRIGGER } from './services/metadata-refresh.service.js';
import { MetadataBatchRepository } from './repositories/metadata-batch.repository.js';
import { MetadataRepository } from './repositories/metadata.repository.js';
import { ReleaseService } from './services/release.service.js';
import { WantedService } from './services/wanted.service.js';
import { ReleaseGrabService } from './services/release-grab.service.js';
import { ReleaseSearchService } from './services/release-search.service.js';
import { StatusMappingService } from './services/status-mapping.service.js';
import { ReleaseRepository } from './repositories/release.repository.js';
import { WantedRepository } from './repositories/wanted.repository.js';
import { ReleaseCandidateRepository } from './repositories/release-candidate.repository.js';
import { StatusMappingRepository } from './repositories/status-mapping.repository.js';
import { SettingsService } from './services/settings.service.js';
import { ImportService } from './services/import.service.js';
import { ImportFolders } from './services/import-folders.js';
import { ImportFolderWatcher } from './watch/import-folder-watcher.js';
import { ImportRepository } from './repositories/import.repository.js';
import { ApiTokenRepository } from './repositories/api-token.repository.js';
import { BookFileRepository } from './repositories/book-file.repository.js';
import { BookRepository } from './repositories/book.repository.js';
import { openCatalogVersion } from './repositories/catalog-version.js';
import { ListCache } from './repositories/list-cache.js';
import { SeriesRepository } from './repositories/series.repository.js';
import { JobRepository } from './repositories/job.repository.js';
import { LibraryRepository } from './repositories/library.repository.js';
import { ScanRepository } from './repositories/scan.repository.js';
import { WatchRepository } from './repositories/watch.repository.js';
import { instanceIdOf } from './watch/instance-id.js';
import { WatchService } from './watch/watch.service.js';
import { SessionRepository } from './repositories/session.repository.js';
import { SettingRepository } from './repositories/setting.repository.js';
import { UserRepository } from './repositories/user.repository.js';
import { AuthService } from './services/auth.service.js';
import { ExternalAccounts } from './services/external-accounts.js';
import { OidcService } from './services/oidc.service.js';
import { SignInSettings } from './services/sign-in-settings.js';
import { UserService } from './services/user.service.js';
import { CredentialRepository } from './repositories/credential.repository.js';
import { BookFileService } from './services/book-file.service.js';
import { BookPagesService } from './services/book-pages.service.js';
import { ReaderSettingsService } from './services/reader-settings.service.js';
import { BookPageRepository } from './repositories/book-page.repository.js';
import { ReaderSettingsRepository } from './repositories/reader-settings.repository.js';
import { EpubResourceService } from './services/epub-resource.service.js';
import { CatalogFreshness } from './services/catalog-freshness.js';
import { BookService } from './services/book.service.js';
import { KosyncService } from './services/kosync.service.js';
import { kosyncProgress } from './services/kosync-progress.js';
import { KoreaderProgressRepository } from './repositories/koreader-progress.repository.js';
import { ProgressService } from './services/progress.service.js';
import { ProgressRepository } from './repositories/progress.repository.js';
import { SeriesService } from './services/series.service.js';
import { CollectionService } from './services/collection.service.js';
import { ReadingListService } from './services/reading-list.service.js';
import { WantToReadService } from './services/want-to-read.service.js';
import { SavedFilterService } from './services/saved-filter.service.js';
import { LabelService } from './services/label.service.js';
import { LabelRepository } from './repositories/label.repository.js';
import { SavedFilterRepository } from './repositories/saved-filter.repository.js';
import { listFilterCheck } from './http/list-filters.js';
import { loadOpenApi } from './http/openapi-document.js';
import { CollectionRepository } from './repositories/collection.repository.js';
import { ReadingListRepository } from './repositories/reading-list.repository.js';
import { ReadingListImportRepository } from './repositories/reading-list-import.repository.js';
import { WantToReadRepository } from './repositories/want-to-read.repository.js';
import { FolderService } from './services/folder.service.js';
import { HealthService } from './services/health.service.js';
import { JobService } from './services/job.service.js';
import { LibrariesRoot } from './services/libraries-root.js';
import { LibraryService } from './services/library.service.js';
import { ScanStarter } from './services/scan-starter.js';
import { SCAN_TRIGGER, ScanScheduleService } from './services/scan-schedule.service.js';
import { BACKUP_TRIGGER, BackupService } from './services/backup.service.js';
import { MetadataBackfillService } from './services/metadata-backfill.service.js';
import { MetadataBackfillRepository } from './repositories/metadata-backfill.repository.js';
import { ScanService } from './services/scan.service.js';
import { SeriesCoverService } from './services/series-cover.service.js';
import { RemoteCoverService, remoteCoverKey, type RemoteCoverLimits } from './services/remote-cover.service.js';
import { ThumbnailService } from './services/thumbnail.service.js';
import { AnalysisThread } from './indexer/analysis-thread.js';
import { BookReader } from './indexer/book-reader.js';
import { READER_RECYCLE_RSS_BYTES, ReaderPool } from './indexer/reader-process/reader-pool.js';
import { VERSION } from './version.js';
import { BookUploadService } from './services/book-upload.service.js';

/** How long a starting worker waits for its first watch pass before it serves anyway. */
const FIRST_WATCH_WAIT_MS = 10_000;

export interface ContainerOptions {
  /** How often the queue looks for due jobs when no notification arrives (ms). */
  processEveryMs?: number;
  thumbnails?: boolean;
  /** Reader processes for PDF/RAR files and images (default: up to 2, one per core). */
  readerProcesses?: number;
  /** How long an idle reader process waits before it exits (ms). */
  readerIdleMs?: number;
  /** How long one file may take in a reader process (ms). */
  readerTaskTimeoutMs?: number;
  /** How long and how large a provider's cover may be (default: 10 s, 10 MB, 3 redirects). */
  remoteCoverLimits?: RemoteCoverLimits;
}

/** The composition root: configuration → database → repositories → services → job runtime. */
export interface Container {
  config: Config;
  logger: Logger;
  orm: Orm;
  jobRuntime: JobRuntime;
  pluginRunner: PluginRunner;
  /** The processes that read PDF/RAR files and make images. */
  readers: ReaderPool;
  services: {
    auth: AuthService;
    /** Single sign-on through an OpenID provider (issue 38). */
    oidc: OidcService;
    /** Accounts signed in by a provider or a trusted proxy's user header. */
    externalAccounts: ExternalAccounts;
    users: UserService;
    backups: BackupService;
    bookFiles: BookFileService;
    bookPages: BookPagesService;
    readerSettings: ReaderSettingsService;
    /** The files inside EPUBs for the browser's reader (the /epub route). */
    epubResources: EpubResourceService;
    books: BookService;
    /** Per-reader progress: what REST, OPDS, the admin and KOReader sync write and read (ProgressService). */
    progress: ProgressService;
    series: SeriesService;
    /** Collections of series, reading lists of books and want to read (issue 32). */
    collections: CollectionService;
    readingLists: ReadingListService;
    wantToRead: WantToReadService;
    /** Saved filters of the series and books lists */
    savedFilters: SavedFilterService;
    labels: LabelService;
    folders: FolderService;
    health: HealthService;
    jobs: JobService;
    libraries: LibraryService;
    plugins: PluginService;
    releases: ReleaseService;
    wanted: WantedService;
    releaseSearches: ReleaseSearchService;
    releaseGrabs: ReleaseGrabService;
    /** The import queue and history: arriving files matched and placed into libraries (issue 37). */
    imports: ImportService;
    metadata: MetadataService;
    metadataBatch: MetadataBatchService;
    metadataRefresh: MetadataRefreshService;
    scans: ScanStarter;
    scanSchedules: ScanScheduleService;
    settings: SettingsService;
    statusMappings: StatusMappingService;
    catalogFreshness: CatalogFreshness;
    kosync: KosyncService;
    remoteCovers: RemoteCoverService;
    seriesCovers: SeriesCoverService;
    /** Book files uploaded from the admin, handed to the import pipeline (issue 37). */
    bookUploads: BookUploadService;
  };
  /** Watches libraries' folders once the worker has started. */
  watcher: WatchService;
  /** Reads the import folders for arriving books once the worker has started (issue 37). */
  importWatcher: ImportFolderWatcher;
  /** Starts taking jobs and watching folders (the worker role). */
  startWorker(): Promise<void>;
  close(): Promise<void>;
}

export async function createContainer(
  config: Config,
  logger: Logger,
  options: ContainerOptions = {},
): Promise<Container> {
  await mkdir(config.dataDir, { recursive: true });
  await mkdir(config.librariesRoot, { recursive: true });
  const orm = await openDatabase(config.database);
  const em = orm.em;
  const cores = availableParallelism();

  const pluginLogger = logger.child({ area: 'plugins' });
  const { loaded, failed } = await loadPlugins(config.plugins);
  for (const failure of failed) pluginLogger.warn({ plugin: failure.specifier }, `plugin not loaded: ${failure.error}`);
  const plugins = new PluginRegistry(loaded, failed, {
    userAgent: `Shelfmark/${VERSION} (+https://github.com/shelfmark/shelfmark)`,
    logSink: (level, message, fields) => pluginLogger[level](fields, message),
  });
  const userRepository = new UserRepository(em);
  const signIn = new SignInSettings(new SettingRepository(em), config.oidc, {
    unknownLibraries: (ids) => userRepository.unknownLibraries(ids),
    isEnabledAdmin: async (id) => {
      const user = await userRepository.findById(id);
      return user !== null && user.role === 'admin' && !user.disabled;
    },
  });
  const settings = new SettingsService(new SettingRepository(em), plugins, signIn);
  const pluginRunner = new PluginRunner(plugins, settings, pluginLogger);
  const statusMappings = new StatusMappingService(new StatusMappingRepository(em, config.database.kind));

  const catalogVersion = await openCatalogVersion(config.database, em, logger.child({ area: 'catalog' }));
  const listCache = new ListCache(catalogVersion);
  const librariesRoot = new LibrariesRoot(config.librariesRoot);
  const auth = new AuthService(
    userRepository,
    new SessionRepository(em),
    new ApiTokenRepository(em),
    new CredentialRepository(em),
    new SettingRepository(em),
    config.bootstrapToken,
    logger.child({ area: 'auth' }),
  );
  const externalAccounts = new ExternalAccounts(userRepository, logger.child({ area: 'auth' }));
  auth.setSignInSettings(signIn, externalAccounts);
  const oidc = new OidcService(signIn, externalAccounts, logger.child({ area: 'oidc' }));
  const watchRepository = new WatchRepository(em);
  const libraries = new LibraryService(
    new LibraryRepository(em, listCache),
    librariesRoot,
    plugins,
    logger.child({ area: 'libraries' }),
    watchRepository,
  );
  const jobRepository = new JobRepository(em);
  const jobs = new JobService(jobRepository, logger.child({ area: 'jobs' }));
  const readers = new ReaderPool(
    {
      processes: options.readerProcesses ?? Math.min(2, cores),
      tasksPerProcess: 2,
      idleMs: options.readerIdleMs ?? 5000,
      recycleRssBytes: READER_RECYCLE_RSS_BYTES,
      taskTimeoutMs: options.readerTaskTimeoutMs ?? 120_000,
    },
    logger.child({ area: 'readers' }),
  );
  // Only with a second core to run it on: on one, the thread would take its time from the event loop.
  const analysis = cores > 1 ? new AnalysisThread(undefined, options.readerIdleMs ?? 5000) : undefined;
  const bookReader = new BookReader(readers, analysis);
  const thumbnails = new ThumbnailService(
    config.dataDir,
    bookReader,
    readers.capacity,
    logger.child({ area: 'thumbnails' }),
  );
  const seriesRepository = new SeriesRepository(em, listCache, config.database.kind);
  const bookRepository = new BookRepository(em, listCache, config.database.kind);
  await withContext(orm, () => bookRepository.backfillDerivedColumns());
  const metadataRepository = new MetadataRepository(em, config.database.kind);
  const metadataSync = new MetadataSyncService(metadataRepository, seriesRepository, statusMappings);
  const metadata = new MetadataService(metadataRepository, libraries, pluginRunner, metadataSync, seriesRepository);
  const scanService = new ScanService(
    libraries,
    new ScanRepository(em, config.database.kind),
    seriesRepository,
    thumbnails,
    bookReader,
    {
      // With the analysis thread, files wait in its queue, not open on the event loop: enough to fill its batches.
      inspectConcurrency: analysis ? 64 : 8,
      thumbnails: options.thumbnails ?? config.scanCovers === 'scan',
    },
    watchRepository,
  );

  const backend = await selectJobBackend(config, logger.child({ area: 'job-runtime' }));
  const jobRuntime = new JobRuntime(orm, backend, jobRepository, logger.child({ area: 'job-runtime' }), {
    lockLifetimeMs: config.jobLockSeconds * 1000,
    // A due job waits at most this long when no notification wakes the worker (SQLite across processes).
    processEveryMs: options.processEveryMs ?? 1000,
    concurrency: { scan: 1, metadata_batch: 1, metadata_refresh: 1, backup: 1, metadata_backfill: 1 },
  });
  const scans = new ScanStarter(libraries, jobs);
  const scanSchedules = new ScanScheduleService(scans);
  const backups = new BackupService(
    config.database,
    config.dataDir,
    jobs,
    jobRepository,
    settings,
    logger.child({ area: 'backups' }),
  );
  jobRuntime.define('backup', (context) => backups.run(context));
  jobRuntime.defineTrigger(SCAN_TRIGGER, (data) => scanSchedules.onTrigger(data));
  jobRuntime.defineTrigger(BACKUP_TRIGGER, () => backups.onTrigger());
  const progress = new ProgressService(new ProgressRepository(em, config.database.kind));
  const kosync = new KosyncService(
    new KoreaderProgressRepository(em),
    new BookFileRepository(em),
    kosyncProgress(progress),
    logger.child({ area: 'kosync' }),
  );
  jobRuntime.define('scan', async (context) => {
    const report = await scanService.run(context);
    // Pushes of readers who may see this library (admins, or granted it) and are not disabled.
    await kosync.attachWaiting(context.libraryId!);
    return report;
  });
  const metadataBatch = new MetadataBatchService(
    new MetadataBatchRepository(em),
    metadataRepository,
    metadata,
    libraries,
    jobs,
  );
  const metadataRefresh = new MetadataRefreshService(
    metadataRepository,
    metadata,
    metadataSync,
    libraries,
    jobs,
    jobRepository,
  );
  const metadataBackfill = new MetadataBackfillService(
    new MetadataBackfillRepository(em, config.database.kind),
    seriesRepository,
    libraries,
    bookReader,
    jobs,
    analysis ? 16 : 8,
  );
  jobRuntime.define('metadata_backfill', (context) => metadataBackfill.run(context));
  jobRuntime.define('metadata_batch', (context) => metadataBatch.run(context));
  jobRuntime.define('metadata_refresh', (context) => metadataRefresh.run(context));
  const releases = new ReleaseService(pluginRunner, new ReleaseRepository(em), settings);
  const wantedRepository = new WantedRepository(em);
  const releaseCandidates = new ReleaseCandidateRepository(em);
  const releaseSearches = new ReleaseSearchService(
    releases,
    releaseCandidates,
    wantedRepository,
    settings,
    jobs,
    config.releases.searchIntervalMs,
    config.releases.grabExpiryMs,
  );
  jobRuntime.define('release_search', (context) => releaseSearches.run(context));
  jobRuntime.defineTrigger(REFRESH_TRIGGER, (data) => metadataRefresh.onTrigger(data));
  await jobRuntime.start(false);
  jobs.attachQueue(jobRuntime);
  metadataRefresh.attachScheduler(jobRuntime);
  libraries.setRefreshScheduling(metadataRefresh);
  scanSchedules.attachScheduler(jobRuntime);
  libraries.setScanScheduling(scanSchedules);
  backups.attachScheduler(jobRuntime);
  settings.setBackupScheduling(backups);
  await withContext(orm, async () => {
    await statusMappings.ensureSeeded();
    const all = await libraries.refreshModes();
    await metadataRefresh.reconcile(all);
    await scanSchedules.reconcile(all);
    await backups.reconcile();
    // Once after the upgrade that stores every ComicInfo and OPF field: the libraries it marked.
    await metadataBackfill.startPending();
  });

  const books = new BookService(bookRepository, seriesRepository, progress);
  const bookPageRepository = new BookPageRepository(em);
  const bookFiles = new BookFileService(
    new BookFileRepository(em),
    librariesRoot,
    thumbnails,
    bookReader,
    seriesRepository,
    bookPageRepository,
  );
  const series = new SeriesService(seriesRepository, libraries, books, metadataRepository);
  const remoteCovers = new RemoteCoverService(
    await withContext(orm, () => remoteCoverKey(new SettingRepository(em))),
    config.dataDir,
    (data, signal) => bookReader.remoteCover(data, signal),
    logger.child({ area: 'covers' }),
    options.remoteCoverLimits,
  );
  const seriesCovers = new SeriesCoverService(
    seriesRepository,
    series,
    bookReader,
    config.dataDir,
    logger.child({ area: 'covers' }),
  );
  const imports = new ImportService(
    new ImportRepository(em, config.database.kind),
    librariesRoot,
    bookReader,
    jobs,
    watchRepository,
    path.join(config.dataDir, 'imports'),
    logger.child({ area: 'imports' }),
  );
  const libraryRepository = new LibraryRepository(em, listCache);
  const importFolders = new ImportFolders(librariesRoot, config.imports.roots, async () =>
    (await libraryRepository.rootPaths()).map((library) => library.rootPath),
  );
  settings.setImportFolderCheck(async (given) => {
    const { folders, issues } = await importFolders.check(given);
    return { absolute: folders.map((folder) => folder.absolute), issues };
  });
  libraries.setImportFolderOverlap(async (absolute) =>
    importFolders.overlapping(absolute, await settings.importFolders()),
  );
  const services = {
    auth,
    oidc,
    externalAccounts,
    users: new UserService(userRepository, logger.child({ area: 'users' })),
    backups,
    bookFiles,
    bookPages: new BookPagesService(bookFiles, bookPageRepository, bookReader),
    epubResources: new EpubResourceService(bookFiles),
    books,
    progress,
    series,
    collections: new CollectionService(new CollectionRepository(em), seriesRepository, listCache),
    readingLists: new ReadingListService(
      new ReadingListRepository(em, config.database.kind),
      bookRepository,
      new ReadingListImportRepository(em, config.database.kind),
      listCache,
    ),
    wantToRead: new WantToReadService(new WantToReadRepository(em), seriesRepository),
    labels: new LabelService(new LabelRepository(em)),
    savedFilters: new SavedFilterService(new SavedFilterRepository(em), listFilterCheck(loadOpenApi().document)),
    readerSettings: new ReaderSettingsService(new ReaderSettingsRepository(em), series, libraries),
    folders: new FolderService(librariesRoot),
    health: new HealthService(orm, config.database.kind, VERSION, () => ({
      backend: backend.name,
      ok: true,
    })),
    jobs,
    libraries,
    plugins: new PluginService(plugins, settings),
    releases,
    wanted: new WantedService(wantedRepository, catalogVersion, config.releases.grabExpiryMs),
    releaseSearches,
    releaseGrabs: new ReleaseGrabService(releases, releaseCandidates, config.releases.grabExpiryMs),
    imports,
    metadata,
    metadataBatch,
    metadataRefresh,
    scans,
    scanSchedules,
    settings,
    statusMappings,
    catalogFreshness: new CatalogFreshness(catalogVersion),
    kosync,
    remoteCovers,
    seriesCovers,
    bookUploads: new BookUploadService(series, libraries, imports),
  };

  await withContext(orm, () => auth.ensureAdminFromEnvironment(config.adminPassword));
  // Only processes that run jobs watch folders (ADR 13); the API role reports what the lease holders wrote.
  const watchLogger = logger.child({ area: 'watch' });
  const instanceId = await instanceIdOf(config.dataDir).catch((error: unknown) => {
    watchLogger.warn(
      { err: error },
      'no instance id in the data directory: after a crash, watching resumes once the old leases expire',
    );
    return undefined;
  });
  const watcher = new WatchService(orm, libraries, watchRepository, jobs, config.watch, watchLogger, instanceId);
  const importWatcher = new ImportFolderWatcher(
    orm,
    settings,
    importFolders,
    imports,
    config.imports.quietMs,
    logger.child({ area: 'imports' }),
    { repository: watchRepository, leaseMs: config.watch.leaseMs, instanceId },
  );

  return {
    config,
    logger,
    orm,
    jobRuntime,
    pluginRunner,
    readers,
    services,
    watcher,
    importWatcher,
    async startWorker() {
      // Before any job runs here: what a backup killed mid-copy left is removed (a resumed one starts over).
      await withContext(orm, () => backups.removeLeftovers());
      await jobRuntime.start(true);
      libraries.setWatchScheduling(watcher);
      importWatcher.start();
      // The first answers then say how the libraries are watched now, not what a predecessor wrote; a folder that
      // is slow to subscribe (a large tree, a sluggish disk) does not hold the start up for long.
      const firstPass = watcher.start();
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([firstPass, new Promise((resolve) => (bound = setTimeout(resolve, FIRST_WATCH_WAIT_MS)))]);
      clearTimeout(bound);
    },
    async close() {
      await importWatcher.stop();
      await watcher.stop();
      await jobRuntime.stop();
      await readers.close();
      await analysis?.close();
      await catalogVersion.close();
      await orm.close(true);
    },
  };
}

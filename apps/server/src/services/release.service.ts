import { canGrab, NotConfiguredError } from '@shelfmark/plugin-sdk';
import type {
  ConnectionTest,
  GrabbingReleaseIndexer,
  GrabRequest,
  GrabResult,
  PluginContext,
  PluginSettings,
  Release,
  ReleaseIndexerPlugin,
} from '@shelfmark/plugin-sdk';
import { ConflictError, NotFoundError, NotImplementedError, ValidationError } from '../domain/errors.js';
import { releaseVolumes } from '../domain/release-volumes.js';
import type { PluginRunner } from '../plugins/plugin-runner.js';
import type { ReleaseRepository, ReleaseSeries } from '../repositories/release.repository.js';
import type { SettingsService } from './settings.service.js';

export interface ReleaseSearch {
  libraryId: string;
  seriesName: string;
  /** Search this volume only. */
  volume?: number;
  /** Search once per missing volume. */
  missing?: boolean;
}

export interface FoundRelease extends Release {
  /** Volumes the title covers, ranges expanded. */
  volumes: number[];
  /** The series' missing volumes among `volumes`. */
  fillsMissing: number[];
}

export interface ReleaseSearchResult {
  items: FoundRelease[];
  /** The queries sent to the indexer, in order. */
  queries: string[];
}

/** Searches run at once: Prowlarr answers a search only when all its indexers have, so they overlap usefully. */
const QUERY_CONCURRENCY = 3;
/**
 * Per-volume searches of one request, at most. The plugin spaces its calls (Prowlarr: one a second) and the admin is
 * waiting on the response; a series missing more volumes is better served by the series search, which finds packs.
 * The first missing volumes are searched, and `queries` says which.
 */
const MAX_VOLUME_QUERIES = 20;

/** Where each setting of the release indexer is written in PATCH /settings. */
const SETTING_PATHS: Record<string, string> = {
  url: 'release_indexer.url',
  api_key: 'release_indexer.api_key',
  categories: 'release_indexer.categories',
};

/** 501 with a message that says what is missing, rather than "not available in this version". */
const NO_RELEASE_INDEXER =
  'Release search needs a release-indexer plugin and none is loaded: add @shelfmark/plugin-prowlarr to ' +
  'SHELFMARK_PLUGINS (or leave SHELFMARK_PLUGINS unset to load the built-in plugins).';

/** Release search through the configured release indexer (Prowlarr). */
export class ReleaseService {
  constructor(
    private readonly runner: PluginRunner,
    private readonly releases: ReleaseRepository,
    private readonly settings: SettingsService,
  ) {}

  async search(input: ReleaseSearch, signal?: AbortSignal): Promise<ReleaseSearchResult> {
    if (input.volume !== undefined && input.missing === true) {
      throw new ValidationError('Give either `volume` or `missing: true`, not both.', [
        { path: '/body/volume', message: 'cannot be combined with missing: true', code: 'exclusive' },
      ]);
    }
    const series = await this.requireSeries(input.libraryId, input.seriesName);
    const missing = await this.releases.missingVolumes(series);
    const queries = buildQueries(series.name, input, missing);
    if (queries.length === 0) {
      // Nothing to search (no missing volume), but an indexer that could not search is still the admin's to fix.
      await this.indexer((plugin, context) => Promise.resolve(requireConfigured(plugin, context.settings)), signal);
      return { items: [], queries };
    }
    const { categories } = (await this.settings.view()).releaseIndexer;
    const answers = await this.runAll(queries, signal, (query, querySignal) =>
      this.indexer((plugin, context) => {
        requireConfigured(plugin, context.settings);
        return plugin.search({ query, categories }, context);
      }, querySignal),
    );
    const items = annotate(answers.flat(), series.name, new Set(missing));
    return { items: items.sort(byUsefulness(input.volume)), queries };
  }

  /**
   * One query to the configured indexer with the configured categories, for the release search job: which plugin
   * answered, with which categories, and its releases as the plugin gave them (opaque `indexerData` included).
   */
  async searchOne(
    query: string,
    signal?: AbortSignal,
  ): Promise<{ provider: string; categories: number[]; releases: Release[] }> {
    const { categories } = (await this.settings.view()).releaseIndexer;
    return this.indexer(async (plugin, context) => {
      requireConfigured(plugin, context.settings);
      const releases = await plugin.search({ query, categories }, context);
      return { provider: plugin.manifest.id, categories, releases };
    }, signal);
  }

  /**
   * Hands a release to the indexer's download client through the plugin's optional `grab` (SDK 1.3). A plugin
   * without it is a 409: the release cannot be grabbed from here.
   */
  async grab(request: GrabRequest, signal?: AbortSignal): Promise<GrabResult & { provider: string }> {
    const loaded = this.runner.releaseIndexerPlugin();
    if (loaded === null) throw new NotImplementedError('Release search', NO_RELEASE_INDEXER);
    // Checked before the call: inside it, any error would read as the plugin's failure (a 502).
    if (!canGrab(loaded)) {
      throw new ConflictError(
        `The release indexer (${loaded.manifest.displayName}) cannot grab releases: its plugin has no grab.`,
      );
    }
    return this.indexer(async (plugin, context) => {
      requireConfigured(plugin, context.settings);
      const result = await (plugin as GrabbingReleaseIndexer).grab(request, context);
      return { ...result, provider: plugin.manifest.id };
    }, signal);
  }

  /** Whether the loaded release indexer can grab (false when none is loaded). */
  canGrab(): boolean {
    const plugin = this.runner.releaseIndexerPlugin();
    return plugin !== null && canGrab(plugin);
  }

  /**
   * The plugin's own check of url and key; a failure is a 200 with `ok: false` and its kind, only a missing setting
   * is a 400. `provider` is the plugin's id.
   */
  test(signal?: AbortSignal): Promise<ConnectionTest & { provider: string }> {
    return this.indexer(async (plugin, context) => {
      requireConfigured(plugin, context.settings);
      const result = await plugin.testConnection(context);
      return {
        ...result,
        provider: plugin.manifest.id,
        ...(result.ok ? { failure: undefined } : { failure: result.failure ?? 'bad_response' }),
      };
    }, signal);
  }

  private async requireSeries(libraryId: string, name: string): Promise<ReleaseSeries> {
    if (!(await this.releases.libraryExists(libraryId))) throw new NotFoundError('Library', libraryId);
    const series = await this.releases.findSeries(libraryId, name);
    if (series === null) throw new NotFoundError('Series', JSON.stringify(name));
    return series;
  }

  private indexer<T>(
    call: (plugin: ReleaseIndexerPlugin, context: PluginContext) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    try {
      return this.runner.releaseIndexer(call, signal);
    } catch (error) {
      // The runner's only synchronous failure: no release-indexer plugin is loaded.
      if (error instanceof NotFoundError) throw new NotImplementedError('Release search', NO_RELEASE_INDEXER);
      throw error;
    }
  }

  /**
   * Runs the queries QUERY_CONCURRENCY at a time and returns their answers in query order. The first failure stops
   * the rest (in-flight calls are aborted) and is what the caller gets.
   */
  private async runAll<T>(
    queries: readonly string[],
    signal: AbortSignal | undefined,
    run: (query: string, signal: AbortSignal) => Promise<T>,
  ): Promise<T[]> {
    const stop = new AbortController();
    const onAbort = () => stop.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const answers: T[] = new Array<T>(queries.length);
    const failures: unknown[] = [];
    let next = 0;
    const worker = async () => {
      while (!stop.signal.aborted && next < queries.length) {
        const index = next++;
        try {
          answers[index] = await run(queries[index]!, stop.signal);
        } catch (error) {
          failures.push(error);
          stop.abort();
        }
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(QUERY_CONCURRENCY, queries.length) }, worker));
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
    if (failures.length > 0) throw failures[0];
    signal?.throwIfAborted();
    return answers;
  }
}

/** `"<name>"`, `"<name>" <volume>`, or one `"<name>" <volume>` per missing volume (the first MAX_VOLUME_QUERIES). */
function buildQueries(seriesName: string, input: ReleaseSearch, missing: readonly number[]): string[] {
  // A double quote inside the name would end the phrase early.
  const phrase = `"${seriesName.replace(/"/g, ' ').replace(/\s+/g, ' ').trim() || seriesName}"`;
  if (input.volume !== undefined) return [`${phrase} ${input.volume}`];
  if (input.missing === true) return missing.slice(0, MAX_VOLUME_QUERIES).map((volume) => `${phrase} ${volume}`);
  return [phrase];
}

/** Releases once each (the first answer of a guid wins), with the volumes they cover and the missing ones they fill. */
function annotate(releases: readonly Release[], seriesName: string, missing: ReadonlySet<number>): FoundRelease[] {
  const byGuid = new Map<string, FoundRelease>();
  for (const release of releases) {
    if (byGuid.has(release.guid)) continue;
    const volumes = releaseVolumes(release.title, seriesName);
    byGuid.set(release.guid, { ...release, volumes, fillsMissing: volumes.filter((volume) => missing.has(volume)) });
  }
  return [...byGuid.values()];
}

/**
 * Most useful first: the asked volume (a volume search), then the most missing volumes filled, then the most seeders
 * (usenet has none: after any torrent that has some), then the newest, then by title for a stable order.
 */
function byUsefulness(volume: number | undefined): (a: FoundRelease, b: FoundRelease) => number {
  const coversAsked = (release: FoundRelease) => (volume !== undefined && release.volumes.includes(volume) ? 1 : 0);
  const published = (release: FoundRelease) => (release.publishDate === null ? 0 : Date.parse(release.publishDate));
  return (a, b) =>
    coversAsked(b) - coversAsked(a) ||
    b.fillsMissing.length - a.fillsMissing.length ||
    (b.seeders ?? -1) - (a.seeders ?? -1) ||
    published(b) - published(a) ||
    a.title.localeCompare(b.title);
}

/**
 * Fails with the plugin SDK's NotConfiguredError (a 400 through the runner) naming each required setting that has no
 * value, as the admin writes it in PATCH /settings.
 */
function requireConfigured(plugin: ReleaseIndexerPlugin, settings: PluginSettings): void {
  const unset = plugin.manifest.settings
    .filter((field) => field.required === true && !hasValue(settings[field.key]))
    .map((field) => SETTING_PATHS[field.key] ?? `plugins.${plugin.manifest.id}.${field.key}`);
  if (unset.length === 0) return;
  throw new NotConfiguredError(
    `The release indexer (${plugin.manifest.displayName}) is not configured: set ${unset.join(' and ')} ` +
      'in the settings (PATCH /api/v1/settings).',
  );
}

function hasValue(value: PluginSettings[string] | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return !Array.isArray(value) || value.length > 0;
}

/**
 * The plugin contract. Plugins return plain data; the server scores candidates, maps statuses, applies locks and
 * writes. A plugin never sees the database or the server's services.
 */

/** Bumped only when a change would break existing plugins; the server refuses plugins of another major API. */
export const SDK_API_VERSION = 1;

export type PluginKind = 'metadata' | 'release-indexer';

export type SettingValue = string | number | boolean | string[] | number[] | null;
export type PluginSettings = Readonly<Record<string, SettingValue>>;

/**
 * Words of a plugin that the admin shows (a setting's label and help): plain English, or (since SDK 1.2) the same
 * text in several languages keyed by ISO 639-1 tag, English required as the fallback for the others, e.g.
 * `{ en: 'API key', fr: 'Clé d’API' }`. The server answers each caller in its language (`textIn`).
 */
export type PluginText = string | LocalizedText;
export type LocalizedText = Readonly<{ en: string } & Record<string, string>>;

/** One field of a plugin's settings form; the admin renders it, the server validates values against it. */
export interface SettingField {
  /** Stable key in snake_case, e.g. `api_key`, `base_url`. */
  key: string;
  type: 'string' | 'url' | 'number' | 'boolean' | 'string-list' | 'number-list';
  label: PluginText;
  help?: PluginText;
  /** Write-only: reads only say whether it is set; its value is redacted from every log line and error. */
  secret?: boolean;
  /** The plugin cannot work without it (e.g. ComicVine's API key): the plugin is listed as not configured. */
  required?: boolean;
  default?: SettingValue;
}

/**
 * The service's published rate limit. The host spaces calls so that at most `requests` start within any window of
 * `perMilliseconds`, shared by every call of the plugin (all jobs, all libraries).
 */
export interface RateLimit {
  requests: number;
  perMilliseconds: number;
}

export interface PluginManifest {
  /** Stable forever: stored in libraries and metadata links. snake_case, e.g. `google_books`. */
  id: string;
  displayName: string;
  version: string;
  /** The SDK_API_VERSION the plugin was written against. */
  apiVersion: number;
  settings: SettingField[];
  rateLimit?: RateLimit;
  /** Per-call timeout the service needs, when the host's default (15 s) does not suit it. */
  timeoutMs?: number;
}

// ---------------------------------------------------------------------------------------------------------------
// Metadata providers

export interface SeriesQuery {
  name: string;
  /** ISO 639-1 language the admin prefers, when the service can filter or localise by it. */
  language?: string;
  year?: number;
  /** How many volumes the library holds, a hint for services that rank by it. */
  localVolumeCount?: number;
}

/** A series as the service describes it. Unknown values are null or empty arrays, never invented. */
export interface SeriesRecord {
  externalId: string;
  title: string;
  alternativeTitles: string[];
  authors: string[];
  description: string | null;
  publishers: string[];
  startYear: number | null;
  /** Only when the service really knows the number of volumes; never a count of search hits. */
  totalVolumes: number | null;
  /** Chapters are not volumes (AniList knows chapters for manga); kept apart so nobody mistakes one for the other. */
  totalChapters: number | null;
  /** The service's own status text, untouched; the server normalises it through its mapping table. */
  rawStatus: string | null;
  genres: string[];
  /** ISO 639-1 when the service says. */
  language: string | null;
  coverUrl: string | null;
  externalUrl: string | null;
  /**
   * How the work is read, when the service knows it (since SDK 1.1; optional, so 1.0 plugins stay valid): `rtl` for
   * Japanese manga, `webtoon` or `vertical` for strips made to be scrolled. Absent or null: the service does not say,
   * and the library's default applies.
   */
  readingDirection?: ReadingDirection | null;
}

/** The reading directions a series can have (the server's `ReadingDirection`). */
export const READING_DIRECTIONS = ['ltr', 'rtl', 'vertical', 'webtoon'] as const;
export type ReadingDirection = (typeof READING_DIRECTIONS)[number];

export interface VolumeRecord {
  externalId: string;
  volumeNumber: number | null;
  title: string | null;
  authors: string[];
  /** ISBN-13 when the service has one, else ISBN-10, digits only (and X). */
  isbn: string | null;
  summary: string | null;
  coverUrl: string | null;
  pageCount: number | null;
  language: string | null;
  /** `YYYY`, `YYYY-MM` or `YYYY-MM-DD`, as precise as the service is, never more. */
  publishDate: string | null;
}

export type SeriesField = Exclude<keyof SeriesRecord, 'externalId' | 'title'>;
export type VolumeField = Exclude<keyof VolumeRecord, 'externalId'>;

export interface MetadataCapabilities {
  /** The fields this provider can fill on a series (a field outside the list is always null/empty). */
  series: SeriesField[];
  volumes: VolumeField[];
  /** Whether `getVolumes` returns anything for this service. */
  hasVolumes: boolean;
  /** Whether the `language` preference changes what the service answers. */
  honoursLanguage: boolean;
}

export interface MetadataProviderPlugin {
  kind: 'metadata';
  manifest: PluginManifest;
  capabilities: MetadataCapabilities;
  /** Candidates in the service's own order, at most 20; the server computes confidence. */
  searchSeries(query: SeriesQuery, context: PluginContext): Promise<SeriesRecord[]>;
  /** The series, fresh. Throws NotFoundError when the service no longer knows the id. */
  getSeries(externalId: string, context: PluginContext): Promise<SeriesRecord>;
  getVolumes(externalId: string, context: PluginContext): Promise<VolumeRecord[]>;
}

// ---------------------------------------------------------------------------------------------------------------
// Release indexers

export interface ReleaseQuery {
  query: string;
  /** Newznab categories, e.g. 7030 (Comics), 7020 (EBook). */
  categories: number[];
}

export interface Release {
  guid: string;
  title: string;
  sizeBytes: number | null;
  indexer: string | null;
  protocol: 'torrent' | 'usenet' | 'unknown';
  seeders: number | null;
  leechers: number | null;
  /** RFC 3339. */
  publishDate: string | null;
  downloadUrl: string | null;
  infoUrl: string | null;
  categories: number[];
  /**
   * What the plugin needs to find this release again in its service (since SDK 1.3; optional, so 1.0 plugins stay
   * valid), e.g. Prowlarr's own `guid` and `indexerId`. Opaque to the server: it stores it with a search candidate,
   * hands it back untouched to `grab`, and never shows it to anyone, since it may hold what `guid` and the links do
   * not (an indexer's own link). Plain JSON values, at most 4 KB serialised.
   */
  indexerData?: IndexerData;
}

/** A release's opaque data for its plugin (see `Release.indexerData`). */
export type IndexerData = Readonly<Record<string, string | number | boolean | null>>;

/** A release to grab: what the plugin answered for it, and the search that found it. */
export interface GrabRequest {
  guid: string;
  title: string;
  /** The release's `indexerData` as the plugin gave it; `{}` when it gave none. */
  indexerData: IndexerData;
  /** The search whose answer held the release, for a service that grabs only from its recent answers. */
  query: ReleaseQuery;
  /** RFC 3339: when that search ran. */
  searchedAt: string;
}

export interface GrabResult {
  /** A sentence for the admin: who received the release (e.g. "Sent to qBittorrent by Prowlarr"). Never a secret. */
  message: string;
}

/** Why a connection test failed, for the admin to say in its own language (the server's `ProviderFailureKind`). */
export type ConnectionFailure =
  'not_configured' | 'refused_key' | 'rate_limited' | 'unreachable' | 'unavailable' | 'bad_response' | 'wrong_url';

export interface ConnectionTest {
  ok: boolean;
  /** A sentence for the admin: what worked, or what to fix. Never contains a secret. */
  message: string;
  indexerCount?: number;
  /** When `ok` is false: the kind of failure (the host says `bad_response` when a plugin leaves it out). */
  failure?: ConnectionFailure;
}

export interface ReleaseIndexerPlugin {
  kind: 'release-indexer';
  manifest: PluginManifest;
  search(query: ReleaseQuery, context: PluginContext): Promise<Release[]>;
  testConnection(context: PluginContext): Promise<ConnectionTest>;
  /**
   * Hands a release found by `search` to the download client the service is set up with (since SDK 1.3; optional:
   * a plugin without it cannot grab, and the admin hides the button). Failures are the SDK's errors: AuthError (a
   * refused key), NotFoundError (the service no longer knows the release, even after searching again),
   * UnavailableError (the service, the indexer or the download client failed), RateLimitedError, BadResponseError.
   */
  grab?(release: GrabRequest, context: PluginContext): Promise<GrabResult>;
}

/** A release indexer that can grab (SDK 1.3's optional capability). */
export type GrabbingReleaseIndexer = ReleaseIndexerPlugin & Required<Pick<ReleaseIndexerPlugin, 'grab'>>;

/** Whether a release indexer has the optional `grab` capability. */
export function canGrab(plugin: ReleaseIndexerPlugin): plugin is GrabbingReleaseIndexer {
  return typeof plugin.grab === 'function';
}

export type ShelfmarkPlugin = MetadataProviderPlugin | ReleaseIndexerPlugin;

// ---------------------------------------------------------------------------------------------------------------
// What the host hands to every call

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface HttpRequestOptions {
  method?: 'GET' | 'POST';
  /** Appended to the URL; null/undefined values are left out, arrays repeat the key. */
  query?: Readonly<Record<string, QueryValue>>;
  headers?: Readonly<Record<string, string>>;
  /** Sent as JSON with `Content-Type: application/json`. */
  json?: unknown;
  /** Overrides the plugin's per-call timeout for this request. */
  timeoutMs?: number;
  /**
   * Statuses the plugin wants to read itself instead of getting a typed error (e.g. 404 to map to NotFoundError
   * with its own message). 2xx are always returned.
   */
  acceptStatus?: readonly number[];
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  /** The final URL after redirects. */
  url: string;
  text: string;
  /** Parses `text`; throws BadResponseError (not SyntaxError) when it is not JSON, e.g. an HTML page. */
  json<T = unknown>(): T;
}

/**
 * HTTP for plugins: timeout, the call's abort signal, User-Agent, the plugin's rate limit, retries with backoff on
 * 429 (honouring Retry-After) and 5xx, and a cap on response size. Failures arrive as typed PluginErrors:
 * 401/403 → AuthError, 429 after retries → RateLimitedError, 5xx after retries / network failure / timeout →
 * UnavailableError, 404 → NotFoundError, oversized or undecodable body → BadResponseError.
 */
export interface HttpClient {
  request(url: string | URL, options?: HttpRequestOptions): Promise<HttpResponse>;
  getJson<T = unknown>(url: string | URL, options?: Omit<HttpRequestOptions, 'method' | 'json'>): Promise<T>;
  getText(url: string | URL, options?: Omit<HttpRequestOptions, 'method' | 'json'>): Promise<string>;
  postJson<T = unknown>(
    url: string | URL,
    body: unknown,
    options?: Omit<HttpRequestOptions, 'method' | 'json'>,
  ): Promise<T>;
}

/** Structured fields only; values equal to a secret setting are replaced by `[redacted]` before they are written. */
export interface PluginLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export interface PluginContext {
  settings: PluginSettings;
  /** ISO 639-1, the admin's provider language preference (default `en`). */
  language: string;
  /** Aborted when the job is cancelled, the server stops or the call times out. */
  signal: AbortSignal;
  http: HttpClient;
  log: PluginLogger;
}

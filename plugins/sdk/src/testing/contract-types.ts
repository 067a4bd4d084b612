import type {
  MetadataProviderPlugin,
  PluginSettings,
  ReleaseIndexerPlugin,
  ReleaseQuery,
  SeriesQuery,
} from '../types.js';
import type { FakeMode, FakeService } from './fake-types.js';

interface ContractCommon {
  /**
   * Starts the plugin's own fake of its service (one per suite). Optional only when `usesHttp` is false: the suite
   * then starts a fake that answers 404 to everything, and checks that nothing reached it.
   */
  startFake?(): Promise<FakeService>;
  /**
   * Whether the plugin sends requests through `context.http` (default true). A plugin that makes no HTTP request (a
   * local catalogue, a computed answer) sets it to false: the User-Agent and abort tests, which need a request in
   * flight, are then listed as skipped with this reason, and the suite checks instead that no request was sent.
   */
  usesHttp?: boolean;
  /** Settings that point the plugin at the fake, secrets included. */
  settings(fakeUrl: string): PluginSettings;
  /** Values that must never appear in a log line or an error message (API keys). */
  secrets: string[];
  /** Error modes the service can produce; the generic set minus those that make no sense for it. */
  errorModes: Exclude<FakeMode, 'ok'>[];
  language?: string;
}

export interface MetadataContractOptions extends ContractCommon {
  plugin: MetadataProviderPlugin;
  /** A query the fake answers with at least one series, whose first result has `externalId`. */
  knownSeries: { query: SeriesQuery; externalId: string };
  /** A query the fake answers with no result. */
  emptyQuery: SeriesQuery;
  /** An id the fake does not know: getSeries must throw NotFoundError. */
  unknownExternalId: string;
  /** Settings under which the plugin must fail with NotConfiguredError (e.g. ComicVine without a key). */
  unconfiguredSettings?(fakeUrl: string): PluginSettings;
}

export interface ReleaseIndexerContractOptions extends ContractCommon {
  plugin: ReleaseIndexerPlugin;
  /** A query the fake answers with at least one release. */
  query: ReleaseQuery;
  emptyQuery: ReleaseQuery;
  unconfiguredSettings?(fakeUrl: string): PluginSettings;
}

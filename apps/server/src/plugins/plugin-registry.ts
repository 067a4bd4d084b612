import {
  PluginHost,
  type MetadataProviderPlugin,
  type PluginHostOptions,
  type ReleaseIndexerPlugin,
  type ShelfmarkPlugin,
} from '@shelfmark/plugin-sdk';
import type { FailedPlugin, LoadedPlugin } from './plugin-loader.js';

export type PluginStatus = 'loaded' | 'failed';

export interface PluginEntry {
  id: string;
  specifier: string;
  status: PluginStatus;
  plugin: ShelfmarkPlugin | null;
  /** One host per plugin: its rate limit is shared by every call, from every job and request. */
  host: PluginHost | null;
  lastError: string | null;
}

export interface LoadedEntry<P extends ShelfmarkPlugin> extends PluginEntry {
  status: 'loaded';
  plugin: P;
  host: PluginHost;
}

/** The plugins this process loaded (and those that failed to), by id. */
export class PluginRegistry {
  private readonly entries = new Map<string, PluginEntry>();

  constructor(loaded: LoadedPlugin[], failed: FailedPlugin[], hostOptions: PluginHostOptions) {
    for (const { specifier, plugin } of loaded) {
      const host = new PluginHost(plugin, hostOptions);
      this.entries.set(plugin.manifest.id, {
        id: plugin.manifest.id,
        specifier,
        status: 'loaded',
        plugin,
        host,
        lastError: null,
      });
    }
    for (const failure of failed) {
      const id = this.entries.has(failure.id) ? `${failure.id}_failed` : failure.id;
      this.entries.set(id, {
        id,
        specifier: failure.specifier,
        status: 'failed',
        plugin: null,
        host: null,
        lastError: failure.error,
      });
    }
  }

  list(): PluginEntry[] {
    return [...this.entries.values()];
  }

  get(id: string): PluginEntry | undefined {
    return this.entries.get(id);
  }

  metadataProvider(id: string): LoadedEntry<MetadataProviderPlugin> | undefined {
    const entry = this.entries.get(id);
    return entry?.status === 'loaded' && entry.plugin?.kind === 'metadata'
      ? (entry as LoadedEntry<MetadataProviderPlugin>)
      : undefined;
  }

  /** The release indexer in use: the first one loaded (Shelfmark ships one, Prowlarr). */
  releaseIndexer(): LoadedEntry<ReleaseIndexerPlugin> | undefined {
    return this.list().find(
      (entry): entry is LoadedEntry<ReleaseIndexerPlugin> =>
        entry.status === 'loaded' && entry.plugin?.kind === 'release-indexer',
    );
  }

  metadataProviderIds(): string[] {
    return this.list()
      .filter((entry) => entry.status === 'loaded' && entry.plugin?.kind === 'metadata')
      .map((entry) => entry.id);
  }

  releaseIndexerIds(): string[] {
    return this.list()
      .filter((entry) => entry.status === 'loaded' && entry.plugin?.kind === 'release-indexer')
      .map((entry) => entry.id);
  }

  recordError(id: string, error: string | null): void {
    const entry = this.entries.get(id);
    if (entry) entry.lastError = error;
  }
}

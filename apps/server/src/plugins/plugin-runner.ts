import {
  isPluginError,
  type MetadataProviderPlugin,
  type PluginContext,
  type PluginSettings,
  type ReleaseIndexerPlugin,
  type ShelfmarkPlugin,
} from '@shelfmark/plugin-sdk';
import { NotFoundError, ProviderFailureError, ProviderNotConfiguredError, ValidationError } from '../domain/errors.js';
import type { ProviderFailureKind } from '../domain/problem-codes.js';
import { unreachableReason } from './unreachable.js';
import type { Logger } from '../logger.js';
import type { LoadedEntry, PluginRegistry } from './plugin-registry.js';

/** Where the runner finds what each call needs; the settings service provides it. */
export interface PluginCallSettings {
  pluginSettings(pluginId: string): Promise<PluginSettings>;
  providerLanguage(): Promise<string>;
}

const FAILURE_WORDS: Record<ProviderFailureKind, string> = {
  refused_key: 'credentials refused',
  not_configured: 'not configured',
  rate_limited: 'rate limited',
  unreachable: 'unreachable',
  unavailable: 'unavailable',
  bad_response: 'bad response',
  blocked: 'blocked by an anti-bot page',
  not_found: 'not found',
  wrong_url: 'not the service expected at this address',
};

/**
 * The contract's kind of failure (`ProviderFailureKind`) for a plugin error: the SDK's code, with its `unavailable`
 * split into `unreachable` (no answer at all: DNS, refused connection, timeout) and `unavailable` (a server error).
 */
export function failureKind(error: unknown): ProviderFailureKind {
  if (!isPluginError(error)) return 'bad_response';
  switch (error.code) {
    case 'auth':
      return 'refused_key';
    case 'unavailable':
      return unreachableReason(error) === null ? 'unavailable' : 'unreachable';
    default:
      return error.code;
  }
}

/**
 * Every plugin call goes through here: the plugin's host (timeout, abort, rate limit, retries, typed errors), the
 * stored settings and language, timing in the logs, and the failure recorded as the plugin's last error and turned
 * into a 502 problem that names the provider.
 */
export class PluginRunner {
  constructor(
    private readonly registry: PluginRegistry,
    private readonly settings: PluginCallSettings,
    private readonly logger: Logger,
  ) {}

  /** The loaded metadata provider with this id; a 400 naming it when none is loaded. */
  requireMetadataProvider(providerId: string): LoadedEntry<MetadataProviderPlugin> {
    const entry = this.registry.metadataProvider(providerId);
    if (entry) return entry;
    if (this.registry.releaseIndexerIds().includes(providerId)) {
      const message = `${providerId} is a release indexer, not a metadata provider`;
      throw new ValidationError(`${message}.`, [{ path: '/body/provider', message, code: 'notMetadataProvider' }]);
    }
    const known = this.registry.metadataProviderIds().join(', ');
    throw new ValidationError(`The metadata provider "${providerId}" is not loaded.`, [
      {
        path: '/body/provider',
        message: `unknown or unavailable provider "${providerId}"; use one of ${known}`,
        code: 'enum',
        allowed: this.registry.metadataProviderIds(),
      },
    ]);
  }

  metadata<T>(
    providerId: string,
    call: (plugin: MetadataProviderPlugin, context: PluginContext) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    return this.run(this.requireMetadataProvider(providerId), call, signal);
  }

  /** The loaded release-indexer plugin, to read what it can do; null when none is loaded. */
  releaseIndexerPlugin(): ReleaseIndexerPlugin | null {
    return this.registry.releaseIndexer()?.plugin ?? null;
  }

  releaseIndexer<T>(
    call: (plugin: ReleaseIndexerPlugin, context: PluginContext) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const entry = this.registry.releaseIndexer();
    if (!entry) throw new NotFoundError('Release indexer plugin');
    return this.run(entry, call, signal);
  }

  private async run<P extends ShelfmarkPlugin, T>(
    entry: LoadedEntry<P>,
    call: (plugin: P, context: PluginContext) => Promise<T>,
    signal: AbortSignal | undefined,
  ): Promise<T> {
    const [settings, language] = await Promise.all([
      this.settings.pluginSettings(entry.id),
      this.settings.providerLanguage(),
    ]);
    const started = performance.now();
    try {
      const result = await entry.host.run((context) => call(entry.plugin, context), { settings, language, signal });
      this.registry.recordError(entry.id, null);
      this.logger.debug({ plugin: entry.id, ms: Math.round(performance.now() - started) }, 'plugin call');
      return result;
    } catch (error) {
      // A cancelled job is not the provider's failure.
      if (error instanceof Error && error.name === 'AbortError') throw error;
      const code = failureKind(error);
      const message = error instanceof Error ? error.message : 'failed';
      this.registry.recordError(entry.id, message);
      // A missing setting is the admin's to fix, not the service's failure.
      if (code === 'not_configured') throw new ProviderNotConfiguredError(entry.id, message);
      this.logger.warn({ plugin: entry.id, failure: code, ms: Math.round(performance.now() - started) }, message);
      const failure = new ProviderFailureError(
        entry.id,
        code,
        `Provider ${entry.id} failed: ${FAILURE_WORDS[code]}. ${message}`,
      );
      // The plugin's error (and its network cause) stays reachable: a batch judges from it whether the provider is down.
      failure.cause = error;
      throw failure;
    }
  }
}

import { NO_PROVIDER } from '../entities/library.entity.js';

/** What the library rules need to know of the loaded plugins. */
export interface ProviderCatalog {
  metadataProviderIds(): string[];
  releaseIndexerIds(): string[];
}

export function isKnownProvider(catalog: ProviderCatalog, id: string): boolean {
  return id === NO_PROVIDER || catalog.metadataProviderIds().includes(id);
}

/**
 * Why `id` cannot be a library's metadata provider, naming the ids that can (users guess `open-library` for
 * `open_library`, or name the release indexer); null when it can.
 */
export function providerIssue(catalog: ProviderCatalog, id: string): string | null {
  if (isKnownProvider(catalog, id)) return null;
  const known = [NO_PROVIDER, ...catalog.metadataProviderIds()].join(', ');
  if (catalog.releaseIndexerIds().includes(id)) {
    return `${id} is a release indexer, not a metadata provider; use one of ${known}`;
  }
  return `unknown provider "${id}"; use one of ${known}`;
}

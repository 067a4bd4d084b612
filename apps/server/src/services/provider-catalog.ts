import { NO_PROVIDER } from '../entities/library.entity.js';

/** What the library rules need to know of the loaded metadata providers. */
export interface ProviderCatalog {
  metadataProviderIds(): string[];
}

/**
 * The built-in providers, until the plugin registry replaces this catalog with the plugins that are
 * actually loaded.
 */
export const BUILT_IN_METADATA_PROVIDERS = ['google_books', 'open_library', 'comicvine', 'anilist', 'bedetheque'];

export const builtInProviderCatalog: ProviderCatalog = {
  metadataProviderIds: () => BUILT_IN_METADATA_PROVIDERS,
};

export function isKnownProvider(catalog: ProviderCatalog, id: string): boolean {
  return id === NO_PROVIDER || catalog.metadataProviderIds().includes(id);
}

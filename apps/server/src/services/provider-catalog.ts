import { NO_PROVIDER } from '../entities/library.entity.js';

/** What the library rules need to know of the loaded metadata providers. */
export interface ProviderCatalog {
  metadataProviderIds(): string[];
}

export function isKnownProvider(catalog: ProviderCatalog, id: string): boolean {
  return id === NO_PROVIDER || catalog.metadataProviderIds().includes(id);
}

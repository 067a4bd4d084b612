import { trpc } from '../../trpc.js';
import type { Library } from '../libraries/types.js';

/**
 * The providers' display names by plugin id. The plugins only name the providers, so a failure to list them is not
 * the page's: the ids are shown instead (an empty map).
 */
export async function loadProviderNames(): Promise<Map<string, string>> {
  const plugins = await trpc.plugins.list.query({}).catch(() => ({ items: [] }));
  return new Map(plugins.items.map((plugin) => [plugin.id, plugin.name]));
}

/** What the metadata pages start from: the libraries to choose among, and the providers' names by plugin id. */
export async function loadLibrariesAndProviders(): Promise<{
  libraries: Library[];
  providerNames: Map<string, string>;
}> {
  const [list, providerNames] = await Promise.all([trpc.libraries.list.query({ limit: 500 }), loadProviderNames()]);
  return { libraries: list.items, providerNames };
}

import { trpc } from '../../trpc.js';
import type { Library } from '../libraries/types.js';

/**
 * What the metadata pages start from: the libraries to choose among, and the providers' names by plugin id. The
 * plugins only name the providers, so a failure there is not the page's: the ids are shown instead.
 */
export async function loadLibrariesAndProviders(): Promise<{
  libraries: Library[];
  providerNames: Map<string, string>;
}> {
  const [list, plugins] = await Promise.all([
    trpc.libraries.list.query({ limit: 500 }),
    trpc.plugins.list.query({}).catch(() => ({ items: [] })),
  ]);
  return { libraries: list.items, providerNames: new Map(plugins.items.map((plugin) => [plugin.id, plugin.name])) };
}

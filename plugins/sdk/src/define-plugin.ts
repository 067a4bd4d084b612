import type { MetadataProviderPlugin, ReleaseIndexerPlugin, ShelfmarkPlugin } from './types.js';

/**
 * Identity at run time; gives plugin authors type checking and completion, and lets the loader recognise a plugin
 * module (`export default definePlugin({...})`).
 */
export function definePlugin(plugin: MetadataProviderPlugin): MetadataProviderPlugin;
export function definePlugin(plugin: ReleaseIndexerPlugin): ReleaseIndexerPlugin;
export function definePlugin(plugin: ShelfmarkPlugin): ShelfmarkPlugin {
  return plugin;
}

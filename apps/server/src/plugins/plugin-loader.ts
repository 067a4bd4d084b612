import { readFileSync, statSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { isAbsolute, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SDK_API_VERSION, pluginTextProblem, type ShelfmarkPlugin } from '@shelfmark/plugin-sdk';

export interface LoadedPlugin {
  specifier: string;
  plugin: ShelfmarkPlugin;
}

export interface FailedPlugin {
  specifier: string;
  /** Best guess of the id the plugin would have had, for listing (the module never said). */
  id: string;
  error: string;
}

const ID_PATTERN = /^[a-z0-9][a-z0-9_]{0,63}$/;

/** `@shelfmark/plugin-google-books` → `google_books`; `/opt/my-plugin.js` → `my_plugin`. */
export function idFromSpecifier(specifier: string): string {
  const base = specifier.split(/[\\/]/).at(-1) ?? specifier;
  const id = base
    .replace(/\.[cm]?js$/, '')
    .replace(/^plugin-/, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return ID_PATTERN.test(id) ? id : 'unnamed_plugin';
}

/** What is wrong with a module's default export as a plugin, or null when it is one. */
export function pluginProblem(candidate: unknown): string | null {
  if (typeof candidate !== 'object' || candidate === null)
    return 'its default export is not a plugin (use definePlugin)';
  const plugin = candidate as Partial<ShelfmarkPlugin>;
  const manifest = plugin.manifest;
  if (plugin.kind !== 'metadata' && plugin.kind !== 'release-indexer')
    return 'kind must be "metadata" or "release-indexer"';
  if (!manifest || typeof manifest !== 'object') return 'it has no manifest';
  if (typeof manifest.id !== 'string' || !ID_PATTERN.test(manifest.id))
    return 'manifest.id must be snake_case (a-z, 0-9, _)';
  if (typeof manifest.displayName !== 'string' || manifest.displayName === '') return 'manifest.displayName is missing';
  if (manifest.apiVersion !== SDK_API_VERSION) {
    return `it is written for plugin API ${String(manifest.apiVersion)}; this server supports ${SDK_API_VERSION}`;
  }
  if (!Array.isArray(manifest.settings)) return 'manifest.settings must be a list';
  for (const [index, field] of manifest.settings.entries()) {
    const words = wordsProblem(field);
    if (words) return `manifest.settings[${index}].${words}`;
  }
  const operations =
    plugin.kind === 'metadata' ? ['searchSeries', 'getSeries', 'getVolumes'] : ['search', 'testConnection'];
  for (const name of operations) {
    if (typeof (plugin as Record<string, unknown>)[name] !== 'function') return `it does not implement ${name}()`;
  }
  // SDK 1.3's optional capability: absent is fine, present must be callable.
  const grab = (plugin as Record<string, unknown>).grab;
  if (plugin.kind === 'release-indexer' && grab !== undefined && typeof grab !== 'function') {
    return 'its grab must be a function when it is given';
  }
  return null;
}

/** What is wrong with a setting's label or help (the words the admin shows, SDK 1.2: by language), or null. */
function wordsProblem(field: unknown): string | null {
  if (typeof field !== 'object' || field === null) return 'is not a setting field';
  const { label, help } = field as { label?: unknown; help?: unknown };
  const labelProblem = pluginTextProblem(label);
  if (labelProblem) return `label ${labelProblem}`;
  const helpProblem = help === undefined ? null : pluginTextProblem(help);
  return helpProblem ? `help ${helpProblem}` : null;
}

const SDK_PACKAGE = '@shelfmark/plugin-sdk';
let sdkOfferedToPlugins = false;

/**
 * A plugin installed outside the server's tree declares the SDK as a peer dependency and does not bring it: its
 * `import '@shelfmark/plugin-sdk'` would find nothing. This resolve hook answers such an import with the server's
 * own copy (resolved from here), the same module instance the host runs on. A plugin that brings its own copy keeps
 * it (its errors are still recognised: the SDK brands them). Registered once, before the first plugin is imported.
 */
export function offerSdkToPlugins(): void {
  if (sdkOfferedToPlugins) return;
  sdkOfferedToPlugins = true;
  const serverModule = import.meta.url;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      if (specifier !== SDK_PACKAGE && !specifier.startsWith(`${SDK_PACKAGE}/`)) return nextResolve(specifier, context);
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
        return nextResolve(specifier, { ...context, parentURL: serverModule });
      }
    },
  });
}

/**
 * What to import for a specifier: a package name as is; an absolute path to a module as a file URL; an absolute path
 * to a folder (a plugin package on disk) as the module its package.json names (`exports`, else `main`, else
 * index.js).
 */
export function importTarget(specifier: string): string {
  if (!isAbsolute(specifier)) return specifier;
  if (!statSync(specifier).isDirectory()) return pathToFileURL(specifier).href;
  let manifest: { exports?: unknown; main?: unknown } = {};
  try {
    manifest = JSON.parse(readFileSync(join(specifier, 'package.json'), 'utf8')) as typeof manifest;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
  }
  const entry = exportedEntry(manifest.exports) ?? (typeof manifest.main === 'string' ? manifest.main : 'index.js');
  return pathToFileURL(join(specifier, entry)).href;
}

/** The entry of a package's `exports` for `import` of the package itself, when it says. */
function exportedEntry(exports: unknown): string | null {
  if (typeof exports === 'string') return exports;
  if (Array.isArray(exports)) return exportedEntry(exports[0]);
  if (typeof exports !== 'object' || exports === null) return null;
  const map = exports as Record<string, unknown>;
  if ('.' in map) return exportedEntry(map['.']);
  for (const condition of ['import', 'node', 'default']) {
    if (condition in map) return exportedEntry(map[condition]);
  }
  return null;
}

/**
 * Imports each plugin module and checks it. A module that throws, or exports something that is not a valid plugin,
 * or repeats an id already loaded, is reported as failed; the others load regardless.
 */
export async function loadPlugins(
  specifiers: readonly string[],
): Promise<{ loaded: LoadedPlugin[]; failed: FailedPlugin[] }> {
  const loaded: LoadedPlugin[] = [];
  const failed: FailedPlugin[] = [];
  offerSdkToPlugins();
  for (const specifier of specifiers) {
    let candidate: unknown;
    try {
      const target = importTarget(specifier);
      candidate = ((await import(target)) as { default?: unknown }).default;
    } catch (error) {
      const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      failed.push({
        specifier,
        id: idFromSpecifier(specifier),
        error: `could not be imported (${reason.slice(0, 300)})`,
      });
      continue;
    }
    const problem = pluginProblem(candidate);
    if (problem !== null) {
      failed.push({ specifier, id: idFromSpecifier(specifier), error: problem });
      continue;
    }
    const plugin = candidate as ShelfmarkPlugin;
    if (loaded.some((other) => other.plugin.manifest.id === plugin.manifest.id)) {
      failed.push({
        specifier,
        id: plugin.manifest.id,
        error: `another plugin already has the id "${plugin.manifest.id}"`,
      });
      continue;
    }
    loaded.push({ specifier, plugin });
  }
  return { loaded, failed };
}

import { NotConfiguredError } from '@shelfmark/plugin-sdk';
import type { PluginSettings, SettingValue } from '@shelfmark/plugin-sdk';

/** Newznab "Books/Comics" and "Books/EBook". */
export const DEFAULT_CATEGORIES: readonly number[] = [7030, 7020];

export interface ProwlarrConnection {
  /** Without a trailing slash; keeps a URL base such as `/prowlarr` that a reverse proxy may add. */
  baseUrl: string;
  apiKey: string;
}

/** Settings read without throwing, so testConnection can turn a problem into a message. */
export type ConnectionSettings = { ok: true; connection: ProwlarrConnection } | { ok: false; problem: string };

export function readConnection(settings: PluginSettings): ConnectionSettings {
  const url = nonEmpty(settings.url);
  if (url === null) {
    return { ok: false, problem: 'Prowlarr is not configured: set "url" to the address of your Prowlarr server.' };
  }
  const base = httpBaseUrl(url);
  if ('problem' in base) return { ok: false, problem: `Prowlarr is not configured: "url" ${base.problem}.` };
  const apiKey = nonEmpty(settings.api_key);
  if (apiKey === null) {
    return {
      ok: false,
      problem: 'Prowlarr is not configured: set "api_key" (Prowlarr → Settings → General → Security → API Key).',
    };
  }
  return { ok: true, connection: { baseUrl: base.baseUrl, apiKey } };
}

export function requireConnection(settings: PluginSettings): ProwlarrConnection {
  const result = readConnection(settings);
  if (!result.ok) throw new NotConfiguredError(result.problem);
  return result.connection;
}

/** The categories to search: the query's, else the setting, else the Newznab book defaults. */
export function searchCategories(requested: readonly number[], setting: SettingValue | undefined): number[] {
  const fromQuery = categoryList(requested);
  if (fromQuery.length > 0) return fromQuery;
  const fromSetting = Array.isArray(setting) ? categoryList(setting) : [];
  return fromSetting.length > 0 ? fromSetting : [...DEFAULT_CATEGORIES];
}

function categoryList(values: readonly (string | number)[]): number[] {
  const ids = values.map((value) => (typeof value === 'string' ? Number(value.trim()) : value));
  return [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
}

function nonEmpty(value: SettingValue | undefined): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function httpBaseUrl(value: string): { baseUrl: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: 'must be an address such as http://localhost:9696' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'must start with http:// or https://' };
  // fetch refuses URLs with credentials, and they would end up in messages.
  if (url.username !== '' || url.password !== '') return { problem: 'must not contain a user name or password' };
  if (url.search !== '' || url.hash !== '') return { problem: 'must not contain a query string or fragment' };
  return { baseUrl: url.href.replace(/\/+$/, '') };
}

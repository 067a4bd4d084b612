import { NotConfiguredError } from '@shelfmark/plugin-sdk';
import type { PluginSettings } from '@shelfmark/plugin-sdk';

export const DEFAULT_BASE_URL = 'https://comicvine.gamespot.com';

export interface ComicVineSettings {
  apiKey: string;
  /** `…/api/`, to which resource paths such as `search/` are appended (ComicVine wants the trailing slashes). */
  apiRoot: string;
}

/** Reads and checks the settings before any request, so a misconfigured plugin never reaches the service. */
export function readSettings(settings: PluginSettings): ComicVineSettings {
  const apiKey = settings.api_key;
  if (typeof apiKey !== 'string' || apiKey.trim() === '') {
    throw new NotConfiguredError(
      'ComicVine needs an API key: set api_key in the ComicVine plugin settings (a free key comes with a ComicVine account, at https://comicvine.gamespot.com/api/)',
    );
  }
  return { apiKey: apiKey.trim(), apiRoot: apiRootOf(settings.base_url) };
}

function apiRootOf(value: PluginSettings[string] | undefined): string {
  const configured = typeof value === 'string' && value.trim() !== '' ? value.trim() : DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(configured);
  } catch {
    throw new NotConfiguredError(
      `ComicVine base_url "${configured}" is not a URL: fix base_url in the plugin settings`,
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new NotConfiguredError(
      `ComicVine base_url "${configured}" must be an http(s) URL: fix base_url in the plugin settings`,
    );
  }
  // Admins paste either the site's address or the API's (`…/api`); both mean the same service.
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api$/, '');
  return `${url.origin}${path}/api/`;
}

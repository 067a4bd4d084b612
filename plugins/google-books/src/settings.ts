import { NotConfiguredError } from '@shelfmark/plugin-sdk';
import type { PluginSettings } from '@shelfmark/plugin-sdk';

export const DEFAULT_BASE_URL = 'https://www.googleapis.com';

export interface GoogleBooksSettings {
  /** No trailing slash; may carry a path prefix when a proxy serves the API under one. */
  baseUrl: string;
  apiKey: string | null;
}

function readBaseUrl(value: PluginSettings[string] | undefined): string {
  if (value === undefined || value === null || value === '') return DEFAULT_BASE_URL;
  let url: URL | null = null;
  if (typeof value === 'string') {
    try {
      url = new URL(value.trim());
    } catch {
      url = null;
    }
  }
  if (url === null || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search !== '') {
    throw new NotConfiguredError('Google Books: base_url must be an http(s) URL such as https://www.googleapis.com');
  }
  return url.href.replace(/\/+$/, '');
}

export function readSettings(settings: PluginSettings): GoogleBooksSettings {
  const key = settings.api_key;
  return {
    baseUrl: readBaseUrl(settings.base_url),
    apiKey: typeof key === 'string' && key.trim() !== '' ? key.trim() : null,
  };
}

/** The plugin's settings, read and checked once per call. */
import { NotConfiguredError } from '@shelfmark/plugin-sdk';
import type { PluginSettings, SettingField } from '@shelfmark/plugin-sdk';
import { DEFAULT_BASE_URL } from './links.js';

export const SETTINGS: SettingField[] = [
  {
    key: 'base_url',
    type: 'url',
    label: { en: 'Base URL', fr: 'URL de base' },
    help: {
      en: 'Bédéthèque itself, or a proxy or mirror that answers the same pages.',
      fr: 'Bédéthèque elle-même, ou un proxy ou un miroir qui sert les mêmes pages.',
    },
    default: DEFAULT_BASE_URL,
  },
  {
    key: 'user_agent',
    type: 'string',
    label: { en: 'User-Agent', fr: 'User-Agent' },
    help: {
      en:
        "Sent instead of Shelfmark's own User-Agent. Leave empty unless Bédéthèque keeps answering with its " +
        'anti-bot page.',
      fr:
        'Envoyé à la place du User-Agent de Shelfmark. À laisser vide, sauf si Bédéthèque répond sans cesse par sa ' +
        'page anti-robots.',
    },
  },
];

export interface BedethequeSettings {
  /** Without a trailing slash; may hold a path when a proxy serves the site under one. */
  baseUrl: string;
  userAgent: string | null;
}

export function readSettings(settings: PluginSettings): BedethequeSettings {
  return { baseUrl: baseUrlFrom(settings.base_url), userAgent: userAgentFrom(settings.user_agent) };
}

function baseUrlFrom(value: PluginSettings[string] | undefined): string {
  if (value === undefined || value === null || value === '') return DEFAULT_BASE_URL;
  if (typeof value !== 'string') throw new NotConfiguredError('Bédéthèque: the setting base_url must be a URL');
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new NotConfiguredError('Bédéthèque: the setting base_url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new NotConfiguredError('Bédéthèque: the setting base_url must be an http or https URL');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

function userAgentFrom(value: PluginSettings[string] | undefined): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** A site path (`/serie-3-BD-Blacksad.html`) under the configured base, keeping a proxy's own path prefix. */
export function siteUrl(baseUrl: string, path: string): string {
  return `${baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

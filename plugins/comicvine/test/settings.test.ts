import { NotConfiguredError } from '@shelfmark/plugin-sdk';
import type { PluginSettings } from '@shelfmark/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { readSettings } from '../src/settings.js';

describe('readSettings', () => {
  it('uses the real service when base_url is unset or blank', () => {
    expect(readSettings({ api_key: 'k' }).apiRoot).toBe('https://comicvine.gamespot.com/api/');
    expect(readSettings({ api_key: 'k', base_url: '  ' }).apiRoot).toBe('https://comicvine.gamespot.com/api/');
    expect(readSettings({ api_key: 'k', base_url: null }).apiRoot).toBe('https://comicvine.gamespot.com/api/');
  });

  it('keeps the path of a proxy and accepts the API address itself', () => {
    expect(readSettings({ api_key: 'k', base_url: 'http://proxy.lan:8080/comicvine/' }).apiRoot).toBe(
      'http://proxy.lan:8080/comicvine/api/',
    );
    expect(readSettings({ api_key: 'k', base_url: 'https://comicvine.gamespot.com/api/' }).apiRoot).toBe(
      'https://comicvine.gamespot.com/api/',
    );
  });

  it('trims the key', () => {
    expect(readSettings({ api_key: '  abc  ' }).apiKey).toBe('abc');
  });

  it.each<PluginSettings>([{}, { api_key: '' }, { api_key: ' ' }, { api_key: 42 }, { api_key: null }])(
    'refuses settings without a usable key: %j',
    (settings) => {
      expect(() => readSettings(settings)).toThrow(NotConfiguredError);
      expect(() => readSettings(settings)).toThrow(/API key.*api_key/);
    },
  );
});

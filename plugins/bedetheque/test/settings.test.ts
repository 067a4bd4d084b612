import { NotConfiguredError } from '@shelfmark/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { readSettings, siteUrl } from '../src/settings.js';

describe('readSettings', () => {
  it('uses Bédéthèque itself when base_url is unset', () => {
    expect(readSettings({}).baseUrl).toBe('https://www.bedetheque.com');
    expect(readSettings({ base_url: null }).baseUrl).toBe('https://www.bedetheque.com');
    expect(readSettings({ base_url: '' }).baseUrl).toBe('https://www.bedetheque.com');
  });

  it("keeps a proxy's path prefix and drops trailing slashes", () => {
    expect(readSettings({ base_url: 'http://proxy.local:8080/bdt/' }).baseUrl).toBe('http://proxy.local:8080/bdt');
    expect(siteUrl('http://proxy.local:8080/bdt', '/search/tout')).toBe('http://proxy.local:8080/bdt/search/tout');
  });

  it('names base_url when it is not an http(s) URL', () => {
    for (const base_url of ['not a url', 'ftp://www.bedetheque.com', 42]) {
      expect(() => readSettings({ base_url })).toThrow(NotConfiguredError);
      expect(() => readSettings({ base_url })).toThrow(/base_url/);
    }
  });

  it('sends a User-Agent of its own only when one is set', () => {
    expect(readSettings({}).userAgent).toBeNull();
    expect(readSettings({ user_agent: '  ' }).userAgent).toBeNull();
    expect(readSettings({ user_agent: 'Mozilla/5.0 (X11)' }).userAgent).toBe('Mozilla/5.0 (X11)');
  });
});

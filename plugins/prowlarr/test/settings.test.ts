import { describe, expect, it } from 'vitest';
import { NotConfiguredError } from '@shelfmark/plugin-sdk';
import { readConnection, requireConnection, searchCategories } from '../src/settings.js';

const KEY = '0123456789abcdef0123456789abcdef';

describe('readConnection', () => {
  it('trims the URL and its trailing slashes, keeping a URL base', () => {
    expect(readConnection({ url: ' http://nas.local:9696/prowlarr// ', api_key: ` ${KEY} ` })).toEqual({
      ok: true,
      connection: { baseUrl: 'http://nas.local:9696/prowlarr', apiKey: KEY },
    });
  });

  it.each([
    [{ api_key: KEY }, '"url"'],
    [{ url: '   ', api_key: KEY }, '"url"'],
    [{ url: null, api_key: KEY }, '"url"'],
    [{ url: 'localhost:9696', api_key: KEY }, 'http'],
    [{ url: 'ftp://nas.local', api_key: KEY }, 'http'],
    [{ url: 'nas.local', api_key: KEY }, 'http://localhost:9696'],
    [{ url: 'http://admin:secret@nas.local:9696', api_key: KEY }, 'user name or password'],
    [{ url: 'http://nas.local:9696/?apikey=1', api_key: KEY }, 'query string'],
    [{ url: 'http://nas.local:9696' }, '"api_key"'],
    [{ url: 'http://nas.local:9696', api_key: '' }, '"api_key"'],
  ])('reports %j as a problem naming %s', (settings, expected) => {
    const result = readConnection(settings);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).toContain(expected);
  });

  it('never repeats the credentials of a URL in its message', () => {
    const result = readConnection({ url: 'http://admin:hunter2@nas.local:9696', api_key: KEY });
    expect(result.ok ? '' : result.problem).not.toContain('hunter2');
  });
});

describe('requireConnection', () => {
  it('throws NotConfiguredError naming the missing setting', () => {
    expect(() => requireConnection({ url: 'http://nas.local:9696' })).toThrow(NotConfiguredError);
    expect(() => requireConnection({ url: 'http://nas.local:9696' })).toThrow(/"api_key"/);
    expect(() => requireConnection({ api_key: KEY })).toThrow(/"url"/);
  });
});

describe('searchCategories', () => {
  it("prefers the query's categories", () => {
    expect(searchCategories([7030], [7020])).toEqual([7030]);
  });

  it('falls back to the setting, then to Books/Comics and Books/EBook', () => {
    expect(searchCategories([], [7010, 7030])).toEqual([7010, 7030]);
    expect(searchCategories([], [])).toEqual([7030, 7020]);
    expect(searchCategories([], null)).toEqual([7030, 7020]);
    expect(searchCategories([], undefined)).toEqual([7030, 7020]);
  });

  it('drops duplicates and values that are not category ids', () => {
    expect(searchCategories([], ['7030', ' 7020 ', 'comics', '7030', '-1', '7.5'])).toEqual([7030, 7020]);
    expect(searchCategories([7030, 7030, 0, Number.NaN], null)).toEqual([7030]);
  });
});

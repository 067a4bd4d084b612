import { describe, expect, it } from 'vitest';
import { countEnabledIndexers, mapRelease, mapReleases } from '../src/map.js';
import { toRfc3339 } from '../src/dates.js';
import { redactSecret } from '../src/redact.js';

const KEY = '0123456789abcdef0123456789abcdef';

/** A torrent release as Prowlarr 1.x answers it (trimmed of the fields the mapping ignores). */
function torrent(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    guid: 'https://nyaa.si/view/1753201',
    age: 250,
    size: 10_523_566_080,
    files: 105,
    grabs: 2045,
    indexerId: 1,
    indexer: 'Nyaa.si',
    title: 'One Piece T01-T105 (Glénat) [Intégrale CBZ]',
    imdbId: 0,
    publishDate: '2024-03-14T10:22:31Z',
    commentUrl: 'https://nyaa.si/view/1753201#comments',
    downloadUrl: `http://prowlarr.local:9696/1/download?apikey=${KEY}&link=aHR0cHM6Ly9ueWFhLnNp%2BZz0%3D&file=One+Piece`,
    infoUrl: 'https://nyaa.si/view/1753201',
    posterUrl: null,
    indexerFlags: [],
    categories: [
      { id: 7030, name: 'Books/Comics', subCategories: [] },
      { id: 100418, name: 'Manga', subCategories: [] },
    ],
    magnetUrl: 'magnet:?xt=urn:btih:5e0c2f6f1c3a4b9e8d7c6b5a4f3e2d1c0b9a8f7e',
    infoHash: '5e0c2f6f1c3a4b9e8d7c6b5a4f3e2d1c0b9a8f7e',
    seeders: 128,
    leechers: 17,
    protocol: 'torrent',
    fileName: 'One Piece T01-T105.torrent',
    ...overrides,
  };
}

describe('mapRelease', () => {
  it('maps every field of a complete torrent release', () => {
    expect(mapRelease(torrent(), KEY)).toEqual({
      guid: 'https://nyaa.si/view/1753201',
      title: 'One Piece T01-T105 (Glénat) [Intégrale CBZ]',
      sizeBytes: 10_523_566_080,
      indexer: 'Nyaa.si',
      protocol: 'torrent',
      seeders: 128,
      leechers: 17,
      publishDate: '2024-03-14T10:22:31Z',
      downloadUrl: 'http://prowlarr.local:9696/1/download?link=aHR0cHM6Ly9ueWFhLnNp%2BZz0%3D&file=One+Piece',
      infoUrl: 'https://nyaa.si/view/1753201',
      categories: [7030, 100418],
      indexerData: { guid: 'https://nyaa.si/view/1753201', indexerId: 1 },
    });
  });

  it("keeps Prowlarr's own guid and indexerId untouched for a grab, and none when either is missing", () => {
    const guid = 'https://tracker.example/details.php?id=77&hit=1 ';
    expect(mapRelease(torrent({ guid, indexerId: 9 }), KEY)?.indexerData).toEqual({ guid, indexerId: 9 });
    expect(mapRelease(torrent({ guid: null }), KEY)).not.toHaveProperty('indexerData');
    expect(mapRelease(torrent({ indexerId: 0 }), KEY)).not.toHaveProperty('indexerData');
    expect(mapRelease(torrent({ guid: `http://prowlarr.local/1/download?apikey=${KEY}` }), KEY)).not.toHaveProperty(
      'indexerData',
    );
  });

  it('keeps null seeders and leechers of a usenet release (not zero)', () => {
    const release = mapRelease(torrent({ protocol: 'usenet', seeders: null, leechers: null }), KEY);
    expect(release).toMatchObject({ protocol: 'usenet', seeders: null, leechers: null });
  });

  it('keeps real zero seeders', () => {
    expect(mapRelease(torrent({ seeders: 0, leechers: 0 }), KEY)).toMatchObject({ seeders: 0, leechers: 0 });
  });

  it.each([
    ['unknown', 'unknown'],
    ['Torrent', 'torrent'],
    [undefined, 'unknown'],
    [2, 'unknown'],
    ['ftp', 'unknown'],
  ])('maps protocol %j to %s', (raw, expected) => {
    expect(mapRelease(torrent({ protocol: raw }), KEY)?.protocol).toBe(expected);
  });

  it.each([
    [0, null],
    [-1, null],
    [12.5, null],
    ['2048', null],
    [undefined, null],
    [2048, 2048],
  ])('maps size %j to %j (0 is what Prowlarr sends when the indexer gave none)', (raw, expected) => {
    expect(mapRelease(torrent({ size: raw }), KEY)?.sizeBytes).toBe(expected);
  });

  it('skips entries without a title, and non-objects', () => {
    expect(mapRelease(torrent({ title: '   ' }), KEY)).toBeNull();
    expect(mapRelease(torrent({ title: null }), KEY)).toBeNull();
    expect(mapRelease('One Piece', KEY)).toBeNull();
    expect(mapRelease(null, KEY)).toBeNull();
  });

  it('trims the title and the indexer name, and gives null for a blank indexer', () => {
    const release = mapRelease(torrent({ title: '  Blacksad T01 \n', indexer: ' ' }), KEY);
    expect(release).toMatchObject({ title: 'Blacksad T01', indexer: null });
  });

  it('falls back to the magnet link only when Prowlarr proxies it over http(s)', () => {
    expect(mapRelease(torrent({ downloadUrl: null }), KEY)?.downloadUrl).toBeNull();
    const proxied = `http://prowlarr.local:9696/1/download?apikey=${KEY}&link=bWFnbmV0&file=One+Piece`;
    expect(mapRelease(torrent({ downloadUrl: null, magnetUrl: proxied }), KEY)?.downloadUrl).toBe(
      'http://prowlarr.local:9696/1/download?link=bWFnbmV0&file=One+Piece',
    );
  });

  it('refuses links with other schemes', () => {
    const release = mapRelease(
      torrent({ downloadUrl: 'javascript:alert(1)', infoUrl: 'file:///etc/passwd', commentUrl: 'ftp://nyaa.si/1' }),
      KEY,
    );
    expect(release).toMatchObject({ downloadUrl: null, infoUrl: null });
  });

  it('falls back to the comments page when there is no info page', () => {
    const release = mapRelease(torrent({ infoUrl: '' }), KEY);
    expect(release?.infoUrl).toBe('https://nyaa.si/view/1753201#comments');
  });

  it('builds a guid when the indexer gave none: info page first, then a stable synthetic id', () => {
    expect(mapRelease(torrent({ guid: null }), KEY)?.guid).toBe('https://nyaa.si/view/1753201');
    const bare = torrent({ guid: null, infoUrl: null, commentUrl: null, downloadUrl: null, magnetUrl: null });
    expect(mapRelease(bare, KEY)?.guid).toBe('prowlarr:1:One Piece T01-T105 (Glénat) [Intégrale CBZ]');
  });

  it('never lets the API key out, wherever Prowlarr put it', () => {
    const release = mapRelease(
      torrent({
        guid: `http://prowlarr.local:9696/1/download?apikey=${KEY}`,
        infoUrl: `http://prowlarr.local:9696/${KEY}/details`,
      }),
      KEY,
    );
    expect(JSON.stringify(release)).not.toContain(KEY);
    expect(release?.guid).toBe('http://prowlarr.local:9696/1/download');
    expect(release?.infoUrl).toBe('http://prowlarr.local:9696/[redacted]/details');
  });

  it('keeps category ids once each, ignoring sub-categories and malformed entries', () => {
    const release = mapRelease(
      torrent({
        categories: [
          { id: 7000, name: 'Books', subCategories: [{ id: 7030, name: 'Books/Comics' }] },
          { id: 7000, name: 'Books' },
          { name: 'no id' },
          { id: '7020' },
          { id: 0 },
          42,
        ],
      }),
      KEY,
    );
    expect(release?.categories).toEqual([7000]);
  });

  it('gives an empty category list when Prowlarr sends null', () => {
    expect(mapRelease(torrent({ categories: null }), KEY)?.categories).toEqual([]);
  });
});

describe('mapReleases', () => {
  it('returns null when the answer is not a list', () => {
    expect(mapReleases({ message: 'Unauthorized' }, KEY)).toBeNull();
    expect(mapReleases(null, KEY)).toBeNull();
  });

  it("keeps Prowlarr's order, skips untitled entries and keeps a repeated guid once", () => {
    const releases = mapReleases(
      [
        torrent({ guid: 'b', title: 'Second' }),
        torrent({ guid: 'a', title: 'First' }),
        torrent({ title: '' }),
        torrent({ guid: 'b', title: 'Second, again' }),
      ],
      KEY,
    );
    expect(releases?.map((release) => release.title)).toEqual(['Second', 'First']);
  });

  it('maps an empty list to an empty list', () => {
    expect(mapReleases([], KEY)).toEqual([]);
  });
});

describe('toRfc3339', () => {
  it.each([
    ['2024-03-14T10:22:31Z', '2024-03-14T10:22:31Z'],
    ['2024-08-02T06:41:09.1234567Z', '2024-08-02T06:41:09.123Z'],
    ['2024-03-14T10:22:31', '2024-03-14T10:22:31Z'],
    ['2024-03-14T12:22:31+02:00', '2024-03-14T10:22:31Z'],
    ['2024-03-14T05:22:31-0500', '2024-03-14T10:22:31Z'],
    ['2024-03-14T15:52:31+05:30', '2024-03-14T10:22:31Z'],
    ['2024-12-31T23:30:00-01:00', '2025-01-01T00:30:00Z'],
    ['2024-03-14 10:22', '2024-03-14T10:22:00Z'],
  ])('normalises %s to %s', (raw, expected) => {
    expect(toRfc3339(raw)).toBe(expected);
  });

  it.each([
    ['0001-01-01T00:00:00Z', ".NET's DateTime.MinValue"],
    ['2024-02-30T10:00:00Z', 'a day that does not exist'],
    ['2024-02-29T24:00:00Z', 'hour 24'],
    ['2024-13-01T10:00:00Z', 'month 13'],
    ['Thu, 14 Mar 2024 10:22:31 GMT', 'an RFC 822 date'],
    ['2024-03-14', 'a date without time'],
    ['', 'an empty string'],
    [1710411751, 'a number'],
    [null, 'null'],
  ])('gives null for %j (%s)', (raw, _why) => {
    expect(toRfc3339(raw)).toBeNull();
  });
});

describe('redactSecret', () => {
  it('drops only the parameter carrying the key and keeps the rest byte for byte', () => {
    expect(redactSecret(`http://h/1/download?link=a%2Bb%3D+c&apikey=${KEY}&file=x%20y#top`, KEY)).toBe(
      'http://h/1/download?link=a%2Bb%3D+c&file=x%20y#top',
    );
  });

  it('removes the whole query string when the key was its only parameter', () => {
    expect(redactSecret(`http://h/api?apikey=${KEY}`, KEY)).toBe('http://h/api');
  });

  it('leaves values without the key untouched', () => {
    expect(redactSecret('https://nyaa.si/view/1?apikey=other', KEY)).toBe('https://nyaa.si/view/1?apikey=other');
    expect(redactSecret(null, KEY)).toBeNull();
  });
});

describe('countEnabledIndexers', () => {
  it('counts enabled indexers only', () => {
    const indexers = [
      { id: 1, name: 'Nyaa.si', enable: true, protocol: 'torrent' },
      { id: 2, name: 'NZBgeek', enable: true, protocol: 'usenet' },
      { id: 3, name: '1337x', enable: false, protocol: 'torrent' },
    ];
    expect(countEnabledIndexers(indexers)).toBe(2);
  });

  it('counts zero for a Prowlarr without indexers', () => {
    expect(countEnabledIndexers([])).toBe(0);
  });

  it('gives null for answers that are not a Prowlarr indexer list', () => {
    expect(countEnabledIndexers({ indexers: [] })).toBeNull();
    // Lidarr and Readarr also serve /api/v1/indexer, with enableRss/enableAutomaticSearch instead of enable.
    expect(countEnabledIndexers([{ id: 1, name: 'x', enableRss: true, enableAutomaticSearch: true }])).toBeNull();
    expect(countEnabledIndexers(['Nyaa.si'])).toBeNull();
  });
});

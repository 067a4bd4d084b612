import { describe, expect, it } from 'vitest';
import { canGrab, definePlugin, SDK_API_VERSION } from '../src/index.js';
import type { Release, ReleaseIndexerPlugin } from '../src/index.js';
import { releaseProblems } from '../src/testing/shapes.js';

/** SDK 1.3: `grab` is an optional capability of release indexers, and a release may carry opaque indexer data. */

const manifest = { id: 'indexer', displayName: 'Indexer', version: '1.0.0', apiVersion: SDK_API_VERSION, settings: [] };
const withoutGrab: ReleaseIndexerPlugin = definePlugin({
  kind: 'release-indexer',
  manifest,
  search: () => Promise.resolve([]),
  testConnection: () => Promise.resolve({ ok: true, message: 'fine' }),
});

const release: Release = {
  guid: 'abc',
  title: 'Blacksad T01 (2000)',
  sizeBytes: 1024,
  indexer: 'Nyaa',
  protocol: 'torrent',
  seeders: 3,
  leechers: 0,
  publishDate: '2024-01-02T03:04:05Z',
  downloadUrl: null,
  infoUrl: null,
  categories: [7030],
};

describe('the optional grab capability', () => {
  it('leaves a release indexer without grab valid, and tells the two apart', () => {
    expect(canGrab(withoutGrab)).toBe(false);
    const grabbing = definePlugin({ ...withoutGrab, grab: () => Promise.resolve({ message: 'sent' }) });
    expect(canGrab(grabbing)).toBe(true);
  });

  it('accepts a release with or without flat indexer data of JSON scalars up to 4 KB', () => {
    expect(releaseProblems(release)).toEqual([]);
    expect(
      releaseProblems({ ...release, indexerData: { guid: 'https://x/1', indexerId: 2, ok: true, n: null } }),
    ).toEqual([]);
    expect(releaseProblems({ ...release, indexerData: 'guid' })).toHaveLength(1);
    expect(releaseProblems({ ...release, indexerData: { nested: { id: 1 } } })).toHaveLength(1);
    expect(releaseProblems({ ...release, indexerData: { big: 'x'.repeat(5000) } })).toHaveLength(1);
    expect(releaseProblems({ ...release, indexerData: { infinite: Number.POSITIVE_INFINITY } })).toHaveLength(1);
  });
});

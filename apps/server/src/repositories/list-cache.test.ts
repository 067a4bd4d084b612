import { describe, expect, it } from 'vitest';
import type { CatalogVersion } from './catalog-version.js';
import { ListCache } from './list-cache.js';

function versionSource(start: number | null = 1) {
  const source = { value: start, current: () => Promise.resolve(source.value), close: () => Promise.resolve() };
  return source as CatalogVersion & { value: number | null };
}

describe('ListCache', () => {
  it('answers from memory until the catalog version changes', async () => {
    const version = versionSource();
    const cache = new ListCache(version);
    let computed = 0;
    const compute = () => Promise.resolve({ items: [++computed] });
    expect(await cache.remember('a', compute)).toEqual({ items: [1] });
    expect(await cache.remember('a', compute)).toEqual({ items: [1] });
    version.value = 2;
    expect(await cache.remember('a', compute)).toEqual({ items: [2] });
  });

  it('does not cache while the version is unknown', async () => {
    const cache = new ListCache(versionSource(null));
    let computed = 0;
    const compute = () => Promise.resolve({ items: [++computed] });
    await cache.remember('a', compute);
    expect(await cache.remember('a', compute)).toEqual({ items: [2] });
  });

  it('keeps at most maxWeight rows, dropping the least recently used', async () => {
    const cache = new ListCache(versionSource(), 10);
    let computed = 0;
    const page = (size: number) => () => Promise.resolve({ items: Array.from({ length: size }, () => ++computed) });
    await cache.remember('a', page(4));
    await cache.remember('b', page(4));
    await cache.remember('a', page(4)); // a hit: a becomes the most recent
    await cache.remember('c', page(4)); // 5 + 5 + 5 > 10: b goes
    const before = computed;
    await cache.remember('a', page(4));
    expect(computed).toBe(before);
    await cache.remember('b', page(4));
    expect(computed).toBe(before + 4);
  });

  it('runs one computation for concurrent requests of the same cold page', async () => {
    const cache = new ListCache(versionSource());
    let computed = 0;
    const compute = async () => {
      computed++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { items: [computed] };
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => cache.remember('a', compute)));
    expect(computed).toBe(1);
    expect(new Set(results.map((result) => result.items[0]))).toEqual(new Set([1]));
  });

  it('expires entries after ttlMs', async () => {
    const cache = new ListCache(versionSource(), 100, 0);
    let computed = 0;
    const compute = () => Promise.resolve({ items: [++computed] });
    await cache.remember('a', compute);
    expect(await cache.remember('a', compute)).toEqual({ items: [2] });
  });
});

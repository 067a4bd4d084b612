import { describe, expect, it } from 'vitest';
import type { CatalogVersion } from './catalog-version.js';
import { runAsSystem, runAsViewer } from '../services/viewer-context.js';
import { ListCache } from './list-cache.js';

function versionSource(start: number | null = 1) {
  const source = { value: start, current: () => Promise.resolve(source.value), close: () => Promise.resolve() };
  return source as CatalogVersion & { value: number | null };
}

/** Work outside any request names its viewer (services/viewer-context.ts): these run as the system. */
const asSystem = <T>(work: () => Promise<T>): Promise<T> => runAsSystem(work);

describe('ListCache', () => {
  it('answers from memory until the catalog version changes', async () => {
    const version = versionSource();
    const cache = new ListCache(version);
    let computed = 0;
    const compute = () => Promise.resolve({ items: [++computed] });
    expect(await asSystem(() => cache.remember('a', compute))).toEqual({ items: [1] });
    expect(await asSystem(() => cache.remember('a', compute))).toEqual({ items: [1] });
    version.value = 2;
    expect(await asSystem(() => cache.remember('a', compute))).toEqual({ items: [2] });
  });

  it('does not cache while the version is unknown', async () => {
    const cache = new ListCache(versionSource(null));
    let computed = 0;
    const compute = () => Promise.resolve({ items: [++computed] });
    await asSystem(() => cache.remember('a', compute));
    expect(await asSystem(() => cache.remember('a', compute))).toEqual({ items: [2] });
  });

  it('keeps at most maxWeight rows, dropping the least recently used', async () => {
    const cache = new ListCache(versionSource(), 10);
    let computed = 0;
    const page = (size: number) => () => Promise.resolve({ items: Array.from({ length: size }, () => ++computed) });
    await asSystem(() => cache.remember('a', page(4)));
    await asSystem(() => cache.remember('b', page(4)));
    await asSystem(() => cache.remember('a', page(4))); // a hit: a becomes the most recent
    await asSystem(() => cache.remember('c', page(4))); // 5 + 5 + 5 > 10: b goes
    const before = computed;
    await asSystem(() => cache.remember('a', page(4)));
    expect(computed).toBe(before);
    await asSystem(() => cache.remember('b', page(4)));
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
    const results = await Promise.all(Array.from({ length: 8 }, () => asSystem(() => cache.remember('a', compute))));
    expect(computed).toBe(1);
    expect(new Set(results.map((result) => result.items[0]))).toEqual(new Set([1]));
  });

  it('expires entries after ttlMs', async () => {
    const cache = new ListCache(versionSource(), 100, 0);
    let computed = 0;
    const compute = () => Promise.resolve({ items: [++computed] });
    await asSystem(() => cache.remember('a', compute));
    expect(await asSystem(() => cache.remember('a', compute))).toEqual({ items: [2] });
  });

  it('keys every entry by the viewer: another user or another set of libraries computes its own', async () => {
    const cache = new ListCache(versionSource());
    let computed = 0;
    const compute = () => Promise.resolve({ items: [++computed] });
    const readerA = { userId: 'a', role: 'reader', libraryIds: ['l1'] } as const;
    const readerB = { userId: 'b', role: 'reader', libraryIds: ['l1'] } as const;
    const readerAWider = { userId: 'a', role: 'reader', libraryIds: ['l2', 'l1'] } as const;
    const readerAWiderReordered = { userId: 'a', role: 'reader', libraryIds: ['l1', 'l2'] } as const;
    expect(await runAsViewer(readerA, () => cache.remember('q', compute))).toEqual({ items: [1] });
    expect(await runAsViewer(readerA, () => cache.remember('q', compute))).toEqual({ items: [1] });
    expect(await runAsViewer(readerB, () => cache.remember('q', compute))).toEqual({ items: [2] });
    expect(await runAsViewer(readerAWider, () => cache.remember('q', compute))).toEqual({ items: [3] });
    expect(await runAsViewer(readerAWiderReordered, () => cache.remember('q', compute))).toEqual({ items: [3] });
    expect(await asSystem(() => cache.remember('q', compute))).toEqual({ items: [4] }); // the system
  });

  it('shares `shared` entries between viewers', async () => {
    const cache = new ListCache(versionSource());
    let computed = 0;
    const compute = () => Promise.resolve({ items: [++computed] });
    const viewer = (userId: string) => ({ userId, role: 'reader', libraryIds: [] }) as const;
    await runAsViewer(viewer('a'), () => cache.remember('q', compute, { shared: true }));
    expect(await runAsViewer(viewer('b'), () => cache.remember('q', compute, { shared: true }))).toEqual({
      items: [1],
    });
  });
});

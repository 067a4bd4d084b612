import { describe, expect, it } from 'vitest';
import { analyseAndStore } from './analysis-pipeline.js';

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

describe('analyseAndStore', () => {
  it('stores every result once, in groups of the given size, with the item it came from', async () => {
    const groups: { item: number; result: string }[][] = [];
    await analyseAndStore(
      Array.from({ length: 23 }, (_, i) => i),
      { concurrency: 4, groupSize: 5 },
      async (item) => {
        await tick(item % 3);
        return `r${item}`;
      },
      (group) => {
        groups.push(group);
        return Promise.resolve();
      },
    );
    expect(groups.map((group) => group.length)).toEqual([5, 5, 5, 5, 3]);
    const stored = groups.flat();
    expect(stored.map(({ item }) => item).sort((a, b) => a - b)).toEqual(Array.from({ length: 23 }, (_, i) => i));
    for (const { item, result } of stored) expect(result).toBe(`r${item}`);
  });

  it('analyses the next items while a group is stored, one store at a time, and holds at most three groups', async () => {
    let storing = 0;
    let mostStoring = 0;
    let analysedDuringStores = 0;
    let analysedNotStored = 0;
    let mostHeld = 0;
    await analyseAndStore(
      Array.from({ length: 60 }, (_, i) => i),
      { concurrency: 8, groupSize: 2 },
      async (item) => {
        await tick(1);
        if (storing > 0) analysedDuringStores++;
        analysedNotStored++;
        mostHeld = Math.max(mostHeld, analysedNotStored);
        return item;
      },
      async (group) => {
        storing++;
        mostStoring = Math.max(mostStoring, storing);
        await tick(15);
        analysedNotStored -= group.length;
        storing--;
      },
    );
    expect(mostStoring).toBe(1);
    expect(analysedDuringStores).toBeGreaterThan(0);
    // Two groups waiting for or in their store, one filling, and the analyses in flight.
    expect(mostHeld).toBeLessThanOrEqual(3 * 2 + 8);
  });

  it('stops at the first failed analysis and throws it once the store in flight has ended', async () => {
    let storesEnded = 0;
    let analysed = 0;
    const failure = new Error('reader pool closed');
    await expect(
      analyseAndStore(
        Array.from({ length: 100 }, (_, i) => i),
        { concurrency: 4, groupSize: 5 },
        async (item) => {
          await tick(1);
          if (item === 12) throw failure;
          analysed++;
          return item;
        },
        async () => {
          await tick(20);
          storesEnded++;
        },
      ),
    ).rejects.toBe(failure);
    const endedWhenThrown = storesEnded;
    await tick(50);
    // Nothing was still storing after it threw, and the items after the failure were not analysed.
    expect(storesEnded).toBe(endedWhenThrown);
    expect(analysed).toBeLessThan(20);
  });

  it('stops at the first failed store and throws it', async () => {
    let analysed = 0;
    const failure = new Error('database gone');
    await expect(
      analyseAndStore(
        Array.from({ length: 100 }, (_, i) => i),
        { concurrency: 2, groupSize: 5 },
        async (item) => {
          await tick(1);
          analysed++;
          return item;
        },
        async () => {
          await tick(5);
          throw failure;
        },
      ),
    ).rejects.toBe(failure);
    expect(analysed).toBeLessThan(30);
  });

  it('stores nothing for no items', async () => {
    let stores = 0;
    await analyseAndStore(
      [],
      { concurrency: 4, groupSize: 5 },
      () => Promise.resolve(1),
      () => {
        stores++;
        return Promise.resolve();
      },
    );
    expect(stores).toBe(0);
  });
});

describe('analyseAndStore over an asynchronous source', () => {
  it('pulls items as it needs them and stores every one', async () => {
    let produced = 0;
    let mostAhead = 0;
    let analysed = 0;
    async function* source() {
      for (let i = 0; i < 40; i++) {
        await tick();
        produced++;
        mostAhead = Math.max(mostAhead, produced - analysed);
        yield i;
      }
    }
    const stored: number[] = [];
    await analyseAndStore(
      source(),
      { concurrency: 4, groupSize: 3 },
      async (item) => {
        await tick(1);
        analysed++;
        return item;
      },
      (group) => {
        stored.push(...group.map(({ item }) => item));
        return Promise.resolve();
      },
    );
    expect(stored.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    // Never read further ahead than the analyses in flight: the source is not drained into a list.
    expect(mostAhead).toBeLessThanOrEqual(4);
  });

  it("throws the source's own failure, once the store in flight has ended", async () => {
    const failure = new Error('the library folder is gone');
    let storesEnded = 0;
    async function* source() {
      for (let i = 0; i < 6; i++) yield i;
      await tick();
      throw failure;
    }
    await expect(
      analyseAndStore(
        source(),
        { concurrency: 2, groupSize: 2 },
        async (item) => {
          await tick(1);
          return item;
        },
        async () => {
          await tick(10);
          storesEnded++;
        },
      ),
    ).rejects.toBe(failure);
    expect(storesEnded).toBeGreaterThan(0);
  });
});

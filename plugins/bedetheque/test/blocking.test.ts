import { AuthError, BlockedError } from '@shelfmark/plugin-sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { plugin, startHarness } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => {
  h.fake.setMode('ok');
});
afterAll(async () => {
  await h.fake.close();
});

describe("Bédéthèque's anti-bot protection", () => {
  it('turns the blank-title page into a BlockedError on every operation', async () => {
    h.fake.setMode('blocked');
    const calls = [
      h.run((context) => plugin.searchSeries({ name: 'Thorgal' }, context)),
      h.run((context) => plugin.getSeries('12', context)),
      h.run((context) => plugin.getVolumes('12', context)),
    ];
    for (const call of calls) {
      const error: unknown = await call.then(
        () => null,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(BlockedError);
      expect((error as BlockedError).transient).toBe(true);
      expect((error as Error).message).toMatch(/anti-bot/);
    }
  });

  it('reads a 403 as a block, not as refused credentials (the site has none)', async () => {
    h.fake.setMode('unauthorized');
    const error: unknown = await h.run((context) => plugin.getSeries('3', context)).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(BlockedError);
    expect(error).not.toBeInstanceOf(AuthError);
    expect((error as Error).message).toContain('403');
  });

  it('answers a search without results with an empty list, not a block', async () => {
    await expect(h.run((context) => plugin.searchSeries({ name: 'Zyxwvut' }, context))).resolves.toEqual([]);
  });
});

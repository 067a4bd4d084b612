import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { createTestHost, gapsBetween, SEND_SLACK_MS } from '@shelfmark/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { startAniListFake } from './fake-service.js';

let fake: FakeService;
beforeAll(async () => {
  fake = await startAniListFake();
});
afterAll(async () => {
  await fake.close();
});

describe('rate limit', () => {
  it('declares AniList’s current published rate, 30 a minute, as one request every 2 s', () => {
    expect(plugin.manifest.rateLimit).toEqual({ requests: 1, perMilliseconds: 2000 });
  });

  it('spaces the requests of concurrent calls at least 2 s apart, with no initial burst', async () => {
    const { host, sentAt } = createTestHost(plugin);
    const options = { settings: { base_url: fake.url }, language: 'en' };
    const before = fake.requests.length;
    const results = await Promise.all([
      host.run((context) => plugin.searchSeries({ name: 'Naruto' }, context), options),
      host.run((context) => plugin.getSeries('53390', context), options),
      host.run((context) => plugin.searchSeries({ name: 'Frieren' }, context), options),
    ]);
    expect(results).toHaveLength(3);
    expect(fake.requests.slice(before)).toHaveLength(3);
    // When they left the host: a loaded machine can deliver one late to the local fake and shorten the gap it sees.
    expect(sentAt).toHaveLength(3);
    for (const gap of gapsBetween(sentAt)) expect(gap).toBeGreaterThanOrEqual(2000 - SEND_SLACK_MS);
  }, 10_000);
});

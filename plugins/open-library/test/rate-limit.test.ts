import { createTestHost, gapsBetween, SEND_SLACK_MS } from '@shelfmark/plugin-sdk/testing';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { startOpenLibraryFake } from './fake-service.js';

let fake: FakeService;

beforeAll(async () => {
  fake = await startOpenLibraryFake();
});
afterAll(async () => {
  await fake.close();
});

it('declares the anonymous rate Open Library publishes: one request per second', () => {
  expect(plugin.manifest.rateLimit).toEqual({ requests: 1, perMilliseconds: 1000 });
});

it('spaces the requests of one call a second apart', async () => {
  const before = fake.requests.length;
  const { host, sentAt } = createTestHost(plugin);
  // The work, then two pages of the search: three requests.
  await host.run((context) => plugin.getVolumes('/works/OL5700001W', context), {
    settings: { base_url: fake.url },
    language: 'en',
  });
  expect(fake.requests.slice(before)).toHaveLength(3);
  // Timed as they left the host: a loaded machine can deliver one late to the local fake and shorten the gap it sees.
  const gaps = gapsBetween(sentAt);
  expect(gaps).toHaveLength(2);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000 - SEND_SLACK_MS);
}, 10_000);

it('spaces concurrent calls of the same plugin too', async () => {
  const before = fake.requests.length;
  const { host, sentAt } = createTestHost(plugin);
  const call = { settings: { base_url: fake.url }, language: 'en' };
  await Promise.all(
    ['Maus', 'Blacksad', 'One Piece'].map((name) =>
      host.run((context) => plugin.searchSeries({ name }, context), call),
    ),
  );
  expect(fake.requests.slice(before)).toHaveLength(3);
  // Timed as they left the host: a loaded machine can deliver one late to the local fake and shorten the gap it sees.
  const gaps = gapsBetween(sentAt);
  expect(gaps).toHaveLength(2);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000 - SEND_SLACK_MS);
}, 10_000);

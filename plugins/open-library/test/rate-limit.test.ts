import { createTestHost } from '@shelfmark/plugin-sdk/testing';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { startOpenLibraryFake } from './fake-service.js';

// Timer granularity: the limiter measures on one clock, the fake records arrivals on the other side of a socket.
const TOLERANCE_MS = 30;

let fake: FakeService;

beforeAll(async () => {
  fake = await startOpenLibraryFake();
});
afterAll(async () => {
  await fake.close();
});

function gapsBetweenArrivals(from: number): number[] {
  const arrivals = fake.requests.slice(from).map((request) => request.receivedAt);
  return arrivals.slice(1).map((at, index) => at - (arrivals[index] ?? at));
}

it('declares the anonymous rate Open Library publishes: one request per second', () => {
  expect(plugin.manifest.rateLimit).toEqual({ requests: 1, perMilliseconds: 1000 });
});

it('spaces the requests of one call a second apart', async () => {
  const before = fake.requests.length;
  const { host } = createTestHost(plugin);
  // The work, then two pages of the search: three requests.
  await host.run((context) => plugin.getVolumes('/works/OL5700001W', context), {
    settings: { base_url: fake.url },
    language: 'en',
  });
  const gaps = gapsBetweenArrivals(before);
  expect(gaps).toHaveLength(2);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000 - TOLERANCE_MS);
}, 10_000);

it('spaces concurrent calls of the same plugin too', async () => {
  const before = fake.requests.length;
  const { host } = createTestHost(plugin);
  const call = { settings: { base_url: fake.url }, language: 'en' };
  await Promise.all(
    ['Maus', 'Blacksad', 'One Piece'].map((name) =>
      host.run((context) => plugin.searchSeries({ name }, context), call),
    ),
  );
  const gaps = gapsBetweenArrivals(before);
  expect(gaps).toHaveLength(2);
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000 - TOLERANCE_MS);
}, 10_000);

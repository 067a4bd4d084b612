import { afterAll, beforeAll, expect, it } from 'vitest';
import { plugin, startHarness } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.fake.close();
});

it('keeps at least a second between requests, across concurrent calls', async () => {
  const before = h.fake.requests.length;
  await Promise.all([
    h.run((context) => plugin.searchSeries({ name: 'Thorgal' }, context)),
    h.run((context) => plugin.getVolumes('3', context)),
    h.run((context) => plugin.getSeries('1880', context)),
  ]);
  const arrivals = h.fake.requests.slice(before).map((request) => request.receivedAt);
  // Search + one completed candidate, one series page, two addresses for the last series.
  expect(arrivals).toHaveLength(5);
  const gaps = arrivals.slice(1).map((arrival, index) => arrival - arrivals[index]!);
  // As the site sees them: arrival times, the first request's connection set-up included.
  for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000);
}, 15_000);

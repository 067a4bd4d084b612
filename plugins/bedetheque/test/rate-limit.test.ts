import { gapsBetween, SEND_SLACK_MS } from '@shelfmark/plugin-sdk/testing';
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
  const sentBefore = h.sentAt.length;
  await Promise.all([
    h.run((context) => plugin.searchSeries({ name: 'Thorgal' }, context)),
    h.run((context) => plugin.getVolumes('3', context)),
    h.run((context) => plugin.getSeries('1880', context)),
  ]);
  // Search + one completed candidate, one series page, two addresses for the last series.
  expect(h.fake.requests.slice(before)).toHaveLength(5);
  // Timed as they left the host: a loaded machine can deliver one late to the local fake and shorten the gap it sees.
  const sent = h.sentAt.slice(sentBefore);
  expect(sent).toHaveLength(5);
  // The declared 1.1 s (a margin over the site's second for connection set-up).
  for (const gap of gapsBetween(sent)) expect(gap).toBeGreaterThanOrEqual(1100 - SEND_SLACK_MS);
}, 15_000);

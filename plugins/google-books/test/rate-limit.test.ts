import { createTestHost, SEND_SLACK_MS } from '@shelfmark/plugin-sdk/testing';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, beforeAll, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { startGoogleBooksFake } from './fake-service.js';

let fake: FakeService;
beforeAll(async () => {
  fake = await startGoogleBooksFake();
});
afterAll(() => fake.close());

it('declares one query a second on average, in bursts of at most 10', () => {
  expect(plugin.manifest.rateLimit).toEqual({ requests: 10, perMilliseconds: 10_000 });
});

it('spaces a burst of calls to the declared rate', { timeout: 20_000 }, async () => {
  const { host, sentAt } = createTestHost(plugin);
  const calls = Array.from({ length: 11 }, () =>
    host.run((ctx) => plugin.searchSeries({ name: 'Saga' }, ctx), { settings: { base_url: fake.url }, language: 'en' }),
  );
  await Promise.all(calls);
  expect(fake.requests).toHaveLength(11);
  // Timed as they left the host: a loaded machine can deliver one late to the local fake.
  const times = sentAt;
  expect(times).toHaveLength(11);
  const first = times[0]!;
  expect(times[9]! - first).toBeLessThan(5_000); // a burst, not one a second (9 s); loose for a loaded machine
  expect(times[10]! - first).toBeGreaterThanOrEqual(10_000 - SEND_SLACK_MS);
});

import { RateLimitedError } from '@shelfmark/plugin-sdk';
import type { PluginContext } from '@shelfmark/plugin-sdk';
import { createTestHost, gapsBetween, SEND_SLACK_MS } from '@shelfmark/plugin-sdk/testing';
import type { FakeService } from '@shelfmark/plugin-sdk/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import plugin, { createComicVinePlugin } from '../src/index.js';
import { DETECTIVE_ID } from './fake-data.js';
import { FAKE_API_KEY, startComicVineFake } from './fake-service.js';

let fake: FakeService;
beforeAll(async () => {
  fake = await startComicVineFake();
});
afterAll(() => fake.close());

/** A fresh host for one plugin instance; `sentAt` times each request as it leaves the host. */
function timedHost(comicVine: ReturnType<typeof createComicVinePlugin>) {
  const { host, sentAt } = createTestHost(comicVine);
  return { host, starts: sentAt };
}

describe('pacing', () => {
  it('declares one request per 1.1 s: ComicVine’s one a second, with a margin for connection setup', () => {
    expect(plugin.manifest.rateLimit).toEqual({ requests: 1, perMilliseconds: 1100 });
  });

  it('spaces the pages of one call so that ComicVine sees them at least a second apart', async () => {
    const before = fake.requests.length;
    const comicVine = createComicVinePlugin();
    const { host, starts } = timedHost(comicVine);
    await host.run((context) => comicVine.getVolumes(String(DETECTIVE_ID), context), {
      settings: { base_url: fake.url, api_key: FAKE_API_KEY },
      language: 'en',
    });
    expect(fake.requests.slice(before)).toHaveLength(3);
    // Timed as they left: the 0.1 s over ComicVine's second covers the connection set-up on the real network, but on
    // a loaded machine one request can reach the local fake late and shorten the gap it sees, so arrivals prove nothing.
    expect(starts).toHaveLength(3);
    for (const gap of gapsBetween(starts)) expect(gap).toBeGreaterThanOrEqual(1100 - SEND_SLACK_MS);
  }, 10_000);

  it('spaces concurrent calls the same way', async () => {
    const before = fake.requests.length;
    const comicVine = createComicVinePlugin();
    const { host, starts } = timedHost(comicVine);
    const options = { settings: { base_url: fake.url, api_key: FAKE_API_KEY }, language: 'en' };
    await Promise.all(
      ['Saga', 'Akira', 'Blacksad'].map((name) =>
        host.run((context) => comicVine.searchSeries({ name }, context), options),
      ),
    );
    expect(fake.requests.slice(before)).toHaveLength(3);
    // Timed as they left: the 0.1 s over ComicVine's second covers the connection set-up on the real network, but on
    // a loaded machine one request can reach the local fake late and shorten the gap it sees, so arrivals prove nothing.
    expect(starts).toHaveLength(3);
    for (const gap of gapsBetween(starts)) expect(gap).toBeGreaterThanOrEqual(1100 - SEND_SLACK_MS);
  }, 10_000);
});

describe('hourly budget per resource', () => {
  async function runWith(
    comicVine: ReturnType<typeof createComicVinePlugin>,
    call: (context: PluginContext) => Promise<unknown>,
  ) {
    const { host } = createTestHost(comicVine);
    return host.run(call, { settings: { base_url: fake.url, api_key: FAKE_API_KEY }, language: 'en' });
  }

  it('refuses once a resource’s budget is spent, without a request, and says how long to wait', async () => {
    const comicVine = createComicVinePlugin({ hourlyRequestsPerResource: 2 });
    const search = (context: PluginContext) => comicVine.searchSeries({ name: 'Saga' }, context);
    await runWith(comicVine, search);
    await runWith(comicVine, search);
    const before = fake.requests.length;
    const error = await runWith(comicVine, search).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).message).toContain('search');
    expect((error as RateLimitedError).retryAfterSeconds).toBeGreaterThan(3590);
    expect((error as RateLimitedError).retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(fake.requests.length).toBe(before);
    // Another resource has its own budget.
    await expect(runWith(comicVine, (context) => comicVine.getSeries('49901', context))).resolves.toMatchObject({
      title: 'Saga',
    });
  }, 10_000);

  it('counts every page of a long issue list', async () => {
    const comicVine = createComicVinePlugin({ hourlyRequestsPerResource: 2 });
    const before = fake.requests.length;
    const error = await runWith(comicVine, (context) => comicVine.getVolumes(String(DETECTIVE_ID), context)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(fake.requests.length - before).toBe(2);
  }, 10_000);

  it('frees the budget once the window has passed', async () => {
    const comicVine = createComicVinePlugin({ hourlyRequestsPerResource: 1, budgetWindowMs: 1_500 });
    const search = (context: PluginContext) => comicVine.searchSeries({ name: 'Akira' }, context);
    await runWith(comicVine, search);
    await expect(runWith(comicVine, search)).rejects.toBeInstanceOf(RateLimitedError);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    await expect(runWith(comicVine, search)).resolves.toHaveLength(1);
  }, 10_000);
});

import { BadResponseError, NotFoundError, RateLimitedError, UnavailableError } from '@shelfmark/plugin-sdk';
import type { FakeResponse, FakeService } from '@shelfmark/plugin-sdk/testing';
import { createTestHost, gapsBetween, SEND_SLACK_MS, startFakeService } from '@shelfmark/plugin-sdk/testing';
import { afterEach, describe, expect, it } from 'vitest';
import plugin from '../src/index.js';
import { FRIEREN } from './dataset.js';
import { graphQLError, handleAniList } from './fake-service.js';
import { callAniList, rejectionOf } from './helpers.js';

/** AniList's failure answers, each served by a one-off fake. */
let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

async function serving(...answers: FakeResponse[]): Promise<string> {
  let index = 0;
  fake = await startFakeService({
    handle: (request) => answers[Math.min(index++, answers.length - 1)] ?? handleAniList(request),
  });
  return fake.url;
}

const search = { name: 'Frieren' };

describe('AniList’s GraphQL error answers', () => {
  it('reads a 400 (AniList rejected the query) as BadResponseError quoting AniList', async () => {
    const url = await serving(graphQLError(400, 'Cannot query field "volumeCount" on type "Media".'));
    const error = await rejectionOf(callAniList(url, (context) => plugin.searchSeries(search, context)));
    expect(error).toBeInstanceOf(BadResponseError);
    expect(error.message).toContain('Cannot query field "volumeCount"');
    expect(fake?.requests).toHaveLength(1);
  });

  it('reads a 200 carrying a 404 error as NotFoundError', async () => {
    const url = await serving({
      status: 200,
      json: { errors: [{ message: 'Not Found.', status: 404 }], data: { Media: null } },
    });
    const error = await rejectionOf(callAniList(url, (context) => plugin.getSeries('118586', context)));
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('reads a 200 carrying a 500 error and no data as UnavailableError', async () => {
    const url = await serving({
      status: 200,
      json: { errors: [{ message: 'Internal Server Error', status: 500 }], data: null },
    });
    const error = await rejectionOf(callAniList(url, (context) => plugin.searchSeries(search, context)));
    expect(error).toBeInstanceOf(UnavailableError);
    expect(error.message).toContain('Internal Server Error');
  });

  it('does not take a 404 page that is not AniList’s (a wrong proxy path) for an unknown manga', async () => {
    const url = await serving({ status: 404, body: '<html><body>Cannot POST /</body></html>' });
    const error = await rejectionOf(callAniList(url, (context) => plugin.getSeries('118586', context)));
    expect(error).toBeInstanceOf(BadResponseError);
  });

  it('reads a Media of null without errors as NotFoundError', async () => {
    const url = await serving({ json: { data: { Media: null } } });
    expect(await rejectionOf(callAniList(url, (context) => plugin.getSeries('118586', context)))).toBeInstanceOf(
      NotFoundError,
    );
  });

  it('uses the data of a partial success and logs the errors', async () => {
    const url = await serving({
      json: { data: { Media: FRIEREN }, errors: [{ message: 'Staff is temporarily unavailable', status: 500 }] },
    });
    const { host, logs } = createTestHost(plugin);
    const series = await host.run((context) => plugin.getSeries('118586', context), {
      settings: { base_url: url },
      language: 'en',
    });
    expect(series.externalId).toBe('118586');
    expect(logs.some((line) => line.level === 'warn' && JSON.stringify(line).includes('Staff is temporarily'))).toBe(
      true,
    );
  });

  it('rejects answers that are JSON but not AniList’s shape', async () => {
    for (const json of [{ data: null }, { data: { Page: null } }, { hello: 'world' }, [1, 2]]) {
      const url = await serving({ json });
      const error = await rejectionOf(callAniList(url, (context) => plugin.searchSeries(search, context)));
      expect(error, JSON.stringify(json)).toBeInstanceOf(BadResponseError);
      await fake?.close();
      fake = undefined;
    }
  });

  it('rejects a Media without any title as BadResponseError, not NotFoundError', async () => {
    const url = await serving({ json: { data: { Media: { ...FRIEREN, title: null, synonyms: [] } } } });
    expect(await rejectionOf(callAniList(url, (context) => plugin.getSeries('118586', context)))).toBeInstanceOf(
      BadResponseError,
    );
  });
});

describe('AniList’s 429', () => {
  const tooMany = (retryAfter: string): FakeResponse => ({
    status: 429,
    headers: { 'retry-after': retryAfter, 'x-ratelimit-limit': '30', 'x-ratelimit-remaining': '0' },
    json: { errors: [{ message: 'Too Many Requests.', status: 429 }], data: null },
  });

  it('waits the Retry-After it asks for, then gets the answer', async () => {
    const url = await serving(tooMany('3'), { json: { data: { Page: { media: [FRIEREN] } } } });
    const { host, sentAt } = createTestHost(plugin);
    const results = await host.run((context) => plugin.searchSeries(search, context), {
      settings: { base_url: url },
      language: 'en',
    });
    expect(results.map((series) => series.externalId)).toEqual(['118586']);
    expect(fake!.requests).toHaveLength(2);
    // 3 s, longer than the plugin's own 2 s spacing: the wait comes from Retry-After (timed as the requests left).
    expect(gapsBetween(sentAt)[0]).toBeGreaterThanOrEqual(3000 - SEND_SLACK_MS);
  }, 10_000);

  it('gives up at once with RateLimitedError when AniList asks for its usual minute', async () => {
    const url = await serving(tooMany('60'));
    const error = await rejectionOf(callAniList(url, (context) => plugin.searchSeries(search, context)));
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterSeconds).toBe(60);
    expect(fake?.requests).toHaveLength(1);
  });
});

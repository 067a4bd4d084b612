import { BadResponseError } from '@shelfmark/plugin-sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REAL_SITE } from './fake-service.js';
import { plugin, startHarness } from './harness.js';
import type { Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.fake.close();
});
beforeEach(() => {
  h.takeRequests();
});

describe('searchSeries', () => {
  it('searches the whole catalogue with the query unaccented, in French whatever the admin language', async () => {
    await h.run((context) => plugin.searchSeries({ name: 'Épervier', language: 'en' }, context));
    const search = h.fake.requests.find((request) => request.path === '/search/tout')!;
    expect([...search.query.entries()]).toEqual([
      ['RechTexte', 'Epervier'],
      ['RechWhere', '0'],
    ]);
    expect(search.headers['accept-language']).toMatch(/^fr-FR,fr/);
    expect(search.headers.accept).toMatch(/^text\/html/);
    expect(search.headers.referer).toBe(`${h.fake.url}/`);
  });

  it("answers the site's candidates in its order, completing only those named as the query", async () => {
    const results = await h.run((context) => plugin.searchSeries({ name: 'Thorgal' }, context));
    expect(results.map((series) => [series.externalId, series.title])).toEqual([
      ['13', 'Jeunesse de Thorgal (La)'],
      ['14', 'Mondes de Thorgal (Les) - Kriss de Valnor'],
      ['12', 'Thorgal'],
    ]);
    // The site links Thorgal with its public address; its page is still read through the configured base URL.
    expect(h.takeRequests()).toEqual([
      '/search/tout?RechTexte=Thorgal&RechWhere=0',
      '/serie-12-BD-Thorgal__10000.html',
    ]);
    const thorgal = results[2]!;
    expect(thorgal).toMatchObject({
      totalVolumes: 12,
      rawStatus: 'Série en cours',
      // In the page's order: the hors-série, listed first, has only its artist.
      authors: ['Grzegorz Rosinski', 'Jean Van Hamme'],
      externalUrl: `${REAL_SITE}/serie-12-BD-Thorgal.html`,
    });
    expect(results[0]).toMatchObject({ totalVolumes: null, authors: [], coverUrl: null });
    expect(results[0]!.externalUrl).toBe(`${h.fake.url}/serie-13-BD-Jeunesse-de-Thorgal-La.html`);
  });

  it('completes a candidate whose filed title differs from the query only by its article', async () => {
    const results = await h.run((context) => plugin.searchSeries({ name: 'Les Légendaires' }, context));
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ externalId: '3476', title: 'Légendaires (Les)', totalVolumes: 2 });
    expect(h.takeRequests()).toContain('/serie-3476-BD-Legendaires-Les__10000.html');
  });

  it('still answers the candidate, without details, when its page fails', async () => {
    const results = await h.run((context) => plugin.searchSeries({ name: 'Rork' }, context));
    expect(results).toEqual([expect.objectContaining({ externalId: '77', title: 'Rork', totalVolumes: null })]);
    expect(h.logs.some((line) => line.level === 'warn' && line.message.includes('complete a search result'))).toBe(
      true,
    );
  }, 15_000);

  it('still answers the candidates when the site starts blocking after the search', async () => {
    const before = h.fake.requests.length;
    const call = h.run((context) => plugin.searchSeries({ name: 'Blacksad' }, context));
    // The rate limit holds the series page a second behind the search: time enough to switch the fake.
    while (h.fake.requests.length === before) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    h.fake.setMode('blocked');
    try {
      const results = await call;
      expect(results).toEqual([expect.objectContaining({ externalId: '3', title: 'Blacksad', totalVolumes: null })]);
      expect(h.takeRequests()).toHaveLength(2);
    } finally {
      h.fake.setMode('ok');
    }
  });

  it('fails, rather than finding nothing, when base_url has no search page', async () => {
    const wrongBase = { base_url: `${h.fake.url}/not-bedetheque` };
    const error = await h
      .run((context) => plugin.searchSeries({ name: 'Thorgal' }, context), wrongBase)
      .catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(BadResponseError);
    expect((error as Error).message).toContain('base_url');
    expect(h.takeRequests()).toEqual(['/not-bedetheque/search/tout?RechTexte=Thorgal&RechWhere=0']);
  });

  it('sends no request for a blank query', async () => {
    expect(await h.run((context) => plugin.searchSeries({ name: '  ' }, context))).toEqual([]);
    expect(h.takeRequests()).toEqual([]);
  });

  it('identifies as Shelfmark unless the admin sets a User-Agent', async () => {
    await h.run((context) => plugin.searchSeries({ name: 'Zyxwvut' }, context));
    await h.run((context) => plugin.searchSeries({ name: 'Zyxwvut' }, context), { user_agent: 'Mozilla/5.0 (X11)' });
    const agents = h.fake.requests.slice(-2).map((request) => request.headers['user-agent']);
    expect(agents[0]).toMatch(/^Shelfmark/);
    expect(agents[1]).toBe('Mozilla/5.0 (X11)');
  });
});

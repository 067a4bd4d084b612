import { NotFoundError } from '@shelfmark/plugin-sdk';
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

describe('getVolumes', () => {
  it('reads every album of a long series from its all-albums page, intégrales and hors-séries unnumbered', async () => {
    const volumes = await h.run((context) => plugin.getVolumes('12', context));
    expect(h.takeRequests()).toEqual(['/serie-12-BD-Serie__10000.html']);
    expect(volumes.map((volume) => [volume.externalId, volume.volumeNumber])).toEqual([
      ...Array.from({ length: 12 }, (_, index) => [String(501 + index), index + 1]),
      ['995', null],
      ['990', null],
    ]);
  });

  it('maps each album with its own cover, people, ISBN, pages and date', async () => {
    const volumes = await h.run((context) => plugin.getVolumes('12', context));
    const byId = new Map(volumes.map((volume) => [volume.externalId, volume]));
    expect(byId.get('501')).toEqual({
      externalId: '501',
      volumeNumber: 1,
      title: 'La Magicienne trahie',
      authors: ['Jean Van Hamme', 'Grzegorz Rosinski'],
      isbn: '9782803600011',
      summary: null,
      coverUrl: `${h.fake.url}/media/Couvertures/Couv_501.jpg`,
      pageCount: 48,
      language: 'fr',
      publishDate: '1980-01-01',
    });
    expect(byId.get('502')).toMatchObject({ title: "L'Île des mers gelées", isbn: '280360002X', publishDate: '1980' });
    expect(byId.get('505')).toMatchObject({ isbn: null, publishDate: '1983-09' });
    expect(byId.get('506')).toMatchObject({ pageCount: null });
    expect(byId.get('995')).toMatchObject({ title: 'Calendrier Thorgal 1990', authors: ['Grzegorz Rosinski'] });
    expect(byId.get('995')!.coverUrl).toBeNull();
    expect(byId.get('990')!.coverUrl).toBe(`${h.fake.url}/media/Couvertures/Couv_990.jpg`);
  });

  it("pairs covers by position on a page that lists them apart, one per album (PROVIDERS.md's layout)", async () => {
    const volumes = await h.run((context) => plugin.getVolumes('3', context));
    expect(volumes.map((volume) => [volume.volumeNumber, volume.coverUrl])).toEqual([
      [1, `${h.fake.url}/media/Couvertures/Couv_21434.jpg`],
      [2, `${h.fake.url}/media/Couvertures/Couv_1064.jpg`],
      [3, `${h.fake.url}/media/Couvertures/Couv_45210.jpg`],
    ]);
  });

  it("gives the albums the series page's language, not a language of one album", async () => {
    const volumes = await h.run((context) => plugin.getVolumes('5555', context));
    expect(volumes.map((volume) => volume.language)).toEqual(['nl']);
  });

  it('upgrades the http covers of Bédéthèque itself to https', async () => {
    const volumes = await h.run((context) => plugin.getVolumes('3476', context));
    expect(volumes[0]!.coverUrl).toBe('https://www.bedetheque.com/media/Couvertures/Couv_7001.jpg');
  });
});

describe('getSeries', () => {
  it('describes the series from its page: the count the site prints, not the albums it lists', async () => {
    const series = await h.run((context) => plugin.getSeries('12', context));
    expect(series).toEqual({
      externalId: '12',
      title: 'Thorgal',
      alternativeTitles: [],
      authors: ['Grzegorz Rosinski', 'Jean Van Hamme'],
      description: 'Saga viking mêlant fantastique et science-fiction.',
      publishers: ['Le Lombard'],
      startYear: 1980,
      totalVolumes: 12,
      totalChapters: null,
      rawStatus: 'Série en cours',
      genres: ['Fantastique', 'Aventure', 'Heroic Fantasy'],
      language: 'fr',
      coverUrl: `${h.fake.url}/media/Couvertures/Couv_501.jpg`,
      externalUrl: `${REAL_SITE}/serie-12-BD-Thorgal.html`,
    });
  });

  it('reads the language the series page declares', async () => {
    const series = await h.run((context) => plugin.getSeries('5555', context));
    expect(series.language).toBe('nl');
  });

  it('tries the address without slug when the placeholder slug is refused', async () => {
    const series = await h.run((context) => plugin.getSeries('1880', context));
    expect(series).toMatchObject({ title: "Épervier (L')", rawStatus: 'Série finie', totalVolumes: 1 });
    expect(h.takeRequests()).toEqual(['/serie-1880-BD-Serie__10000.html', '/serie-1880__10000.html']);
    expect(series.externalUrl).toBe(`${h.fake.url}/serie-1880.html`);
  });

  it('fails with NotFoundError once both addresses are unknown', async () => {
    await expect(h.run((context) => plugin.getSeries('424242', context))).rejects.toThrow(NotFoundError);
    expect(h.takeRequests()).toEqual(['/serie-424242-BD-Serie__10000.html', '/serie-424242__10000.html']);
    await expect(h.run((context) => plugin.getVolumes('424242', context))).rejects.toThrow(NotFoundError);
  });

  it('fails with NotFoundError, without a request, for an id that cannot be one', async () => {
    await expect(h.run((context) => plugin.getSeries('../admin', context))).rejects.toThrow(NotFoundError);
    await expect(h.run((context) => plugin.getVolumes('12-BD-Thorgal', context))).rejects.toThrow(NotFoundError);
    expect(h.takeRequests()).toEqual([]);
  });
});

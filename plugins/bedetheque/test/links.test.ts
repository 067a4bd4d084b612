import { describe, expect, it } from 'vitest';
import {
  absoluteUrl,
  albumIdFrom,
  albumKindFrom,
  allAlbumsPath,
  fullSizeCoverUrl,
  publicSeriesUrl,
  seriesLinkFrom,
  seriesPathsForId,
} from '../src/links.js';

describe('seriesLinkFrom', () => {
  it('reads the id of relative and absolute series addresses', () => {
    expect(seriesLinkFrom('/serie-3-BD-Blacksad.html')).toEqual({ externalId: '3', path: '/serie-3-BD-Blacksad.html' });
    expect(seriesLinkFrom('https://www.bedetheque.com/serie-12-BD-Thorgal.html#albums')).toEqual({
      externalId: '12',
      path: '/serie-12-BD-Thorgal.html',
    });
    expect(seriesLinkFrom('/serie-12-BD-Thorgal__10000.html')?.externalId).toBe('12');
    expect(seriesLinkFrom('/serie-12__10000.html')?.externalId).toBe('12');
    expect(seriesLinkFrom('/serie-3476-BD-Legendaires-Les.html')?.externalId).toBe('3476');
  });

  it('refuses the addresses that are not a series page', () => {
    expect(seriesLinkFrom('/serie-index.html')).toBeNull();
    expect(seriesLinkFrom('/BD-Thorgal-Tome-1-La-Magicienne-trahie-501.html')).toBeNull();
    expect(seriesLinkFrom('/auteur-123-BD-Van-Hamme-Jean.html')).toBeNull();
    expect(seriesLinkFrom('/serie-12-BD-Thorgal.html/albums')).toBeNull();
    expect(seriesLinkFrom('http://[broken')).toBeNull();
  });
});

describe('series page addresses', () => {
  it('asks for every album on one page', () => {
    expect(allAlbumsPath('/serie-3-BD-Blacksad.html')).toBe('/serie-3-BD-Blacksad__10000.html');
    expect(allAlbumsPath('/serie-3-BD-Blacksad__2.html')).toBe('/serie-3-BD-Blacksad__10000.html');
    expect(allAlbumsPath('/serie-3-BD-Blacksad__10000.html')).toBe('/serie-3-BD-Blacksad__10000.html');
  });

  it('builds the addresses that need no slug, placeholder first', () => {
    expect(seriesPathsForId('12')).toEqual(['/serie-12-BD-Serie__10000.html', '/serie-12__10000.html']);
  });

  it('shows people the series page, not its all-albums variant', () => {
    expect(publicSeriesUrl('https://www.bedetheque.com/serie-12-BD-Serie__10000.html')).toBe(
      'https://www.bedetheque.com/serie-12-BD-Serie.html',
    );
  });
});

describe('albums', () => {
  it('reads the id that ends an album address', () => {
    expect(albumIdFrom('/BD-Blacksad-Tome-2-Arctic-Nation-1064.html')).toBe('1064');
    expect(albumIdFrom('https://www.bedetheque.com/BD-Thorgal-INT-Integrale-999.html')).toBe('999');
    expect(albumIdFrom('/BD-Thorgal-Sans-identifiant.html')).toBeNull();
  });

  it('tells numbered tomes, intégrales and hors-séries apart by their address', () => {
    expect(albumKindFrom('/BD-Thorgal-Tome-12-La-Cite-du-dieu-perdu-512.html', null)).toEqual({
      kind: 'tome',
      number: 12,
    });
    expect(albumKindFrom('/BD-Thorgal-tome-0-Prologue-500.html', null)).toEqual({ kind: 'tome', number: 0 });
    expect(albumKindFrom('/BD-Thorgal-INT-Integrale-999.html', null)).toEqual({ kind: 'integrale' });
    expect(albumKindFrom('/BD-Thorgal-INT2-Tomes-4-a-6-998.html', null)).toEqual({ kind: 'integrale' });
    expect(albumKindFrom('/BD-Thorgal-HS-Calendrier-995.html', null)).toEqual({ kind: 'hors-serie' });
    expect(albumKindFrom('/BD-Asterix-HS3-Le-livre-d-or-996.html', null)).toEqual({ kind: 'hors-serie' });
  });

  it('falls back on the title, then on "other"', () => {
    expect(albumKindFrom('/BD-Thorgal-Edition-speciale-1.html', 'Intégrale de luxe')).toEqual({ kind: 'integrale' });
    expect(albumKindFrom('/BD-Thorgal-Edition-speciale-1.html', 'Hors-série : Carnets')).toEqual({
      kind: 'hors-serie',
    });
    expect(albumKindFrom('/BD-Thorgal-Artbook-970.html', 'Artbook')).toEqual({ kind: 'other' });
    // "Tome" not followed by a number ("Tomes-1-a-3") is not a tome number.
    expect(albumKindFrom('/BD-Thorgal-Coffret-Tomes-1-a-3-980.html', 'Coffret')).toEqual({ kind: 'other' });
  });
});

describe('absoluteUrl', () => {
  it('resolves against the page and upgrades Bédéthèque itself to https', () => {
    expect(absoluteUrl('/cache/thb_couv/c1.jpg', 'https://www.bedetheque.com/serie-3.html')).toBe(
      'https://www.bedetheque.com/cache/thb_couv/c1.jpg',
    );
    expect(absoluteUrl('http://www.bedetheque.com/cache/thb_couv/c1.jpg', 'http://127.0.0.1:4000/')).toBe(
      'https://www.bedetheque.com/cache/thb_couv/c1.jpg',
    );
    expect(absoluteUrl('http://bedetheque.com/a.jpg', 'http://127.0.0.1:4000/')).toBe('https://bedetheque.com/a.jpg');
  });

  it('leaves other hosts as they are (a local fake, a proxy)', () => {
    expect(absoluteUrl('/cache/thb_couv/c1.jpg', 'http://127.0.0.1:4000/serie-3.html')).toBe(
      'http://127.0.0.1:4000/cache/thb_couv/c1.jpg',
    );
    expect(absoluteUrl('http://notbedetheque.com/a.jpg', 'http://127.0.0.1:4000/')).toBe(
      'http://notbedetheque.com/a.jpg',
    );
  });

  it('refuses what is not a web address', () => {
    expect(absoluteUrl('javascript:void(0)', 'https://www.bedetheque.com/')).toBeNull();
    expect(absoluteUrl('data:image/png;base64,AAAA', 'https://www.bedetheque.com/')).toBeNull();
  });

  it('points at the full-size scan of a thumbnail', () => {
    expect(fullSizeCoverUrl('https://www.bedetheque.com/cache/thb_couv/Couv_501.jpg')).toBe(
      'https://www.bedetheque.com/media/Couvertures/Couv_501.jpg',
    );
    expect(fullSizeCoverUrl('https://www.bedetheque.com/media/Couvertures/Couv_501.jpg')).toBe(
      'https://www.bedetheque.com/media/Couvertures/Couv_501.jpg',
    );
  });
});

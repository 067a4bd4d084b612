import { describe, expect, it } from 'vitest';
import {
  isAntiBotPage,
  searchHitsFromPage,
  seriesFromPage,
  seriesRecordFromHit,
  volumesFromSeriesPage,
} from '../src/map.js';

const BASE = 'https://www.bedetheque.com';
const FAKE = 'http://127.0.0.1:4000';

/** PROVIDERS.md §2.5's minimal series page, as given there. */
const MINIMAL_SERIES_PAGE = `<html><head><title>Thorgal</title>
<meta name="description" content="Tout sur la série Thorgal : Saga viking."></head><body>
<span itemprop="author">Van Hamme, Jean</span><span itemprop="illustrator">Rosinski, Grzegorz</span>
<span itemprop="publisher">Le Lombard</span>
<span class="style-serie">Fantastique, Aventure</span><span class="parution-serie">Série en cours</span>
Tomes : 2 <meta itemprop="datePublished" content="1980-01-01">
<img itemprop="image" src="/cache/thb_couv/c1.jpg"><img itemprop="image" src="/cache/thb_couv/c2.jpg">
<div class="album-main"><a class="titre" href="/BD-Thorgal-Tome-1-La-Magicienne-trahie-501.html"
  title="La Magicienne trahie">…</a><span itemprop="isbn">978-0-00-000001-1</span>
  <span itemprop="numberOfPages">46</span><meta itemprop="datePublished" content="1980-01-01"></div>
<div class="album-main"><a class="titre" href="/BD-Thorgal-INT-Integrale-999.html" title="Intégrale"></a></div>
</body></html>`;

function page(head: string, body: string): string {
  return `<!DOCTYPE html><html lang="fr"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}

function album(
  href: string,
  title: string,
  fields = '',
  cover?: string,
): { block: string; item: (withCover?: boolean) => string } {
  const block = `<div class="album-main"><a class="titre" href="${href}" title="${title}">${title}</a>${fields}</div>`;
  return {
    block,
    item: (withCover = true) =>
      `<li><div class="album-side">${withCover && cover ? `<img itemprop="image" src="${cover}">` : ''}</div>${block}</li>`,
  };
}

describe('isAntiBotPage', () => {
  it('recognises the blank-title page the site serves to scrapers', () => {
    expect(isAntiBotPage('<html><head><title></title></head><body></body></html>')).toBe(true);
    expect(isAntiBotPage('<html><head><title> </title></head><body><script>x()</script></body></html>')).toBe(true);
    expect(isAntiBotPage('<!DOCTYPE html><title>\n\t</title>')).toBe(true);
  });

  it('does not take a search without results for a block', () => {
    const empty = page('<title>Recherche : zzz - Bedetheque</title>', '<p>Aucun résultat.</p>');
    expect(isAntiBotPage(empty)).toBe(false);
  });

  it('does not take an empty or title-less document for a block', () => {
    expect(isAntiBotPage('')).toBe(false);
    expect(isAntiBotPage('<html><body>Erreur</body></html>')).toBe(false);
  });

  it('does not take a page with catalogue content for a block, even with a blank title', () => {
    expect(isAntiBotPage(page('<title></title>', '<a href="/serie-3-BD-Blacksad.html">Blacksad</a>'))).toBe(false);
    expect(isAntiBotPage(page('<title></title>', '<div class="album-main"></div>'))).toBe(false);
  });

  it('does not read a blank title elsewhere than the head (an SVG icon title) as the page title', () => {
    const svg = page('', '<p>Plan du site</p><svg><title></title></svg>');
    expect(isAntiBotPage(svg)).toBe(false);
  });
});

describe('searchHitsFromPage', () => {
  const SEARCH_PAGE = page(
    '<title>Recherche : thorgal</title>',
    `<div id="menu"><a href="/">Accueil</a><a href="/serie-index.html">Séries</a><a href="/auteur-index.html">Auteurs</a></div>
     <ul>
       <li><a href="https://www.bedetheque.com/serie-12-BD-Thorgal.html"><img src="/flag.png" alt=""></a>
           <a href="https://www.bedetheque.com/serie-12-BD-Thorgal.html"><span class="libelle"> Thorgal </span></a></li>
       <li><a href="/serie-13-BD-Jeunesse-de-Thorgal-La.html">Jeunesse de
           Thorgal (La)</a></li>
       <li><a href="/serie-13-BD-Jeunesse-de-Thorgal-La__10000.html">Jeunesse de Thorgal (La) — tous</a></li>
       <li><a href="serie-14-BD-Mondes-de-Thorgal-Les.html">Mondes de Thorgal (Les)</a></li>
     </ul>
     <ul><li><a href="/BD-Thorgal-Tome-1-La-Magicienne-trahie-501.html">La Magicienne trahie</a></li>
         <li><a href="/auteur-123-BD-Van-Hamme-Jean.html">Van Hamme</a></li></ul>`,
  );

  it('keeps series links only, once per series, in page order, with their text as title', () => {
    const hits = searchHitsFromPage(SEARCH_PAGE, `${FAKE}/search/tout?RechTexte=thorgal`);
    expect(hits).toEqual([
      {
        externalId: '12',
        title: 'Thorgal',
        url: 'https://www.bedetheque.com/serie-12-BD-Thorgal.html',
        path: '/serie-12-BD-Thorgal.html',
      },
      {
        externalId: '13',
        title: 'Jeunesse de Thorgal (La)',
        url: `${FAKE}/serie-13-BD-Jeunesse-de-Thorgal-La.html`,
        path: '/serie-13-BD-Jeunesse-de-Thorgal-La.html',
      },
      {
        externalId: '14',
        title: 'Mondes de Thorgal (Les)',
        url: `${FAKE}/search/serie-14-BD-Mondes-de-Thorgal-Les.html`,
        path: '/serie-14-BD-Mondes-de-Thorgal-Les.html',
      },
    ]);
  });

  it('finds nothing on a page without series links', () => {
    expect(searchHitsFromPage(page('<title>Recherche</title>', '<p>Aucun résultat</p>'), BASE)).toEqual([]);
    expect(searchHitsFromPage('', BASE)).toEqual([]);
  });

  it('turns a hit into a record that claims nothing the search page did not say', () => {
    const [hit] = searchHitsFromPage(SEARCH_PAGE, BASE);
    expect(seriesRecordFromHit(hit!)).toEqual({
      externalId: '12',
      title: 'Thorgal',
      alternativeTitles: [],
      authors: [],
      description: null,
      publishers: [],
      startYear: null,
      totalVolumes: null,
      totalChapters: null,
      rawStatus: null,
      genres: [],
      language: null,
      coverUrl: null,
      externalUrl: 'https://www.bedetheque.com/serie-12-BD-Thorgal.html',
    });
  });
});

describe('seriesFromPage', () => {
  it("maps PROVIDERS.md's minimal series page", () => {
    const series = seriesFromPage(MINIMAL_SERIES_PAGE, '12', `${BASE}/serie-12-BD-Serie__10000.html`);
    expect(series).toEqual({
      externalId: '12',
      title: 'Thorgal',
      alternativeTitles: [],
      authors: ['Jean Van Hamme', 'Grzegorz Rosinski'],
      description: 'Saga viking.',
      publishers: ['Le Lombard'],
      startYear: 1980,
      totalVolumes: 2,
      totalChapters: null,
      rawStatus: 'Série en cours',
      genres: ['Fantastique', 'Aventure'],
      language: 'fr',
      coverUrl: `${BASE}/media/Couvertures/c1.jpg`,
      externalUrl: `${BASE}/serie-12-BD-Serie.html`,
    });
  });

  const FULL_PAGE = page(
    `<title>Thorgal - BD, informations, cotes</title>
     <meta name="description" content="Tout sur la série Star Wars : Rébellion : La guerre, encore.">
     <link rel="canonical" href="https://www.bedetheque.com/serie-9-BD-Star-Wars-Rebellion.html">`,
    `<h1><a href="/serie-9-BD-Star-Wars-Rebellion.html">Star Wars : Rébellion</a></h1>
     <ul class="serie-info">
       <li><label>Genre :</label><span class="style-serie">Science-fiction, , Space opera</span></li>
       <li><label>Parution :</label><span class="parution-serie"> Série finie </span></li>
       <li><label>Tomes :</label>4</li>
       <li><label>Origine :</label>USA</li>
       <li><label>Langue :</label>Anglais</li>
     </ul>
     <ul>
       <li><div class="album-side"><img itemprop="image" src="http://www.bedetheque.com/cache/thb_couv/sw1.jpg"></div>
         <div class="album-main"><a class="titre" href="/BD-SW-Tome-1-A-1.html" title="A"></a>
         <ul><li><label>Tome :</label>1</li><li><label>Langue :</label>Français</li></ul>
         <span itemprop="author">&lt;Indéterminé&gt;</span><span itemprop="author">Collectif</span>
         <span itemprop="author">Williams, Rob</span><span itemprop="illustrator">Williams, Rob</span>
         <span itemprop="publisher">Delcourt</span><meta itemprop="datePublished" content="2008-00-00"></div></li>
       <li><div class="album-main"><a class="titre" href="/BD-SW-Tome-2-B-2.html" title="B"></a>
         <span itemprop="publisher">Delcourt</span><span itemprop="publisher">Panini</span>
         <meta itemprop="datePublished" content="2006-03-01"><meta itemprop="datePublished" content="0000-00-00"></div></li>
     </ul>`,
  );

  it('reads the series fields, not the fields of its albums', () => {
    const series = seriesFromPage(FULL_PAGE, '9', `${FAKE}/serie-9-BD-Serie__10000.html`)!;
    expect(series.title).toBe('Star Wars : Rébellion');
    expect(series.description).toBe('La guerre, encore.');
    expect(series.totalVolumes).toBe(4);
    expect(series.language).toBe('en');
    expect(series.rawStatus).toBe('Série finie');
    expect(series.genres).toEqual(['Science-fiction', 'Space opera']);
  });

  it('does not take the fields of an album for those of the series, whichever comes first', () => {
    const albumFirst = page(
      '<title>X</title>',
      `<div class="album-main"><a class="titre" href="/BD-X-Tome-3-C-3.html" title="C"></a>
         <ul><li><label>Tome :</label>3</li><li><label>Langue :</label>Anglais</li></ul></div>
       <h1>X</h1>`,
    );
    const series = seriesFromPage(albumFirst, '1', BASE)!;
    expect(series.totalVolumes).toBeNull();
    expect(series.language).toBe('fr');
  });

  it('drops placeholder people and names each person once', () => {
    expect(seriesFromPage(FULL_PAGE, '9', FAKE)!.authors).toEqual(['Rob Williams']);
  });

  it('takes the earliest known year of the albums as start year', () => {
    expect(seriesFromPage(FULL_PAGE, '9', FAKE)!.startYear).toBe(2006);
  });

  it('lists each publisher once', () => {
    expect(seriesFromPage(FULL_PAGE, '9', FAKE)!.publishers).toEqual(['Delcourt', 'Panini']);
  });

  it('upgrades Bédéthèque covers to https and full size, and prefers the canonical address', () => {
    const series = seriesFromPage(FULL_PAGE, '9', FAKE)!;
    expect(series.coverUrl).toBe('https://www.bedetheque.com/media/Couvertures/sw1.jpg');
    expect(series.externalUrl).toBe('https://www.bedetheque.com/serie-9-BD-Star-Wars-Rebellion.html');
  });

  it('resolves relative covers against the page it was served from, without changing its scheme', () => {
    const series = seriesFromPage(MINIMAL_SERIES_PAGE, '12', `${FAKE}/serie-12-BD-Serie__10000.html`)!;
    expect(series.coverUrl).toBe(`${FAKE}/media/Couvertures/c1.jpg`);
    expect(series.externalUrl).toBe(`${FAKE}/serie-12-BD-Serie.html`);
  });

  it('leaves unknown what the page does not say', () => {
    const bare = page('<title>X</title>', '<h1>Sans Infos</h1>');
    expect(seriesFromPage(bare, '5', `${BASE}/serie-5-BD-Serie__10000.html`)).toEqual({
      externalId: '5',
      title: 'Sans Infos',
      alternativeTitles: [],
      authors: [],
      description: null,
      publishers: [],
      startYear: null,
      totalVolumes: null,
      totalChapters: null,
      rawStatus: null,
      genres: [],
      language: 'fr',
      coverUrl: null,
      externalUrl: `${BASE}/serie-5-BD-Serie.html`,
    });
  });

  it('maps the French language names it knows, and leaves the others unknown', () => {
    const withLanguage = (name: string) =>
      seriesFromPage(page('', `<h1>S</h1><ul><li><label>Langue :</label>${name}</li></ul>`), '1', BASE)!.language;
    expect(withLanguage('Néerlandais')).toBe('nl');
    expect(withLanguage('Français')).toBe('fr');
    expect(withLanguage('Espéranto')).toBeNull();
  });

  it("keeps no description when the page's meta description is the site's own blurb", () => {
    const blurb = page(
      '<meta name="description" content="Bedetheque : la base de données de la bande dessinée.">',
      '<h1>Blacksad</h1>',
    );
    expect(seriesFromPage(blurb, '3', BASE)!.description).toBeNull();
  });

  it('is null for a document that is not a series page', () => {
    expect(seriesFromPage(page('<title>Accueil</title>', '<p>Bienvenue</p>'), '1', BASE)).toBeNull();
    expect(seriesFromPage('', '1', BASE)).toBeNull();
  });

  it('falls back on the meta description for the title', () => {
    const headOnly = page('<meta name="description" content="Tout sur la série Astérix : Des Gaulois.">', '');
    const series = seriesFromPage(headOnly, '1', BASE)!;
    expect(series.title).toBe('Astérix');
    expect(series.description).toBe('Des Gaulois.');
  });
});

describe('volumesFromSeriesPage', () => {
  it("maps PROVIDERS.md's minimal page: covers paired by position, the intégrale unnumbered", () => {
    const volumes = volumesFromSeriesPage(MINIMAL_SERIES_PAGE, BASE);
    expect(volumes).toEqual([
      {
        externalId: '501',
        volumeNumber: 1,
        title: 'La Magicienne trahie',
        authors: [],
        isbn: '9780000000011',
        summary: null,
        coverUrl: `${BASE}/media/Couvertures/c1.jpg`,
        pageCount: 46,
        language: 'fr',
        publishDate: '1980-01-01',
      },
      {
        externalId: '999',
        volumeNumber: null,
        title: 'Intégrale',
        authors: [],
        isbn: null,
        summary: null,
        coverUrl: `${BASE}/media/Couvertures/c2.jpg`,
        pageCount: null,
        language: 'fr',
        publishDate: null,
      },
    ]);
  });

  const t3 = album(
    '/BD-Thorgal-Tome-3-Les-Trois-Vieillards-503.html',
    'Les Trois Vieillards',
    `<span itemprop="author">Van Hamme, Jean</span><span itemprop="illustrator">Rosinski, Grzegorz</span>
     <span itemprop="author">Van Hamme, Jean</span><span itemprop="isbn">2-8036-0003-X</span>
     <span itemprop="isbn">978-2-8036-0003-1</span><span itemprop="numberOfPages">0</span>
     <meta itemprop="datePublished" content="1981-05-00">`,
    '/cache/thb_couv/c503.jpg',
  );
  const t1 = album('/BD-Thorgal-Tome-1-La-Magicienne-1.html', 'La Magicienne', '', '/cache/thb_couv/c1.jpg');
  const hs = album(
    '/BD-Thorgal-HS-Calendrier-995.html',
    'Calendrier Tome 2',
    '<span itemprop="author">Collectif</span><span itemprop="illustrator">&lt;Indéterminé&gt;</span>',
  );
  const integrale = album('/BD-Thorgal-INT1-Integrale-990.html', 'Intégrale 1', '', '/cache/thb_couv/c990.jpg');
  const coffret = album('/BD-Thorgal-Coffret-Tomes-1-a-3-980.html', 'Coffret vol. 4');
  const oneShot = album('/BD-Thorgal-Artbook-970.html', 'Artbook');

  function grouped(...items: string[]): string {
    return page('<title>Thorgal</title>', `<h1>Thorgal</h1><ul>${items.join('')}</ul>`);
  }

  it('orders numbered tomes by number and keeps the other albums after them, in page order', () => {
    const html = grouped(hs.item(), t3.item(), integrale.item(), t1.item(), oneShot.item());
    const volumes = volumesFromSeriesPage(html, BASE);
    expect(volumes.map((volume) => [volume.externalId, volume.volumeNumber])).toEqual([
      ['1', 1],
      ['503', 3],
      ['995', null],
      ['990', null],
      ['970', null],
    ]);
  });

  it('gives hors-séries and intégrales no volume number, even when their title states one', () => {
    const volumes = volumesFromSeriesPage(grouped(hs.item(), integrale.item()), BASE);
    expect(volumes.map((volume) => volume.volumeNumber)).toEqual([null, null]);
  });

  it('numbers an album outside the tome sequence only from an explicit marker in its title', () => {
    const volumes = volumesFromSeriesPage(grouped(coffret.item(), oneShot.item()), BASE);
    expect(volumes.map((volume) => [volume.externalId, volume.volumeNumber])).toEqual([
      ['980', 4],
      ['970', null],
    ]);
  });

  it("reads each album's own people, ISBN-13 first, date as precise as known, no zero page count", () => {
    const [volume] = volumesFromSeriesPage(grouped(t3.item()), BASE);
    expect(volume).toMatchObject({
      authors: ['Jean Van Hamme', 'Grzegorz Rosinski'],
      isbn: '9782803600031',
      pageCount: null,
      publishDate: '1981-05',
    });
  });

  it('drops placeholder people of an album', () => {
    expect(volumesFromSeriesPage(grouped(hs.item()), BASE)[0]!.authors).toEqual([]);
  });

  it("takes each album's cover from beside it, and none for an album without one", () => {
    const html = grouped(hs.item(), t1.item(), t3.item());
    const covers = Object.fromEntries(
      volumesFromSeriesPage(html, FAKE).map((volume) => [volume.externalId, volume.coverUrl]),
    );
    expect(covers).toEqual({
      '1': `${FAKE}/media/Couvertures/c1.jpg`,
      '503': `${FAKE}/media/Couvertures/c503.jpg`,
      '995': null,
    });
  });

  it('does not pair covers by position when covers and albums are not one to one', () => {
    const html = page(
      '<title>Thorgal</title>',
      `<img itemprop="image" src="/cache/thb_couv/a.jpg">${t1.block}${t3.block}`,
    );
    expect(volumesFromSeriesPage(html, BASE).map((volume) => volume.coverUrl)).toEqual([null, null]);
  });

  it('skips blocks without an album address and lists an album once', () => {
    const broken = '<div class="album-main"><a class="titre" title="Sans lien">Sans lien</a></div>';
    const noId = album('/BD-Thorgal-Tome-9-Sans-identifiant.html', 'Sans identifiant').block;
    const html = grouped(t1.item(), `<li>${broken}</li>`, `<li>${noId}</li>`, t1.item());
    expect(volumesFromSeriesPage(html, BASE).map((volume) => volume.externalId)).toEqual(['1']);
  });

  it('uses the link text when the title attribute is missing, and null when there is no title at all', () => {
    const html = grouped(
      '<li><div class="album-main"><a class="titre" href="/BD-X-Tome-1-Un-11.html"> Un  titre </a></div></li>',
      '<li><div class="album-main"><a class="titre" href="/BD-X-Tome-2-Deux-12.html"></a></div></li>',
    );
    expect(volumesFromSeriesPage(html, BASE).map((volume) => volume.title)).toEqual(['Un titre', null]);
  });

  it('gives every album the language the series page declares', () => {
    const html = page(
      '<title>Kiekeboe</title>',
      `<h1>Kiekeboe</h1><ul><li><label>Langue :</label>Néerlandais</li></ul>
       <ul><li>${album('/BD-Kiekeboe-Tome-1-De-Wollebollen-9901.html', 'De Wollebollen').block}</li></ul>`,
    );
    expect(volumesFromSeriesPage(html, BASE)[0]!.language).toBe('nl');
  });

  it('finds no volume on a page without albums', () => {
    expect(volumesFromSeriesPage(page('<title>Rork</title>', '<h1>Rork</h1>'), BASE)).toEqual([]);
  });
});

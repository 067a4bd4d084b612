/**
 * A fake Bédéthèque answering with HTML pages shaped like the site's (PROVIDERS.md §2.5): the search page, series
 * pages (paginated unless `__10000` asks for every album), 404s, and the anti-bot page with its blank title.
 */
import { startFakeService } from '@shelfmark/plugin-sdk/testing';
import type { FakeRequest, FakeResponse, FakeService } from '@shelfmark/plugin-sdk/testing';
import { SERIES, seriesById } from './fake-data.js';
import type { FakeAlbum, FakeSeries } from './fake-data.js';

/** The public address, used where the site prints absolute links. */
export const REAL_SITE = 'https://www.bedetheque.com';

/** Without `__10000` the site shows the first albums only, with a link to the rest. */
export const ALBUMS_PER_PAGE = 5;

/** The page the site serves when it thinks it is being scraped too fast: nothing, and a blank title. */
export const ANTI_BOT_PAGE =
  '<!DOCTYPE html>\n<html><head><title></title><meta name="robots" content="noindex"></head>' +
  '<body><script>document.cookie = "bdt_check=1"; location.reload();</script></body></html>\n';

const FORBIDDEN_PAGE =
  '<!DOCTYPE html>\n<html><head><title>403 Forbidden</title></head><body><h1>Accès refusé</h1></body></html>\n';

export function startFakeBedetheque(options: { latencyMs?: number } = {}): Promise<FakeService> {
  return startFakeService({
    handle,
    latencyMs: options.latencyMs,
    errorResponses: {
      blocked: html(ANTI_BOT_PAGE),
      // Bédéthèque has no credentials; its protection refuses an address with a 403 page instead.
      unauthorized: { ...html(FORBIDDEN_PAGE), status: 403 },
    },
  });
}

function handle(request: FakeRequest): FakeResponse {
  if (request.path === '/search/tout') return html(searchPage(request.query.get('RechTexte') ?? ''));
  const address = /^\/serie-(\d+)(?:-([A-Za-z]+)-([^/]*?))?(__\d+)?\.html$/.exec(request.path);
  if (!address) return notFound();
  const [, id = '', , slug, allAlbums] = address;
  const series = seriesById(Number(id));
  if (!series) return notFound();
  if (series.strictSlug && slug !== undefined && slug !== series.slug) return notFound();
  if (series.broken) return { status: 500, body: '<html><head><title>Erreur</title></head><body></body></html>' };
  return html(seriesPage(series, allAlbums === '__10000'));
}

function html(body: string): FakeResponse {
  return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body };
}

function notFound(): FakeResponse {
  return {
    ...html(page('Page introuvable - Bedetheque', '<h2>Cette page n’existe pas.</h2>')),
    status: 404,
  };
}

// ---------------------------------------------------------------------------------------------------------------

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Every word of the query somewhere in the name, accents ignored, like the site's own search. */
function matches(series: FakeSeries, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  return words.length > 0 && words.every((word) => fold(series.name).includes(word));
}

function searchPage(query: string): string {
  const found = SERIES.filter((series) => matches(series, query)).sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  const items = found.map((series) => {
    // The site links Thorgal with its absolute public address, the others relatively.
    const href = series.id === 12 ? `${REAL_SITE}${seriesPath(series)}` : seriesPath(series);
    return (
      `<li><a href="${href}"><img src="/images/flags/France.png" alt=""></a> ` +
      `<a href="${href}" title="${escape(series.name)}"><span class="libelle">${escape(series.name)}</span></a></li>`
    );
  });
  const albums = found.flatMap((series) =>
    series.albums
      .slice(0, 2)
      .map((album) => `<li><a href="${albumPath(series, album)}">${escape(album.title)}</a></li>`),
  );
  const results =
    found.length === 0
      ? '<p class="no-result">Aucun résultat pour cette recherche.</p>'
      : `<h2>Séries (${found.length})</h2><ul class="search-list">${items.join('\n')}</ul>\n` +
        `<h2>Albums</h2><ul class="search-list">${albums.join('\n')}</ul>`;
  return page(`Recherche : ${query} - Bedetheque`, `<div class="search-results">${results}</div>`);
}

function page(title: string, content: string, head = ''): string {
  return (
    `<!DOCTYPE html>\n<html lang="fr"><head><meta charset="utf-8"><title>${escape(title)}</title>${head}</head>\n<body>\n` +
    '<div id="menu"><a href="/">Accueil</a> <a href="/serie-index.html">Séries</a> ' +
    '<a href="/auteur-index.html">Auteurs</a> <a href="/news.html">News</a></div>\n' +
    `${content}\n<div id="footer"><a href="/contact.html">Contact</a></div>\n</body></html>\n`
  );
}

function seriesPath(series: FakeSeries): string {
  return `/serie-${series.id}-BD-${series.slug}.html`;
}

function albumPath(series: FakeSeries, album: FakeAlbum): string {
  return `/BD-${series.slug}-${album.slug}-${album.id}.html`;
}

function seriesPage(series: FakeSeries, allAlbums: boolean): string {
  const albums = allAlbums ? series.albums : series.albums.slice(0, ALBUMS_PER_PAGE);
  const head =
    `<meta name="description" content="Tout sur la série ${escape(series.name)} : ${escape(series.description)}">` +
    (series.canonical ? `<link rel="canonical" href="${REAL_SITE}${seriesPath(series)}">` : '');
  const more =
    albums.length < series.albums.length
      ? `<a class="pager" href="/serie-${series.id}-BD-${series.slug}__10000.html">Voir tous les albums</a>`
      : '';
  const body =
    series.layout === 'grouped' ? groupedAlbums(series, albums) + more : flatSeriesPage(series, albums) + more;
  return page(`${series.name} - BD, informations, cotes`, seriesHeader(series) + body, head);
}

function seriesHeader(series: FakeSeries): string {
  return `
<div class="bandeau-info serie">
  <h1><a href="${seriesPath(series)}">${escape(series.name)}</a></h1>
  <ul class="serie-info">
    <li><label>Genre :</label><span class="style-serie">${escape(series.genres)}</span></li>
    <li><label>Parution :</label><span class="parution-serie">${escape(series.status)}</span></li>
    <li><label>Tomes :</label>${series.tomes}</li>
    <li><label>Identifiant :</label>${series.id}</li>
    <li><label>Origine :</label>${escape(series.origin)}</li>
    <li><label>Langue :</label>${escape(series.language)}</li>
  </ul>
</div>`;
}

/** The site's album list: each album with its cover beside it and its own people, publisher and ISBN. */
function groupedAlbums(series: FakeSeries, albums: FakeAlbum[]): string {
  const items = albums.map((album) => {
    const cover = album.cover
      ? `<div class="album-side"><a href="${albumPath(series, album)}">` +
        `<img itemprop="image" src="${album.cover}" alt="Couverture de ${escape(album.title)}"></a></div>`
      : '<div class="album-side"></div>';
    return `
  <li itemscope itemtype="https://schema.org/Book">
    ${cover}
    <div class="album-main">
      <h3><a class="titre" href="${albumPath(series, album)}" title="${escape(album.title)}">${escape(album.title)}</a></h3>
      <ul class="infos">
        ${albumFields(album)}
      </ul>
    </div>
  </li>`;
  });
  return `<ul class="liste-albums">${items.join('')}\n</ul>`;
}

/** PROVIDERS.md's minimal series page: people at page level, the covers together, then the album blocks. */
function flatSeriesPage(series: FakeSeries, albums: FakeAlbum[]): string {
  const people = [...new Set(albums.flatMap((album) => album.writers))]
    .map((name) => `<span itemprop="author">${escape(name)}</span>`)
    .concat(
      [...new Set(albums.flatMap((album) => album.artists))].map(
        (name) => `<span itemprop="illustrator">${escape(name)}</span>`,
      ),
    );
  const covers = albums.map((album) => `<img itemprop="image" src="${album.cover ?? '/images/nocouv.png'}">`);
  const blocks = albums.map(
    (album) =>
      `<div class="album-main"><a class="titre" href="${albumPath(series, album)}" title="${escape(album.title)}">` +
      `${escape(album.title)}</a>${albumFields({ ...album, writers: [], artists: [] })}</div>`,
  );
  return `\n${people.join('')}\n${covers.join('')}\n${blocks.join('\n')}\n`;
}

function albumFields(album: FakeAlbum): string {
  const fields = [
    ...album.writers.map((name) => `<li><label>Scénario :</label><span itemprop="author">${escape(name)}</span></li>`),
    ...album.artists.map(
      (name) => `<li><label>Dessin :</label><span itemprop="illustrator">${escape(name)}</span></li>`,
    ),
    album.published === undefined
      ? ''
      : `<li><label>Dépot légal :</label>${album.published.slice(5, 7)}/${album.published.slice(0, 4)}` +
        `<meta itemprop="datePublished" content="${album.published}"></li>`,
    `<li><label>Editeur :</label><span itemprop="publisher">${escape(album.publisher)}</span></li>`,
    album.isbn === undefined ? '' : `<li><label>ISBN :</label><span itemprop="isbn">${escape(album.isbn)}</span></li>`,
    album.pages === undefined
      ? ''
      : `<li><label>Planches :</label><span itemprop="numberOfPages">${album.pages}</span></li>`,
    // Album-level fields that must not be read as the series' own.
    '<li><label>Langue :</label>Français</li>',
  ];
  return fields.filter(Boolean).join('');
}

function escape(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

import { buildZip, SAMPLE_PAGE, type ZipEntry } from './comics.js';

/**
 * EPUBs made for the tests and the bench: a reflowable book (any number of chapters, optional padding to reach a
 * size), a fixed-layout one, and a hostile one whose scripts try to reach the API, tRPC and the top window. Stored
 * entries (buildZip), `mimetype` first, as the EPUB container wants.
 */

const CONTAINER = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>`;

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

interface Item {
  id: string;
  href: string;
  type: string;
  data: Buffer | string;
  properties?: string;
  spine?: boolean;
}

function pack(title: string, items: Item[], options: { fixed?: boolean } = {}): Buffer {
  const manifest = items
    .map(
      (item) =>
        `<item id="${item.id}" href="${item.href}" media-type="${item.type}"${item.properties ? ` properties="${item.properties}"` : ''}/>`,
    )
    .join('\n    ');
  const spine = items
    .filter((item) => item.spine)
    .map((item) => `<itemref idref="${item.id}"/>`)
    .join('');
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:shelfmark:test:${encodeURIComponent(title)}</dc:identifier>
    <dc:title>${escape(title)}</dc:title>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
    ${options.fixed ? '<meta property="rendition:layout">pre-paginated</meta><meta property="rendition:spread">none</meta>' : ''}
  </metadata>
  <manifest>
    ${manifest}
  </manifest>
  <spine>${spine}</spine>
</package>`;
  const entries: ZipEntry[] = [
    { name: 'mimetype', data: Buffer.from('application/epub+zip') },
    { name: 'META-INF/container.xml', data: Buffer.from(CONTAINER) },
    { name: 'OEBPS/content.opf', data: Buffer.from(opf) },
    ...items.map((item) => ({
      name: `OEBPS/${decodeURIComponent(item.href)}`,
      data: typeof item.data === 'string' ? Buffer.from(item.data) : item.data,
    })),
  ];
  return buildZip(entries);
}

const xhtml = (title: string, body: string, head = '') => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en">
<head><title>${escape(title)}</title><link rel="stylesheet" href="../styles/book.css"/>${head}</head>
<body>${body}</body>
</html>`;

function nav(chapters: { href: string; title: string }[]): string {
  const list = chapters.map((chapter) => `<li><a href="${chapter.href}">${escape(chapter.title)}</a></li>`).join('');
  return xhtml('Contents', `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>${list}</ol></nav>`);
}

const WORDS =
  'the harbour lights came on one by one while the boats drifted home across the quiet water and the gulls settled on the old stone wall'.split(
    ' ',
  );

/** A paragraph of plain words, different for each (chapter, paragraph), so that search finds each once. */
function paragraph(chapter: number, index: number, words = 90): string {
  const text = Array.from({ length: words }, (_, i) => WORDS[(chapter * 7 + index * 3 + i) % WORDS.length]).join(' ');
  return `<p>${text.charAt(0).toUpperCase()}${text.slice(1)}.</p>`;
}

export interface ReflowableOptions {
  title?: string;
  chapters?: number;
  paragraphs?: number;
  /** Adds an image of about this many bytes (stored as is), to make a book of a given size. */
  paddingBytes?: number;
}

/**
 * A reflowable EPUB 3: `chapters` chapters of `paragraphs` paragraphs, a nav document, a style sheet and a cover
 * image. Chapter 2 holds the word "lighthouse-keeper" once, for search.
 */
export function reflowableEpub(options: ReflowableOptions = {}): Buffer {
  const { title = 'Harbour Stories', chapters = 3, paragraphs = 30 } = options;
  const list = Array.from({ length: chapters }, (_, i) => ({
    href: `text/chapter-${i + 1}.xhtml`,
    title: `Chapter ${i + 1}`,
  }));
  const items: Item[] = [
    {
      id: 'nav',
      href: 'text/nav.xhtml',
      type: 'application/xhtml+xml',
      properties: 'nav',
      data: nav(list.map((c) => ({ ...c, href: c.href.slice(5) }))),
    },
    {
      id: 'css',
      href: 'styles/book.css',
      type: 'text/css',
      data: 'body { font-family: serif; } h1 { text-align: center; }',
    },
    { id: 'cover', href: 'images/cover.jpg', type: 'image/jpeg', properties: 'cover-image', data: SAMPLE_PAGE },
    ...list.map((chapter, i) => {
      const body = Array.from({ length: paragraphs }, (_, p) =>
        i === 1 && p === 2 ? '<p>Only here does the lighthouse-keeper speak.</p>' : paragraph(i, p),
      ).join('\n');
      return {
        id: `c${i + 1}`,
        href: chapter.href,
        type: 'application/xhtml+xml',
        spine: true,
        data: xhtml(
          chapter.title,
          `<h1>${chapter.title}</h1>\n${body}\n<p><img src="../images/cover.jpg" alt="Cover"/></p>`,
        ),
      };
    }),
  ];
  if (options.paddingBytes) {
    // Random bytes do not compress, so the file is as big on disk as in the archive.
    const padding = Buffer.alloc(options.paddingBytes);
    for (let i = 0; i < padding.length; i++) padding[i] = (i * 2654435761) >>> 24;
    items.push({
      id: 'plate',
      href: 'images/plate.jpg',
      type: 'image/jpeg',
      data: Buffer.concat([SAMPLE_PAGE, padding]),
    });
  }
  return pack(title, items);
}

/** A fixed-layout EPUB of `pages` pages of 600×800, each a coloured block with its number. */
export function fixedLayoutEpub(pages = 4, title = 'Fixed Album'): Buffer {
  const colours = ['#2f5d8a', '#8a3b2f', '#3b7a4a', '#6a4a8a'];
  const items: Item[] = [
    {
      id: 'nav',
      href: 'text/nav.xhtml',
      type: 'application/xhtml+xml',
      properties: 'nav',
      data: nav(Array.from({ length: pages }, (_, i) => ({ href: `page-${i + 1}.xhtml`, title: `Page ${i + 1}` }))),
    },
    { id: 'css', href: 'styles/book.css', type: 'text/css', data: 'html, body { margin: 0; padding: 0; }' },
    ...Array.from({ length: pages }, (_, i) => ({
      id: `p${i + 1}`,
      href: `text/page-${i + 1}.xhtml`,
      type: 'application/xhtml+xml',
      spine: true,
      data: xhtml(
        `Page ${i + 1}`,
        `<div style="width:600px;height:800px;background:${colours[i % colours.length]};color:#fff;display:flex;align-items:center;justify-content:center;font-size:96px">${i + 1}</div>`,
        '<meta name="viewport" content="width=600, height=800"/>',
      ),
    })),
  ];
  return pack(title, items, { fixed: true });
}

/** What the hostile book's scripts would leave behind if any of them ran. */
export const HOSTILE_MARKERS = {
  /** Set on the admin's window (`top.__hostileRan`) or on its <html> (data-hostile). */
  global: '__hostileRan',
  /** Every address the book names outside itself carries this word, so that a request that leaks is recognised. */
  word: 'hostile',
};

export interface HostileBookOptions {
  /** The server the book is read on (`http://127.0.0.1:port`): the book names its API in every spelling. */
  server: string;
  /** Another host, that must never hear from the book (`http://127.0.0.2:port`): its trackers and its links. */
  elsewhere: string;
}

/**
 * How each link of the hostile book's first chapter must end when clicked: nothing at all, or the reader's
 * "link out of the book" dialog showing this address (a mail or web one), never the browser following it.
 */
export function hostileLinks({ server, elsewhere }: HostileBookOptions) {
  const other = elsewhere.replace(/^http:\/\//, '');
  const here = server.replace(/^http:\/\//, '');
  return [
    { id: 'js', href: `javascript:top.${HOSTILE_MARKERS.global}=true`, shows: null },
    { id: 'js-tab', href: `java&#x09;script:top.${HOSTILE_MARKERS.global}=true`, shows: null },
    { id: 'js-entity', href: `&#x6A;avascript:top.${HOSTILE_MARKERS.global}=true`, shows: null },
    { id: 'vbscript', href: 'vbscript:msgbox(1)', shows: null },
    {
      id: 'data-html',
      href: `data:text/html,&lt;script&gt;top.${HOSTILE_MARKERS.global}=true&lt;/script&gt;`,
      shows: null,
    },
    { id: 'api-relative', href: '../../../api/v1/tokens?hostile=link', shows: null },
    { id: 'api-absolute', href: `${server}/api/v1/auth/me?hostile=link`, shows: null },
    { id: 'api-one-slash', href: `http:/${here}/api/v1/auth/me?hostile=link`, shows: null },
    { id: 'up', href: '../../', shows: null },
    // A user name that reads as this server's host, before the real one: refused, never shown as a site.
    { id: 'credentials', href: `http://${here.replace(/:\d+$/, '')}:login@${other}/hostile-credentials`, shows: null },
    // A place in the book whose path would read as a scheme if written bare: it stays in the book.
    { id: 'scheme-inside', href: `./http:${other}/hostile-inside`, shows: null },
    { id: 'top', href: '../../../hostile-navigated', target: '_top', shows: null },
    { id: 'web', href: `${elsewhere}/hostile-web`, shows: `${elsewhere}/hostile-web` },
    { id: 'one-slash', href: `http:/${other}/hostile-one-slash`, shows: `${elsewhere}/hostile-one-slash` },
    { id: 'backslash', href: `http:\\\\${other}\\hostile-backslash`, shows: `${elsewhere}/hostile-backslash` },
    { id: 'tab-in-scheme', href: `ht&#x09;tp://${other}/hostile-tab`, shows: `${elsewhere}/hostile-tab` },
    {
      id: 'protocol-relative',
      href: `//${other}/hostile-protocol-relative`,
      // The engine reads a book's addresses against an https base, as the URL parser does: so does the reader.
      shows: `https://${other}/hostile-protocol-relative`,
    },
    { id: 'mail', href: 'mailto:reader@example.test', shows: 'mailto:reader@example.test' },
    // Links of an SVG inside the chapter, in SVG's own spellings.
    { id: 'svg-js', href: `java&#x09;script:top.${HOSTILE_MARKERS.global}=true`, svg: 'xlink:href', shows: null },
    {
      id: 'svg-web',
      href: `http:/${other}/hostile-svg-link`,
      svg: 'xlink:href',
      shows: `${elsewhere}/hostile-svg-link`,
    },
    { id: 'svg-api', href: `http:/${here}/api/v1/auth/me?hostile=svg-link`, svg: 'href', shows: null },
  ];
}

/**
 * A book that tries every escape we know (issue 30; the admin's sanitiser tests hold the full corpus,
 * apps/admin/src/lib/components/epub/hostile-corpus.ts): scripts in every form (inline, from the book, handlers, an
 * SVG script, a meta refresh), links in every spelling and scheme (chapter 1, hostileLinks), resources that would
 * fetch with no click from `elsewhere` and from the server's API in every spelling (chapter 2: images, srcset,
 * style sheets, CSS escapes, frames, objects, an inline SVG), an SVG section that fetches (xml-stylesheet, @import,
 * image, feImage, foreignObject, fill) and links out, and a style sheet that imports and fetches; addresses that
 * reach image-set() through var(), and files declared with types in other spellings (`TEXT/CSS; charset=utf-8`,
 * `image/svg+xml;charset=utf-8`, a chapter 3 declared `text/xml`). The engine loads the SVG section in a frame but
 * cannot lay it out (foliate-js paginates HTML bodies only): it is last.
 */
export function hostileEpub(options: HostileBookOptions, title = 'Hostile Book'): Buffer {
  const { server, elsewhere } = options;
  const other = elsewhere.replace(/^http:\/\//, '');
  const here = server.replace(/^http:\/\//, '');
  const attack = `try { top.${HOSTILE_MARKERS.global} = true; top.document.documentElement.dataset.hostile = 'ran'; } catch (e) {}
try { window.${HOSTILE_MARKERS.global} = true; document.documentElement.dataset.hostile = 'ran'; } catch (e) {}
fetch('/api/v1/tokens?hostile=script', { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'hostile', scope: 'admin' }) });
fetch('/trpc/libraries.list?hostile=script', { credentials: 'include' });
try { top.location.href = '/hostile-navigated'; } catch (e) {}`;
  const inline = escape(attack.replace(/\n/g, ' ').replace(/"/g, "'"));
  const tracker = (what: string) => `${elsewhere}/hostile-${what}.png`;
  const api = (what: string) => `/api/v1/auth/me?hostile=${what}`;

  const all = hostileLinks(options);
  const links = all
    .filter((link) => !link.svg)
    .map(
      (link) =>
        `<li><a id="${link.id}" href="${link.href}"${link.target ? ` target="${link.target}"` : ''}>${link.id}</a></li>`,
    )
    .join('');
  const svgLinks = all
    .filter((link) => link.svg)
    .map(
      (link, i) => `<a id="${link.id}" ${link.svg}="${link.href}"><text x="0" y="${14 + i * 18}">${link.id}</text></a>`,
    )
    .join('');
  const chapter1 = xhtml(
    title,
    `<h1 id="bait">Links</h1>
<script>${attack}</script>
<script src="../scripts/attack.js"></script>
<img src="missing.png" alt="" onerror="${inline}"/>
<ul style="font-size: 12px; line-height: 1.2; margin: 0">${links}</ul>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="60" font-size="12">${svgLinks}</svg>
<p><a id="next" href="chapter-2.xhtml">Next chapter</a></p>`,
    `<meta http-equiv="refresh" content="0; url=/hostile-navigated?from=refresh"/>`,
  );
  const chapter2 = xhtml(
    'Resources',
    `<h1>Resources</h1>
<p>
<img alt="" src="${tracker('img')}"/>
<img alt="" src="http:/${other}/hostile-one-slash.png"/>
<img alt="" src="http:\\\\${other}\\hostile-backslash.png"/>
<img alt="" src="ht&#x09;tp://${other}/hostile-tab.png"/>
<img alt="" src="//${other}/hostile-protocol-relative.png"/>
<img alt="" src="${api('img')}"/>
<img alt="" src="../../../api/v1/libraries?hostile=img-relative"/>
<img alt="" src="${server}${api('img-absolute')}"/>
<img alt="" src="../images/cover.jpg" srcset="${tracker('srcset')} 2x, /api/v1/auth/me?hostile=srcset 3x"/>
<picture><source srcset="${tracker('source')}"/><img alt="" src="../images/cover.jpg"/></picture>
<video poster="${tracker('poster')}" src="${api('video')}"></video>
<input type="image" alt="" src="${tracker('input')}"/>
</p>
<table background="${tracker('table')}"><tr><td style="background-image: url('${tracker('style-attribute')}')">cell</td></tr></table>
<p style="background: u\\rl(${tracker('escaped-url')})">escaped url</p>
<p style="background: image-set('${tracker('image-set')}' 1x)">image-set</p>
<p style="--u: '${tracker('var')}'; background-image: image-set(var(--u) 1x)">image-set through var()</p>
<style>
@import "http:/${other}/hostile-import.css";
@\\69mport url(${api('escaped-import')});
#bait { background: url(${tracker('style-block')}); }
@font-face { font-family: Hostile; src: url(${tracker('font')}) format("woff"); }
h1 { font-family: Hostile, serif; }
</style>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40">
<script>top.${HOSTILE_MARKERS.global} = true;</script>
<image href="${tracker('svg-image')}" width="10" height="10"/>
<image xlink:href="${api('svg-xlink')}" width="10" height="10"/>
<filter id="f"><feImage href="${tracker('feimage')}"/></filter>
<foreignObject width="10" height="10"><img xmlns="http://www.w3.org/1999/xhtml" src="${api('foreign-object')}" alt=""/></foreignObject>
<rect width="10" height="10" fill="url(${elsewhere}/hostile-fill.svg#g)" filter="url(#f)"/>
</svg>
<iframe src="${api('iframe')}"></iframe>
<object data="${tracker('object')}"></object>
<embed src="${tracker('embed')}"/>
<form action="/api/v1/tokens?hostile=form" method="post"><button id="send" type="submit">Send</button></form>
<p>Last words of the resources.</p>`,
    `<base href="${elsewhere}/hostile-base/"/>
<link rel="stylesheet" href="${elsewhere}/hostile-link.css"/>
<link rel="stylesheet" href="${api('link')}"/>
<link rel="prefetch" href="${tracker('prefetch')}"/>
<link rel="icon" href="${tracker('icon')}"/>`,
  ).replace(
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<?xml version="1.0" encoding="UTF-8"?>\n<?xml-stylesheet href="${elsewhere}/hostile-xhtml-pi.css"?>`,
  );
  const svgSection = `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/css" href="${elsewhere}/hostile-svg-pi.css"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="600" height="800" viewBox="0 0 600 800">
<style>@import "http:/${other}/hostile-svg-import.css"; .dot { fill: url(${elsewhere}/hostile-svg-fill.svg#g); }
svg { --u: '${tracker('svg-section-var')}'; background-image: image-set(var(--u) 1x); }</style>
<script>top.${HOSTILE_MARKERS.global} = true;</script>
<rect width="600" height="800" fill="#f4f1ea"/>
<image x="10" y="10" width="20" height="20" href="${tracker('svg-section-image')}"/>
<image x="40" y="10" width="20" height="20" xlink:href="${api('svg-section-xlink')}"/>
<filter id="f"><feImage href="${tracker('svg-section-feimage')}"/></filter>
<foreignObject x="70" y="10" width="20" height="20"><img xmlns="http://www.w3.org/1999/xhtml" src="${tracker('svg-section-foreign')}" alt=""/></foreignObject>
<rect class="dot" x="100" y="10" width="20" height="20" filter="url(#f)" style="stroke: url(${api('svg-section-stroke')})"/>
<a xlink:href="java&#x09;script:top.${HOSTILE_MARKERS.global}=true"><text x="20" y="100" font-size="24">js</text></a>
<a id="svg-section-end" xlink:href="http:/${other}/hostile-svg-section-link"><text x="20" y="160" font-size="24">web</text></a>
<a href="http:/${here}/api/v1/auth/me?hostile=svg-section-link"><text x="20" y="220" font-size="24">api</text></a>
</svg>`;
  const css = `body { font-family: serif; }
@import "${elsewhere}/hostile-sheet-import.css";
@\\69mport url("${api('sheet-escaped-import')}");
h1 { background: u\\rl(${tracker('sheet-escaped-url')}); }
p { background-image: image-set("${tracker('sheet-image-set')}" 1x); }
@font-face { font-family: SheetFont; src: url(http:/${other}/hostile-sheet-font.woff); }
li { font-family: SheetFont, serif; }`;
  const items: Item[] = [
    {
      id: 'nav',
      href: 'text/nav.xhtml',
      type: 'application/xhtml+xml',
      properties: 'nav',
      data: nav([
        { href: 'chapter-1.xhtml', title: 'Links' },
        { href: 'chapter-2.xhtml', title: 'Resources' },
        { href: '../images/section.svg', title: 'An SVG section' },
      ]),
    },
    // Types in spellings other than the engine's own: each is still sanitised (the sheet, the SVG, chapter 3).
    { id: 'css', href: 'styles/book.css', type: 'TEXT/CSS; charset=utf-8', data: css },
    { id: 'js', href: 'scripts/attack.js', type: 'application/javascript', data: attack },
    { id: 'cover', href: 'images/cover.jpg', type: 'image/jpeg', data: SAMPLE_PAGE },
    {
      id: 'c1',
      href: 'text/chapter-1.xhtml',
      type: 'application/xhtml+xml',
      properties: 'scripted',
      spine: true,
      data: chapter1,
    },
    {
      id: 'c2',
      href: 'text/chapter-2.xhtml',
      type: 'application/xhtml+xml',
      properties: 'scripted svg remote-resources',
      spine: true,
      data: chapter2,
    },
    {
      id: 'c3',
      href: 'text/chapter-3.xml',
      type: 'text/xml',
      spine: true,
      data: xhtml(
        'Declared text/xml',
        `<h1>Declared text/xml</h1>
<p><img alt="" src="${tracker('xml-type')}"/><img alt="" src="${api('xml-type')}"/></p>
<script>top.${HOSTILE_MARKERS.global} = true;</script>`,
      ),
    },
    {
      id: 'svg',
      href: 'images/section.svg',
      type: 'image/svg+xml;charset=utf-8',
      properties: 'scripted',
      spine: true,
      data: svgSection,
    },
  ];
  return pack(title, items);
}

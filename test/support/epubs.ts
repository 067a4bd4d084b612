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
  api: '/api/v1/libraries?hostile=1',
  trpc: '/trpc/libraries.list?hostile=1',
  navigation: '/hostile-navigated',
  /** Another host the book's images and styles would tell who reads what (port 9: nothing answers there). */
  tracker: 'http://127.0.0.1:9/hostile-tracker.png',
};

/**
 * A book whose chapter carries every way we know for a script to run: an inline script, an external one from the
 * book, an inline event handler, a `javascript:` link, an SVG script and a meta refresh; and images and styles on
 * another host (a tracker would learn who reads what). Each would fetch the API
 * and tRPC with the reader's session, mark the admin's window, and navigate the top window away. Its links to
 * `../../` and `../../../api/v1/libraries` must stay inside the book.
 */
export function hostileEpub(title = 'Hostile Book'): Buffer {
  const attack = `try { top.${HOSTILE_MARKERS.global} = true; top.document.documentElement.dataset.hostile = 'ran'; } catch (e) {}
try { window.${HOSTILE_MARKERS.global} = true; document.documentElement.dataset.hostile = 'ran'; } catch (e) {}
fetch('${HOSTILE_MARKERS.api}', { credentials: 'include' });
fetch('${HOSTILE_MARKERS.trpc}', { credentials: 'include' });
try { top.location.href = '${HOSTILE_MARKERS.navigation}'; } catch (e) {}`;
  const body = `<h1>A hostile chapter</h1>
<p id="bait">This page tries to run scripts.</p>
<script>${attack}</script>
<script src="../scripts/attack.js"></script>
<img src="missing.png" alt="" onerror="${escape(attack.replace(/\n/g, ' ').replace(/"/g, "'"))}"/>
<p><a id="up" href="../../">Up and out</a></p>
<p><a id="api" href="../../../api/v1/libraries">The API</a></p>
<p><a id="js" href="javascript:top.${HOSTILE_MARKERS.global}=true">A javascript: link</a></p>
<p><a id="top" href="../../../hostile-navigated" target="_top">Leave the reader</a></p>
<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>top.${HOSTILE_MARKERS.global} = true;</script><image href="${HOSTILE_MARKERS.tracker}?from=svg" width="10" height="10"/></svg>
<p><img src="${HOSTILE_MARKERS.tracker}?from=img" alt=""/></p>
<p style="background-image: url('${HOSTILE_MARKERS.tracker}?from=style')">A styled paragraph.</p>
<style>@import url("${HOSTILE_MARKERS.tracker}?from=import"); #bait { background: url(${HOSTILE_MARKERS.tracker}?from=css); }</style>
<p>Last words of the hostile chapter.</p>`;
  const items: Item[] = [
    {
      id: 'nav',
      href: 'text/nav.xhtml',
      type: 'application/xhtml+xml',
      properties: 'nav',
      data: nav([{ href: 'chapter.xhtml', title: 'Hostile' }]),
    },
    { id: 'css', href: 'styles/book.css', type: 'text/css', data: 'body { font-family: serif; }' },
    { id: 'js', href: 'scripts/attack.js', type: 'application/javascript', data: attack },
    {
      id: 'c1',
      href: 'text/chapter.xhtml',
      type: 'application/xhtml+xml',
      properties: 'scripted svg',
      spine: true,
      data: xhtml(title, body, `<meta http-equiv="refresh" content="0; url=${HOSTILE_MARKERS.navigation}"/>`),
    },
  ];
  return pack(title, items);
}

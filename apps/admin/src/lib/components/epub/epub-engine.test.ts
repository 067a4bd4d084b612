// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPlainName, openBook, resourceUrl } from './epub-engine.js';

/**
 * The engine as openBook sets it up, over an in-memory book: every file it shows passes the sanitiser whatever type
 * the manifest gives it, and it asks this server for nothing but the book's own files, whatever the archive's names.
 * (Found in the review of issue 30: each input below made Chromium send a request to another host or to this
 * server's /api/v1 before the fix.)
 */

// The engine's custom element is not needed to see what it would show: `open` keeps the book.
vi.mock('foliate-js/view.js', () => ({}));

const origin = location.origin;
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

interface BookFile {
  id: string;
  href: string;
  type: string;
  text: string;
}

interface OpenedBook {
  book: { sections: { load(): Promise<string> }[] };
  /** Every blob the engine made, by URL: what the frames would be shown. */
  blobs: Map<string, Blob>;
  /** Every path this page asked the server for, as the browser resolves it. */
  asked: string[];
}

const container = (opf: string) =>
  `<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0"><rootfiles><rootfile full-path="${opf}" media-type="application/oebps-package+xml"/></rootfiles></container>`;

const packageDocument = (files: BookFile[], spine: string[]) => `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">x</dc:identifier><dc:title>t</dc:title></metadata>
<manifest>${files.map((file) => `<item id="${file.id}" href="${file.href}" media-type="${file.type}"/>`).join('')}</manifest>
<spine>${spine.map((id) => `<itemref idref="${id}"/>`).join('')}</spine></package>`;

/** openBook over an in-memory archive served at /epub/BOOK, with the engine's view replaced by a recorder. */
async function openArchive(files: BookFile[], spine: string[], opfPath = 'content.opf'): Promise<OpenedBook> {
  const archive = new Map<string, string>([
    ['META-INF/container.xml', container(opfPath)],
    [opfPath, packageDocument(files, spine)],
    ...files.map((file) => [file.href, file.text] as [string, string]),
  ]);
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, location.href);
    asked.push(url.pathname);
    const name = decodeURIComponent(url.pathname.replace(/^\/epub\/BOOK\/?/, ''));
    if (url.pathname === '/epub/BOOK') {
      return new Response(
        JSON.stringify({ entries: [...archive].map(([path, text]) => ({ path, size: text.length })) }),
      );
    }
    const text = archive.get(name);
    return text === undefined ? new Response('', { status: 404 }) : new Response(text);
  });
  const blobs = new Map<string, Blob>();
  // jsdom has no blob: URLs: each blob is kept under a name of its own.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:${origin}/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  let book: OpenedBook['book'] | null = null;
  const create = document.createElement.bind(document);
  vi.spyOn(document, 'createElement').mockImplementation((name: string) => {
    const element = create(name) as HTMLElement & { open?: (opened: unknown) => Promise<void> };
    if (name === 'foliate-view') element.open = async (opened) => void (book = opened as OpenedBook['book']);
    return element;
  });
  await openBook('BOOK', document.body, { onLinkOut: () => {} }).catch(() => {});
  return { book: book!, blobs, asked };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const HOSTILE_CHAPTER = `<html xmlns="${XHTML_NS}"><head><title>t</title></head><body><img src="/api/v1/auth/me?from=img" alt=""/><img src="https://tracker.test/pixel.png" alt=""/></body></html>`;
const HOSTILE_SVG = `<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.test/svg.png" width="1" height="1"/></svg>`;

describe('every document the engine shows is sanitised, whatever type the manifest gives it', () => {
  // Chromium renders each of these as a document in the book's frame (a blob's type is lower-cased, parameters
  // kept; XML types show XHTML elements as HTML), but isSanitised() only knows the four exact spellings.
  const spellings: [string, string][] = [
    ['Application/XHTML+XML', HOSTILE_CHAPTER],
    ['application/xhtml+xml; charset=utf-8', HOSTILE_CHAPTER],
    ['text/xml', HOSTILE_CHAPTER],
    ['application/xml', HOSTILE_CHAPTER],
    ['TEXT/HTML', HOSTILE_CHAPTER],
    ['image/svg+xml;charset=utf-8', HOSTILE_SVG],
  ];
  it('(the harness: a chapter declared application/xhtml+xml, and a package at a plain path, come out clean)', async () => {
    const { book, blobs, asked } = await openArchive(
      [{ id: 'c', href: 'c.xhtml', type: 'application/xhtml+xml', text: HOSTILE_CHAPTER }],
      ['c'],
    );
    const shown = blobs.get(await book.sections[0]!.load())!;
    expect(await shown.text()).not.toMatch(/tracker\.test|\/api\/v1/);
    expect(asked.every((path) => path.startsWith('/epub/BOOK'))).toBe(true);
  });

  for (const [type, text] of spellings) {
    it(`a spine item declared "${type}"`, async () => {
      const { book, blobs } = await openArchive([{ id: 'c', href: 'c.xhtml', type, text }], ['c']);
      const shown = blobs.get(await book.sections[0]!.load())!;
      expect(await shown.text()).not.toMatch(/tracker\.test|\/api\/v1/);
    });
  }

  for (const type of ['TEXT/CSS', 'text/css; charset=utf-8']) {
    it(`a style sheet declared "${type}"`, async () => {
      const chapter = `<html xmlns="${XHTML_NS}"><head><title>t</title><link rel="stylesheet" href="s.css"/></head><body/></html>`;
      const { book, blobs } = await openArchive(
        [
          { id: 'c', href: 'c.xhtml', type: 'application/xhtml+xml', text: chapter },
          { id: 's', href: 's.css', type, text: 'body { background: url(https://tracker.test/sheet.png) }' },
        ],
        ['c'],
      );
      await book.sections[0]!.load();
      const texts = await Promise.all(Array.from(blobs.values(), (blob) => blob.text()));
      expect(texts.filter((text) => text.includes('tracker.test'))).toEqual([]);
    });
  }
});

describe('a file that is not a document is never shown as one', () => {
  // foliate-js loads every spine item in a frame whatever its type: one that is not a document shows nothing.
  for (const type of [
    'text/plain',
    'application/javascript',
    'application/octet-stream',
    'application/pdf',
    'image/png',
  ]) {
    it(`a spine item declared "${type}" is an empty document`, async () => {
      const { book, blobs, asked } = await openArchive(
        [{ id: 'c', href: 'c.xhtml', type, text: HOSTILE_CHAPTER }],
        ['c'],
      );
      const shown = blobs.get(await book.sections[0]!.load())!;
      expect(shown.type).toBe('application/xhtml+xml');
      const doc = new DOMParser().parseFromString(await shown.text(), 'application/xhtml+xml');
      const body = doc.getElementsByTagNameNS(XHTML_NS, 'body')[0];
      expect([doc.querySelector('parsererror'), body?.textContent, body?.childNodes.length]).toEqual([null, '', 0]);
      expect(asked).not.toContain('/epub/BOOK/c.xhtml');
    });
  }

  it("keeps an inert file's bytes under its type as a browser reads it, and never fetches any other file (bytes nothing shows)", async () => {
    const chapter = `<html xmlns="${XHTML_NS}"><head><title>t</title></head><body><img src="a.png" alt=""/><img src="b.bin" alt=""/><img src="c.js" alt=""/><img src="d.svg" alt=""/></body></html>`;
    const { book, blobs, asked } = await openArchive(
      [
        { id: 'c', href: 'c.xhtml', type: 'application/xhtml+xml', text: chapter },
        { id: 'a', href: 'a.png', type: 'Image/PNG; x=1', text: 'PNG bytes' },
        { id: 'b', href: 'b.bin', type: 'text/plain', text: HOSTILE_CHAPTER },
        { id: 'j', href: 'c.js', type: 'text/javascript', text: 'top.hostile = 1' },
        { id: 'd', href: 'd.svg', type: 'IMAGE/SVG+XML', text: HOSTILE_SVG },
      ],
      ['c'],
    );
    const shown = blobs.get(await book.sections[0]!.load())!;
    const doc = new DOMParser().parseFromString(await shown.text(), 'application/xhtml+xml');
    const images = await Promise.all(
      Array.from(doc.getElementsByTagNameNS(XHTML_NS, 'img'), async (image) => {
        const blob = blobs.get(image.getAttribute('src') ?? '');
        return blob && { type: blob.type, text: await blob.text() };
      }),
    );
    expect(images.slice(0, 3)).toEqual([
      { type: 'image/png', text: 'PNG bytes' },
      { type: 'application/octet-stream', text: '' },
      { type: 'application/octet-stream', text: '' },
    ]);
    // What nothing shows is not even asked for.
    expect(asked.filter((path) => /\/(?:b\.bin|c\.js)$/.test(path))).toEqual([]);
    expect(images[3]?.type).toBe('image/svg+xml');
    expect(images[3]?.text).not.toMatch(/tracker\.test/);
  });
});

describe('the engine asks this server for nothing but the book', () => {
  const outsideTheBook = (asked: string[]) =>
    asked.filter((path) => path !== '/epub/BOOK' && !path.startsWith('/epub/BOOK/'));

  it('an archive entry named ../../../api/v1/auth/me, given as the package document', async () => {
    // The server lists entry names as the archive has them (zip-archive.ts keeps `../` names); resourceUrl keeps
    // `..` segments, and fetch() resolves them: the admin page itself asks for /api/v1/auth/me with the session.
    const { asked } = await openArchive([], [], '../../../api/v1/auth/me');
    expect(outsideTheBook(asked)).toEqual([]);
  });

  for (const href of ['../../../api/v1/auth/me', 'OEBPS/../../api/v1/auth/me', '%2e%2e/%2e%2e/api/v1/auth/me']) {
    it(`an archive entry named ${href}, given as a chapter`, async () => {
      const { book, asked } = await openArchive(
        [{ id: 'c', href, type: 'application/xhtml+xml', text: HOSTILE_CHAPTER }],
        ['c'],
        'OEBPS/content.opf',
      );
      await Promise.resolve(book.sections[0]!.load()).catch(() => null);
      expect(outsideTheBook(asked)).toEqual([]);
    });
  }

  it('takes a name as a file of the book only when it is a plain path, and never makes another path of one', () => {
    for (const name of ['OEBPS/text/ch 1.xhtml', 'mimetype', 'a/b%20c.png', 'images/..cover.png', 'x/.hidden']) {
      expect([name, isPlainName(name)]).toEqual([name, true]);
    }
    for (const name of [
      '',
      '..',
      '.',
      '../x',
      'a/../../x',
      'a/./x',
      'a//x',
      '/x',
      'x/',
      'a\\..\\x',
      '%2e%2e/x',
      'a/%2E/x',
      '..%2f..%2fx',
      'a%5c..',
    ]) {
      expect([name, isPlainName(name)]).toEqual([name, false]);
      expect(() => resourceUrl('BOOK', name), name).toThrow();
    }
    expect(resourceUrl('BOOK', 'OEBPS/a b#c.xhtml')).toBe('/epub/BOOK/OEBPS/a%20b%23c.xhtml');
  });
});

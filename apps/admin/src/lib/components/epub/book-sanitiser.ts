import createDOMPurify, { type DOMPurify } from 'dompurify';
import { cleanBookCss, staysInside } from './book-css.js';
import { CSS_TYPE, HTML_TYPE, SVG_TYPE, XHTML_TYPE, bookType, isDocumentType } from './book-types.js';
import { decideLink, isBookResource } from './book-urls.js';

/**
 * What every document of a book becomes before the engine shows it (ADR 16). The engine has already replaced each
 * reference to the book's own files with a `blob:` URL of this page (foliate-js epub.js, Loader.loadReplaced); then
 * this runs, on (X)HTML, SVG and CSS alike:
 *
 * - DOMPurify, which knows HTML, SVG and MathML, takes out everything that runs or embeds (scripts, handlers,
 *   frames, objects, `<base>`, `<meta>`, `foreignObject`, `<animate>`/`<set>`, processing instructions…);
 * - our hooks keep a resource (an image, a style sheet, a font, a `url()` in any CSS) only when it is inside the
 *   book (book-urls.ts isBookResource), and a link only when it stays in the book or is an http(s) or mailto
 *   address of another site, rewritten to what the URL parser made of it: the reader asks before opening one;
 * - every CSS (style sheets, `<style>`, `style` and presentation attributes) loses its references outside the book
 *   (book-css.ts);
 * - an (X)HTML document gains a Content-Security-Policy of its own, first in its head: the engine shows documents
 *   as `blob:` URLs of the admin's origin, which no response header reaches.
 *
 * XHTML stays XHTML and SVG stays SVG: the engine needs the type. A type is read as a browser reads it, whatever its
 * spelling (book-types.ts: any XML type is XHTML here). Fail closed: a document that cannot be read or sanitised
 * becomes an empty one.
 */
export const BOOK_DOCUMENT_POLICY =
  "default-src 'none'; script-src 'none'; object-src 'none'; img-src blob: data:; style-src blob: 'unsafe-inline'; " +
  "font-src blob: data:; media-src blob:; base-uri 'none'; form-action 'none'";

const XHTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** Where a document sits: this page's origin (the engine's `blob:` URLs) and its path in the book. */
export interface BookPlace {
  origin: string;
  path: string;
}

/**
 * Attributes whose value is an address, every one DOMPurify may let through and those it never should. A link
 * (`href` on an HTML or SVG `<a>`) is decided as a link; every other address must be a resource inside the book.
 * `srcset` never is: the engine does not rewrite it (its candidates stay relative), so it always goes.
 */
const ADDRESS_ATTRIBUTES = new Set([
  'href',
  'xlink:href',
  'src',
  'srcset',
  'poster',
  'background',
  'action',
  'formaction',
  'cite',
  'usemap',
  'longdesc',
  'data',
  'codebase',
  'classid',
  'archive',
  'ping',
  'lowsrc',
  'dynsrc',
  'manifest',
  'icon',
  'profile',
  'itemtype',
  'itemid',
  'xml:base',
]);

/** The sanitising call's document, read by the hooks (DOMPurify runs them synchronously, within the call). */
let place: BookPlace | null = null;
let purifier: DOMPurify | null = null;

const keepUrl = (url: string) => place !== null && isBookResource(url, place.origin);

const isLinkElement = (element: Element) =>
  element.localName === 'a' && (element.namespaceURI === XHTML_NS || element.namespaceURI === SVG_NS);

function purifierFor(window: Window & typeof globalThis): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(window);
  instance.addHook('uponSanitizeElement', (node) => {
    // Before DOMPurify reads the children: a CDATA section or comment inside <style> becomes plain text here.
    if (node.nodeType === 1 && (node as Element).localName === 'style') {
      node.textContent = cleanBookCss(node.textContent ?? '', keepUrl);
    }
  });
  instance.addHook('uponSanitizeAttribute', (element, event) => {
    if (!place) throw new Error('A book document is sanitised outside sanitiseBookDocument.');
    const name = event.attrName;
    const value = event.attrValue;
    if (name === 'style') {
      event.attrValue = cleanBookCss(value, keepUrl);
    } else if ((name === 'href' || name === 'xlink:href') && isLinkElement(element)) {
      const link = decideLink(value, place.path, place.origin);
      if (link.kind === 'refused') event.keepAttr = false;
      else event.attrValue = link.href;
    } else if (ADDRESS_ATTRIBUTES.has(name) || name.endsWith(':href')) {
      if (name === 'srcset' || !isBookResource(value, place.origin)) event.keepAttr = false;
    } else if (value.includes('(') && !staysInside(value, keepUrl)) {
      // A presentation attribute is CSS too: fill="url(https://…)".
      event.keepAttr = false;
    }
  });
  instance.addHook('afterSanitizeAttributes', (element) => {
    // The engine follows `a[href]` only: an SVG link keeps its address there.
    if (isLinkElement(element) && !element.hasAttribute('href') && element.hasAttributeNS(XLINK_NS, 'href')) {
      element.setAttribute('href', element.getAttributeNS(XLINK_NS, 'href')!);
    }
    if (isLinkElement(element)) element.removeAttributeNS(XLINK_NS, 'href');
  });
  purifier = instance;
  return instance;
}

const PURIFY_CONFIG = {
  IN_PLACE: true,
  WHOLE_DOCUMENT: true,
  // <link> for the book's style sheets (checked below), <use> for references inside the document (its address is
  // a resource like any other: a fragment or the book's own file).
  ADD_TAGS: ['link', 'use'],
  // Nothing in a book runs to use a template, and a declarative shadow root would show one.
  FORBID_TAGS: ['template'],
  ADD_ATTR: ['epub:type', 'xml:lang'],
  // DOMPurify's own address check on every attribute, narrowed to the schemes a book may still hold here.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|blob):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

function parseDocument(text: string, type: string): { doc: Document; type: string } | null {
  const doc = new DOMParser().parseFromString(text, type as DOMParserSupportedType);
  const root = doc.documentElement;
  if (type === HTML_TYPE) return { doc, type };
  if (doc.querySelector('parsererror') || !root) return type === SVG_TYPE ? null : parseDocument(text, HTML_TYPE);
  if (type === SVG_TYPE) return root.namespaceURI === SVG_NS && root.localName === 'svg' ? { doc, type } : null;
  // XHTML whose root is not <html> (an SVG saved as .xhtml…) is read as HTML, which puts it in a body.
  return root.namespaceURI === XHTML_NS && root.localName === 'html' ? { doc, type } : parseDocument(text, HTML_TYPE);
}

const EMPTY: Record<string, string> = {
  [XHTML_TYPE]: `<html xmlns="${XHTML_NS}"><head><meta http-equiv="Content-Security-Policy" content="${BOOK_DOCUMENT_POLICY}"/></head><body/></html>`,
  [HTML_TYPE]: `<!DOCTYPE html><html><head><meta http-equiv="Content-Security-Policy" content="${BOOK_DOCUMENT_POLICY}"></head><body></body></html>`,
  [SVG_TYPE]: `<svg xmlns="${SVG_NS}"/>`,
};

function withPolicy(doc: Document, html: boolean, viewport: string | null) {
  const head = doc.head ?? doc.querySelector('head') ?? doc.createElementNS(XHTML_NS, 'head');
  // The policy holds from where it is read: the head comes first in the document, the policy first in the head
  // (after the charset, which must lead an HTML document and fetches nothing). XHTML may put its head anywhere.
  if (doc.documentElement.firstChild !== head) doc.documentElement.prepend(head);
  const meta = (attributes: Record<string, string>) => {
    const element = doc.createElementNS(XHTML_NS, 'meta');
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    return element;
  };
  // The layout engine sizes a fixed-layout page from its viewport (foliate-js fixed-layout.js): it comes back.
  if (viewport !== null) head.prepend(meta({ name: 'viewport', content: viewport }));
  head.prepend(meta({ 'http-equiv': 'Content-Security-Policy', content: BOOK_DOCUMENT_POLICY }));
  // A blob: of text/html has no charset: the serialised text is UTF-8.
  if (html) head.prepend(meta({ charset: 'utf-8' }));
}

/**
 * The document as the engine may show it (see the top of this file); `type` may change from XHTML to HTML when the
 * XHTML does not parse, as the engine itself does.
 */
export function sanitiseBookDocument(text: string, declared: string, at: BookPlace): { text: string; type: string } {
  const type = bookType(declared);
  if (!isDocumentType(type)) return emptyBookDocument();
  const parsed = parseDocument(text, type);
  if (!parsed) return { text: EMPTY[type]!, type };
  const { doc } = parsed;
  const html = parsed.type === HTML_TYPE;
  const isSvg = parsed.type === SVG_TYPE;
  // The document's own prologue (doctype and its entities, `<?xml-stylesheet?>`, comments) goes: nothing in it is
  // needed once parsed, and a processing instruction can fetch.
  for (const node of Array.from(doc.childNodes)) if (node !== doc.documentElement) node.remove();
  const viewport = isSvg ? null : (doc.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? null);
  try {
    place = at;
    purifierFor(window).sanitize(doc.documentElement, PURIFY_CONFIG);
  } catch {
    return { text: EMPTY[parsed.type]!, type: parsed.type };
  } finally {
    place = null;
  }
  // A <link> stays only as one of the book's own style sheets.
  for (const link of Array.from(doc.getElementsByTagName('link'))) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const stylesheet = rel.includes('stylesheet') && rel.every((word) => word === 'stylesheet' || word === 'alternate');
    if (!stylesheet || !link.hasAttribute('href')) link.remove();
  }
  if (!isSvg) withPolicy(doc, html, viewport);
  const serialised = html
    ? `<!DOCTYPE html>${doc.documentElement.outerHTML}`
    : new XMLSerializer().serializeToString(doc);
  return { text: serialised, type: parsed.type };
}

/** An XHTML document with nothing in it (and the policy): what a file that is not a document is shown as. */
export function emptyBookDocument(): { text: string; type: string } {
  return { text: EMPTY[XHTML_TYPE]!, type: XHTML_TYPE };
}

/** Whether a file of this type (any spelling) goes through the sanitiser: documents of any kind, and style sheets. */
export function isSanitised(type: string): boolean {
  const decided = bookType(type);
  return isDocumentType(decided) || decided === CSS_TYPE;
}

/**
 * A document or a style sheet of the book, cleaned as its type says, read as a browser reads it (see
 * sanitiseBookDocument); the type given back is the one to show it with.
 */
export function sanitiseBookResource(text: string, declared: string, at: BookPlace): { text: string; type: string } {
  if (bookType(declared) === CSS_TYPE) {
    return { text: cleanBookCss(text, (url) => isBookResource(url, at.origin)), type: CSS_TYPE };
  }
  return sanitiseBookDocument(text, declared, at);
}

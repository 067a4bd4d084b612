/**
 * What every document of a book becomes before the engine shows it: no script elements, no inline event handlers,
 * no `javascript:` links, and a Content-Security-Policy of its own. The engine turns each document into a `blob:` URL
 * of the admin's origin, which the /epub route's headers do not reach; its frames' sandbox already omits
 * `allow-scripts` (vite.config.ts), so this is the second wall, in the document itself.
 */
export const BOOK_DOCUMENT_POLICY =
  "default-src 'none'; script-src 'none'; object-src 'none'; img-src blob: data:; style-src blob: 'unsafe-inline'; " +
  "font-src blob: data:; media-src blob:; base-uri 'none'; form-action 'none'";

const HTML_TYPES = new Set(['application/xhtml+xml', 'text/html', 'image/svg+xml']);

/**
 * An address on another host (or protocol-relative). A book's own files are relative and become `blob:` URLs in the
 * engine; an absolute one would make the reader's browser tell a tracker who reads what, and when. An SVG document
 * cannot carry the policy's <meta>, so this is its only wall; for (X)HTML it backs the policy up.
 */
const REMOTE_URL = /^(?:[a-z][a-z0-9+.-]*:)?\/\//i;
const REMOTE_IN_CSS =
  /(?:@import\s+)?url\(\s*(['"]?)\s*(?:[a-z][a-z0-9+.-]*:)?\/\/[^)]*\)|@import\s+(['"])\s*(?:[a-z][a-z0-9+.-]*:)?\/\/[^'"]*\2/gi;

function withoutRemoteUrls(css: string): string {
  return css.replace(REMOTE_IN_CSS, 'none');
}

export function isBookDocument(type: string): boolean {
  return HTML_TYPES.has(type);
}

/**
 * The document without anything that could run, with the policy first in its head; parsed inert (DOMParser). XHTML
 * that does not parse is read as HTML, as the engine itself does, and said so in the type.
 */
export function hardenDocument(text: string, type: string): { text: string; type: string } {
  const doc = new DOMParser().parseFromString(text, type as DOMParserSupportedType);
  if (type !== 'text/html' && doc.querySelector('parsererror')) return hardenDocument(text, 'text/html');
  for (const element of Array.from(doc.querySelectorAll('script, iframe, object, embed, base'))) element.remove();
  for (const element of Array.from(doc.querySelectorAll('meta[http-equiv]'))) {
    if (element.getAttribute('http-equiv')?.toLowerCase() === 'refresh') element.remove();
  }
  for (const element of Array.from(doc.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const value = attribute.value.trim().toLowerCase();
      if (
        attribute.name.toLowerCase().startsWith('on') ||
        value.startsWith('javascript:') ||
        value.startsWith('data:text/html') ||
        REMOTE_URL.test(value)
      ) {
        element.removeAttribute(attribute.name);
      }
    }
    // Styles may fetch too (url(), @import): a remote address there is dropped like a remote attribute.
    if (element.hasAttribute('style')) element.setAttribute('style', withoutRemoteUrls(element.getAttribute('style')!));
    if (element.localName === 'style') element.textContent = withoutRemoteUrls(element.textContent ?? '');
  }
  if (type !== 'image/svg+xml') {
    // A document without a <head> gets one, so that the policy always stands first.
    let head = doc.head ?? doc.querySelector('head');
    if (!head) {
      head = doc.createElementNS(doc.documentElement.namespaceURI, 'head') as HTMLHeadElement;
      doc.documentElement.prepend(head);
    }
    const meta = doc.createElementNS(head.namespaceURI, 'meta');
    meta.setAttribute('http-equiv', 'Content-Security-Policy');
    meta.setAttribute('content', BOOK_DOCUMENT_POLICY);
    head.prepend(meta);
  }
  const serialised =
    type === 'text/html'
      ? `<!DOCTYPE html>${doc.documentElement.outerHTML}`
      : new XMLSerializer().serializeToString(doc);
  return { text: serialised, type };
}

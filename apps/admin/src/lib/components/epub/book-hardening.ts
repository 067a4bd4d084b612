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
        value.startsWith('data:text/html')
      ) {
        element.removeAttribute(attribute.name);
      }
    }
  }
  if (type !== 'image/svg+xml') {
    const head = doc.head ?? doc.querySelector('head');
    if (head) {
      const meta = doc.createElementNS(head.namespaceURI, 'meta');
      meta.setAttribute('http-equiv', 'Content-Security-Policy');
      meta.setAttribute('content', BOOK_DOCUMENT_POLICY);
      head.prepend(meta);
    }
  }
  const serialised =
    type === 'text/html'
      ? `<!DOCTYPE html>${doc.documentElement.outerHTML}`
      : new XMLSerializer().serializeToString(doc);
  return { text: serialised, type };
}

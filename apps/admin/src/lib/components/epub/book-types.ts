/**
 * What a media type written in a book (a manifest's `media-type`, a `data:` URL's type) may make of the file, decided
 * on the type as a browser reads it, never on its spelling: `TEXT/HTML`, `application/xhtml+xml; charset=utf-8` and
 * `text/xml` are all documents a frame shows (Chromium lower-cases a blob's type and renders any XML type), so each
 * is one of the documents the sanitiser knows. Everything else is kept only when it is inert, and otherwise becomes
 * bytes that nothing shows.
 */

export const XHTML_TYPE = 'application/xhtml+xml';
export const HTML_TYPE = 'text/html';
export const SVG_TYPE = 'image/svg+xml';
export const CSS_TYPE = 'text/css';
export const OPAQUE_TYPE = 'application/octet-stream';

/** The documents the sanitiser cleans, and shows: XHTML, HTML and SVG. */
const DOCUMENT_TYPES = new Set([XHTML_TYPE, HTML_TYPE, SVG_TYPE]);

/**
 * Types that are only ever shown, never run and never fetch anything else: raster images, fonts, sound and video.
 * SVG is left out (as a filter, mask or `<use>` target it is a document with references of its own).
 */
const PASSIVE =
  /^(?:image\/(?:png|jpeg|jpg|gif|webp|avif|bmp|x-icon|vnd\.microsoft\.icon)|font\/[\w.+-]+|application\/(?:x-)?font-[\w.+-]+|application\/vnd\.ms-opentype|audio\/[\w.+-]+|video\/[\w.+-]+)$/;

/** `type/subtype` in lower case, parameters and white space dropped: the part a browser decides on. */
export function essence(type: string): string {
  return (type.split(';')[0] ?? '').trim().toLowerCase();
}

/** Any XML type (`text/xml`, `application/xml`, `…+xml`): a frame renders every one as a document. */
const isXml = (type: string) => /^[\w.+-]+\/(?:[\w.+-]+\+)?xml$/.test(type);

/** Whether a type (any spelling) is only ever shown (see PASSIVE). */
export function isPassiveType(type: string): boolean {
  return PASSIVE.test(essence(type));
}

/**
 * The type the engine (and the browser after it) may give a file the book declares as `declared`: one of the
 * documents the sanitiser knows (any other XML type is read as XHTML), CSS, an inert type, or opaque bytes.
 */
export function bookType(declared: string): string {
  const type = essence(declared);
  if (DOCUMENT_TYPES.has(type) || type === CSS_TYPE) return type;
  if (isXml(type)) return XHTML_TYPE;
  return PASSIVE.test(type) ? type : OPAQUE_TYPE;
}

/** Whether a file of this (already decided) type is a document the engine shows in a frame. */
export function isDocumentType(type: string): boolean {
  return DOCUMENT_TYPES.has(type);
}

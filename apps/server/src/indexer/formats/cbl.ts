import { XMLBuilder, XMLValidator } from 'fast-xml-parser';
import { ValidationError } from '../../domain/errors.js';
import type { CblEntry, CblList } from '../../domain/cbl-matching.js';
import { asList, asNode, attributeOf, decodeXml, parseXml, textOf } from './xml.js';

/** Largest `.cbl` accepted: a 5,000-entry list is about 1 MB; the upload route (openapi.yaml x-shelfmark-upload-limit) refuses more before it is read. */
export const MAX_CBL_BYTES = 20 * 1024 * 1024;
/** Most entries one list may hold. */
export const MAX_CBL_ENTRIES = 20_000;
const MAX_FIELD_LENGTH = 500;

const field = (value: unknown): string | null => {
  const text = textOf(value)?.trim();
  return text ? text.slice(0, MAX_FIELD_LENGTH) : null;
};

/**
 * A ComicRack reading list (`<ReadingList><Name/><Books><Book Series= Number= Volume= Year=/>…`). The file is hostile:
 * it is only read for these values, through the parser the book formats use (bounded depth, bounded entity
 * expansion); anything else is a 400 that names what is wrong. Attributes are ComicRack's; child elements, which
 * some exporters write instead, are read too.
 */
export function parseCbl(bytes: Uint8Array): CblList {
  if (bytes.length > MAX_CBL_BYTES) throw invalid(`The file is larger than ${MAX_CBL_BYTES / 1024 / 1024} MB.`);
  const text = decodeXml(bytes);
  // ComicRack never writes a document type; one in a list can only declare entities (an expansion bomb).
  if (/<!DOCTYPE/i.test(text)) throw invalid('The file declares a document type, which a reading list never has.');
  // The parser mends broken XML; a list cut short or mistyped must not import as if whole.
  if (XMLValidator.validate(text) !== true) throw invalid('The file is not well-formed XML.');
  let root: Record<string, unknown>;
  try {
    root = parseXml(text, new Set(['Book']));
  } catch {
    throw invalid('The file expands beyond what a reading list needs.');
  }
  const list = asNode(root.ReadingList);
  if (!list) throw invalid('The file has no ReadingList element: it is not a ComicRack reading list.');
  const books = asList(asNode(list.Books)?.Book);
  if (books.length > MAX_CBL_ENTRIES) throw invalid(`The list holds more than ${MAX_CBL_ENTRIES} books.`);
  const entries = books.map((book): CblEntry => {
    const read = (name: string) => field(attributeOf(book, name) ?? asNode(book)?.[name]);
    return { series: read('Series') ?? '', number: read('Number'), volume: read('Volume'), year: read('Year') };
  });
  return { name: field(list.Name)?.slice(0, 200) ?? 'Imported reading list', entries };
}

function invalid(detail: string): ValidationError {
  return new ValidationError(detail, [{ path: '/body', message: detail, code: 'readingList' }]);
}

/** Characters XML 1.0 cannot carry (as opds/xml-text.ts drops them from feeds): a list holding one would not parse. */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const xmlText = (text: string) => text.replace(NOT_XML, '');

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true });

/** A reading list as ComicRack writes one, which `parseCbl` (and ComicRack) read back. */
export function writeCbl(list: CblList): string {
  const book = (entry: CblEntry) => ({
    '@_Series': xmlText(entry.series),
    ...(entry.number === null ? {} : { '@_Number': xmlText(entry.number) }),
    ...(entry.volume === null ? {} : { '@_Volume': xmlText(entry.volume) }),
    ...(entry.year === null ? {} : { '@_Year': xmlText(entry.year) }),
  });
  const document = {
    ReadingList: {
      '@_xmlns:xsd': 'http://www.w3.org/2001/XMLSchema',
      '@_xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      Name: xmlText(list.name),
      Books: { Book: list.entries.map(book) },
    },
  };
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build(document)}`;
}

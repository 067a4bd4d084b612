import { describe, expect, it } from 'vitest';

import { EXPECTED_OPF2, EXPECTED_OPF3, OPF2_XML, OPF3_XML } from '../../../test/support/metadata-fixtures.js';
import { parseOpf } from './opf.js';

const metadataOf = (inner: string) =>
  parseOpf(
    `<package xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">` +
      `<metadata>${inner}</metadata><manifest/></package>`,
  ).metadata;

describe('parseOpf: people, publishers, subjects, collections, links', () => {
  it('reads an OPF 2 as calibre writes it: opf:role, contributors, publisher, subjects, URL identifier', () => {
    expect(parseOpf(OPF2_XML).metadata).toEqual(EXPECTED_OPF2);
  });

  it('reads an OPF 3: roles refined by id (several per person), a series and a set', () => {
    expect(parseOpf(OPF3_XML).metadata).toEqual(EXPECTED_OPF3);
  });

  it('maps relator codes and role names in any case; an unknown code on a creator is an author', () => {
    expect(
      metadataOf(
        '<dc:creator opf:role="WRT">A</dc:creator><dc:creator opf:role="marc:clr">B</dc:creator>' +
          '<dc:creator opf:role="Illustrator">C</dc:creator><dc:creator opf:role="xyz">D</dc:creator>',
      ).authors,
    ).toEqual([
      { name: 'A', role: 'author' },
      { name: 'B', role: 'colorist' },
      { name: 'C', role: 'penciller' },
      { name: 'D', role: 'author' },
    ]);
  });

  it('keeps a contributor only with a role it knows, and never the tool that made the file', () => {
    expect(
      metadataOf(
        '<dc:contributor opf:role="bkp">calibre (7.2.0) [https://calibre-ebook.com]</dc:contributor>' +
          '<dc:contributor>calibre (5.0)</dc:contributor>' +
          '<dc:contributor opf:role="oth">Someone</dc:contributor>' +
          '<dc:contributor id="m"> Mark Up </dc:contributor><meta refines="#m" property="role">mrk</meta>' +
          '<dc:creator opf:role="bkp">Producer Person</dc:creator>' +
          '<dc:contributor opf:role="ill">Real Illustrator</dc:contributor>',
      ).authors,
    ).toEqual([{ name: 'Real Illustrator', role: 'penciller' }]);
  });

  it('shows names as written, not their opf:file-as sort key, and keeps placeholders out', () => {
    expect(
      metadataOf(
        '<dc:creator opf:file-as="Doe, John">John Doe</dc:creator><dc:creator>Unknown</dc:creator>' +
          '<dc:publisher>unknown</dc:publisher>',
      ),
    ).toEqual({ authors: [{ name: 'John Doe', role: 'author' }] });
  });

  it('reads subjects as genres, each whole and once', () => {
    expect(
      metadataOf(
        '<dc:subject>FICTION / Fantasy / Epic</dc:subject><dc:subject>Dragons, Fiction</dc:subject>' +
          '<dc:subject>fiction / fantasy / epic</dc:subject><dc:subject> </dc:subject>',
      ).genres,
    ).toEqual(['FICTION / Fantasy / Epic', 'Dragons, Fiction']);
  });

  it('takes http(s) identifiers as web links, nothing else', () => {
    expect(
      metadataOf(
        '<dc:identifier>https://example.org/book/1</dc:identifier><dc:identifier>urn:uuid:1234</dc:identifier>' +
          '<dc:identifier>javascript:alert(1)</dc:identifier><dc:identifier>http://example.org/b</dc:identifier>',
      ).webLinks,
    ).toEqual(['https://example.org/book/1', 'http://example.org/b']);
  });

  it('reads a set with no series as a story arc, and leaves the untyped collection to the series', () => {
    expect(
      metadataOf(
        '<meta property="belongs-to-collection" id="a">Saga</meta>' +
          '<meta property="belongs-to-collection" id="b">Box</meta>' +
          '<meta refines="#b" property="collection-type">set</meta>',
      ),
    ).toEqual({ series: 'Saga', storyArcs: [{ name: 'Box', number: null }] });
  });
});

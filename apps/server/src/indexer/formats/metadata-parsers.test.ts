import { describe, expect, it } from 'vitest';

import { parseComicInfo } from './comic-info.js';
import { parseContainerXml, parseOpf } from './opf.js';
import { decodeXml } from './xml.js';

describe('parseComicInfo', () => {
  it('is lenient about case and keeps only plain issue numbers', () => {
    const info = parseComicInfo(
      '<comicinfo><title> A  title </title><number>1a</number><languageiso>not a language!</languageiso>' +
        '<writer>Jo; Ann ,jo</writer><year>2020</year><month>02</month><day>30</day></comicinfo>',
    );
    expect(info).toEqual({
      metadata: {
        title: 'A title',
        authors: [
          { name: 'Jo', role: 'writer' },
          { name: 'Ann', role: 'writer' },
        ],
        publishDate: '2020-02-01',
      },
      frontCoverIndex: null,
    });
  });

  it('decodes character references once, as XML says, in text and in attributes', () => {
    const info = parseComicInfo(
      '<ComicInfo><Title>L&#8217;Arabe du futur &amp;#49;</Title><Writer>Riad Sattouf &#x26; Co</Writer>' +
        '<Summary>&#xC9;t&#xE9;</Summary>' +
        '<Pages><Page Image="1" Type="&#70;ront&#x43;over"/></Pages></ComicInfo>',
    );
    expect(info.metadata).toMatchObject({
      title: 'L’Arabe du futur &#49;',
      authors: [{ name: 'Riad Sattouf & Co', role: 'writer' }],
      summary: 'Été',
    });
    expect(info.frontCoverIndex).toBe(1);
  });

  it('reads Volume as a volume, or as the start year of the run when it is a year', () => {
    expect(parseComicInfo('<ComicInfo><Volume>3</Volume><Number>25</Number></ComicInfo>').metadata).toEqual({
      volume: 3,
      number: 25,
    });
    expect(parseComicInfo('<ComicInfo><Volume>2016</Volume><Number>12</Number></ComicInfo>').metadata).toEqual({
      runYear: 2016,
      number: 12,
    });
  });

  it('ignores documents without a ComicInfo root', () => {
    expect(parseComicInfo('<Other><Title>x</Title></Other>')).toEqual({ metadata: {}, frontCoverIndex: null });
  });

  it('reads an ISBN-shaped GTIN only', () => {
    expect(parseComicInfo('<ComicInfo><GTIN>0036000291452</GTIN></ComicInfo>').metadata).toEqual({});
    expect(parseComicInfo('<ComicInfo><ISBN>0-306-40615-2</ISBN></ComicInfo>').metadata).toEqual({
      isbn: '0306406152',
    });
  });

  it('reads right to left only from Manga = YesAndRightToLeft (Yes is a manga already mirrored)', () => {
    const manga = (value: string) => parseComicInfo(`<ComicInfo><Manga>${value}</Manga></ComicInfo>`).metadata;
    expect(manga('YesAndRightToLeft')).toEqual({ readingDirection: 'rtl' });
    expect(manga(' yesandrighttoleft ')).toEqual({ readingDirection: 'rtl' });
    expect(manga('Yes')).toEqual({});
    expect(manga('No')).toEqual({});
    expect(manga('Unknown')).toEqual({});
  });
});

describe('OPF parsing', () => {
  it('reads container.xml, preferring the OPF rootfile', () => {
    expect(
      parseContainerXml(
        '<container><rootfiles><rootfile full-path="a.pdf" media-type="application/pdf"/>' +
          '<rootfile full-path="OPS/b.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
    ).toBe('OPS/b.opf');
    expect(parseContainerXml('<container/>')).toBeNull();
  });

  it('reads OPF 2.0 files that wrap metadata in dc-metadata, and untyped EPUB 3 collections', () => {
    const opf = parseOpf(
      `<package><metadata><dc-metadata><dc:Title>Old</dc:Title></dc-metadata>
        <meta property="belongs-to-collection" id="c">Saga</meta><meta refines="#c" property="group-position">2.5</meta>
        <dc:language>und</dc:language></metadata>
        <manifest><item id="x" href="Images/Cover.PNG" media-type="image/png"/></manifest></package>`,
    );
    expect(opf.metadata).toEqual({ series: 'Saga', number: 2.5 });
    expect(opf.coverHref).toBe('Images/Cover.PNG');
    expect(opf.fixedLayoutPageCount).toBeNull();
  });

  it('decodes character references in the metadata', () => {
    const opf = parseOpf(
      `<package><metadata><meta property="belongs-to-collection" id="c">Caf&#xE9; &#38; cie</meta>
        </metadata><manifest/></package>`,
    );
    expect(opf.metadata).toMatchObject({ series: 'Café & cie' });
  });

  it('throws when there is no package', () => {
    expect(() => parseOpf('<html/>')).toThrow(/package/);
  });
});

describe('decodeXml', () => {
  it('honours byte order marks and declared single-byte encodings', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a>é</a>', 'utf16le')]);
    expect(decodeXml(utf16)).toBe('<a>é</a>');
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>é</a>', 'latin1');
    expect(decodeXml(latin1)).toContain('<a>é</a>');
    expect(decodeXml(Buffer.from('\ufeff<a>é</a>'))).toBe('<a>é</a>');
    expect(decodeXml(Buffer.from('<?xml version="1.0" encoding="x-nonsense"?><a>é</a>'))).toContain('<a>é</a>');
  });
});

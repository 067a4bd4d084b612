// The metadata documents of metadata-fixtures.ts as text, with what each must become. No runtime import, so that
// bench/parse/comic-info.ts can load this file with Node's type stripping (the archive writers cannot be).
import type { EmbeddedMetadata } from '../../src/indexer/formats/types.js';

/** A ComicInfo.xml (v2.0 with the v2.1 draft's additions) that fills every field EmbeddedMetadata holds. */
export const FULL_COMIC_INFO_XML = `<?xml version="1.0" encoding="utf-8"?>
<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <Title>The Long Night</Title>
  <Series>Night Watch</Series>
  <Number>3</Number>
  <Count>12</Count>
  <Volume>2</Volume>
  <Summary>The watch holds the bridge until dawn.</Summary>
  <Year>2021</Year>
  <Month>6</Month>
  <Day>15</Day>
  <Writer>Ada Writer</Writer>
  <Penciller>Ben Penciller</Penciller>
  <Inker>Cy Inker</Inker>
  <Colorist>Di Colorist</Colorist>
  <Letterer>Ed Letterer</Letterer>
  <CoverArtist>Fay Cover</CoverArtist>
  <Editor>Gus Editor</Editor>
  <Translator>Hal Translator</Translator>
  <Publisher>Lantern Press</Publisher>
  <Imprint>Lantern Noir</Imprint>
  <Genre>Fantasy, Adventure</Genre>
  <Tags>bridges, night</Tags>
  <Web>https://example.org/night-watch/3</Web>
  <LanguageISO>en</LanguageISO>
  <Format>Trade Paperback</Format>
  <BlackAndWhite>Yes</BlackAndWhite>
  <Manga>YesAndRightToLeft</Manga>
  <Characters>Mara, Tom</Characters>
  <Teams>The Watch</Teams>
  <Locations>Old Bridge</Locations>
  <StoryArc>Dawn Siege</StoryArc>
  <StoryArcNumber>2</StoryArcNumber>
  <SeriesGroup>Watch Universe</SeriesGroup>
  <AgeRating>Teen</AgeRating>
  <GTIN>978-0-306-40615-7</GTIN>
  <Pages>
    <Page Image="0" Type="FrontCover" />
  </Pages>
</ComicInfo>
`;

export const EXPECTED_FULL_COMIC_INFO: EmbeddedMetadata = {
  title: 'The Long Night',
  series: 'Night Watch',
  number: 3,
  count: 12,
  volume: 2,
  summary: 'The watch holds the bridge until dawn.',
  publishDate: '2021-06-15',
  authors: [
    { name: 'Ada Writer', role: 'writer' },
    { name: 'Ben Penciller', role: 'penciller' },
    { name: 'Cy Inker', role: 'inker' },
    { name: 'Di Colorist', role: 'colorist' },
    { name: 'Ed Letterer', role: 'letterer' },
    { name: 'Fay Cover', role: 'cover' },
    { name: 'Gus Editor', role: 'editor' },
    { name: 'Hal Translator', role: 'translator' },
  ],
  publishers: ['Lantern Press'],
  imprint: 'Lantern Noir',
  genres: ['Fantasy', 'Adventure'],
  tags: ['bridges', 'night'],
  webLinks: ['https://example.org/night-watch/3'],
  language: 'en',
  comicFormat: 'Trade Paperback',
  blackAndWhite: true,
  readingDirection: 'rtl',
  characters: ['Mara', 'Tom'],
  teams: ['The Watch'],
  locations: ['Old Bridge'],
  storyArcs: [{ name: 'Dawn Siege', number: 2 }],
  seriesGroup: 'Watch Universe',
  ageRating: 'Teen',
  isbn: '9780306406157',
};

/**
 * What sloppy taggers write: HTML in the summary, elements in any case, lists separated by `,` and `;` with
 * duplicates in other cases, a rating no table knows, web links among which a `javascript:` one, a one-slash one and
 * one with credentials, an impossible date, more story arcs than arc numbers, and a `Count` of -1 (unknown).
 */
export const ODD_COMIC_INFO_XML = `<?xml version="1.0"?>
<comicinfo>
  <TITLE>Odd &amp; Ends</TITLE>
  <summary>&lt;p&gt;First &lt;b&gt;bold&lt;/b&gt; line.&lt;/p&gt;&lt;p&gt;Second&amp;nbsp;line&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;</summary>
  <WRITER>Jo Writer; Ann Other, jo writer</WRITER>
  <writer>Late Writer</writer>
  <penciller>Pat Pencil;Pat Pencil</penciller>
  <coverartist>Jo Writer</coverartist>
  <COLORIST>  </COLORIST>
  <genre>Horror; Comedy, horror ;; COMEDY</genre>
  <Tags>b&amp;w;Indie , indie</Tags>
  <AgeRating>Ages 9 and up</AgeRating>
  <Web>javascript:alert(1) https://good.example/a,http://also.example/b http:/one-slash https://user:pass@secret.example/ https://good.example/a</Web>
  <Year>2019</Year>
  <Month>13</Month>
  <Day>40</Day>
  <StoryArc>First Arc, Second Arc;Third Arc, first arc</StoryArc>
  <StoryArcNumber>1, x</StoryArcNumber>
  <Count>-1</Count>
  <BlackAndWhite>No</BlackAndWhite>
  <Characters>Zed;Zed ; Amy</Characters>
  <Publisher>Dark Horse Comics, Inc.</Publisher>
</comicinfo>
`;

export const EXPECTED_ODD_COMIC_INFO: EmbeddedMetadata = {
  title: 'Odd & Ends',
  summary: 'First bold line.\nSecond line',
  authors: [
    { name: 'Jo Writer', role: 'writer' },
    { name: 'Ann Other', role: 'writer' },
    { name: 'Late Writer', role: 'writer' },
    { name: 'Pat Pencil', role: 'penciller' },
    { name: 'Jo Writer', role: 'cover' },
  ],
  genres: ['Horror', 'Comedy'],
  tags: ['b&w', 'Indie'],
  ageRating: 'Ages 9 and up',
  webLinks: ['https://good.example/a', 'http://also.example/b'],
  publishDate: '2019-01-01',
  storyArcs: [
    { name: 'First Arc', number: 1 },
    { name: 'Second Arc', number: null },
    { name: 'Third Arc', number: null },
  ],
  blackAndWhite: false,
  characters: ['Zed', 'Amy'],
  publishers: ['Dark Horse Comics, Inc.'],
};

/** OPF 2 as calibre writes it: opf:role and opf:file-as, calibre itself as `bkp`, tags as subjects, calibre:series. */
export const OPF2_XML = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="uuid_id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:title>Les Misérables</dc:title>
    <dc:creator opf:role="aut" opf:file-as="Hugo, Victor">Victor Hugo</dc:creator>
    <dc:creator opf:role="ill">Émile Bayard</dc:creator>
    <dc:creator>Unknown</dc:creator>
    <dc:contributor opf:role="bkp">calibre (7.2.0) [https://calibre-ebook.com]</dc:contributor>
    <dc:contributor opf:role="trl">Isabel Hapgood</dc:contributor>
    <dc:contributor opf:role="edt">Ed Itor</dc:contributor>
    <dc:contributor>Nobody Knows</dc:contributor>
    <dc:publisher>Lacroix</dc:publisher>
    <dc:subject>Fiction</dc:subject>
    <dc:subject>Historical; France</dc:subject>
    <dc:subject>fiction</dc:subject>
    <dc:identifier id="uuid_id" opf:scheme="uuid">urn:uuid:0b0b0b0b-1111-2222-3333-444444444444</dc:identifier>
    <dc:identifier opf:scheme="ISBN">2-07-040850-7</dc:identifier>
    <dc:identifier opf:scheme="URL">https://www.gutenberg.org/ebooks/135</dc:identifier>
    <dc:date opf:event="publication">1862-04</dc:date>
    <dc:language>fr</dc:language>
    <dc:description>&lt;p&gt;Jean Valjean &lt;i&gt;escapes&lt;/i&gt;.&lt;/p&gt;</dc:description>
    <meta name="calibre:series" content="Les Misérables"/>
    <meta name="calibre:series_index" content="1"/>
  </metadata>
  <manifest><item id="text" href="text.xhtml" media-type="application/xhtml+xml"/></manifest>
  <spine><itemref idref="text"/></spine>
</package>
`;

export const EXPECTED_OPF2: EmbeddedMetadata = {
  title: 'Les Misérables',
  authors: [
    { name: 'Victor Hugo', role: 'author' },
    { name: 'Émile Bayard', role: 'penciller' },
    { name: 'Isabel Hapgood', role: 'translator' },
    { name: 'Ed Itor', role: 'editor' },
  ],
  publishers: ['Lacroix'],
  genres: ['Fiction', 'Historical; France'],
  isbn: '2070408507',
  webLinks: ['https://www.gutenberg.org/ebooks/135'],
  publishDate: '1862-04-01',
  language: 'fr',
  summary: 'Jean Valjean escapes.',
  series: 'Les Misérables',
  number: 1,
};

/** OPF 3: roles in `<meta refines>` (two for one person), a series and a set collection, a producer contributor. */
export const OPF3_XML = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:identifier id="uid">urn:isbn:9780306406157</dc:identifier>
    <dc:title id="t1">The Glass Road</dc:title>
    <meta refines="#t1" property="title-type">main</meta>
    <dc:creator id="c1">Rosa Quill</dc:creator>
    <meta refines="#c1" property="role" scheme="marc:relators">aut</meta>
    <meta refines="#c1" property="file-as">Quill, Rosa</meta>
    <dc:creator id="c2">Ivo Brush</dc:creator>
    <meta refines="#c2" property="role" scheme="marc:relators">ill</meta>
    <meta refines="#c2" property="role" scheme="marc:relators">cov</meta>
    <dc:contributor id="p1">Sigil Producer</dc:contributor>
    <meta refines="#p1" property="role" scheme="marc:relators">bkp</meta>
    <dc:contributor id="p2">Lea Letters</dc:contributor>
    <meta refines="#p2" property="role" scheme="marc:relators">ltr</meta>
    <dc:publisher>Unknown</dc:publisher>
    <dc:publisher>Glasshouse Books</dc:publisher>
    <dc:subject>Science Fiction</dc:subject>
    <dc:date>2020-03-04</dc:date>
    <dc:language>en-GB</dc:language>
    <meta property="belongs-to-collection" id="s1">Glass Cycle</meta>
    <meta refines="#s1" property="collection-type">series</meta>
    <meta refines="#s1" property="group-position">2</meta>
    <meta property="belongs-to-collection" id="s2">Roads Trilogy</meta>
    <meta refines="#s2" property="collection-type">set</meta>
    <meta refines="#s2" property="group-position">1</meta>
    <meta property="dcterms:modified">2020-03-04T00:00:00Z</meta>
  </metadata>
  <manifest><item id="text" href="text.xhtml" media-type="application/xhtml+xml"/></manifest>
  <spine><itemref idref="text"/></spine>
</package>
`;

export const EXPECTED_OPF3: EmbeddedMetadata = {
  title: 'The Glass Road',
  authors: [
    { name: 'Rosa Quill', role: 'author' },
    { name: 'Ivo Brush', role: 'penciller' },
    { name: 'Ivo Brush', role: 'cover' },
    { name: 'Lea Letters', role: 'letterer' },
  ],
  isbn: '9780306406157',
  publishers: ['Glasshouse Books'],
  genres: ['Science Fiction'],
  publishDate: '2020-03-04',
  language: 'en-GB',
  series: 'Glass Cycle',
  number: 2,
  storyArcs: [{ name: 'Roads Trilogy', number: 1 }],
};

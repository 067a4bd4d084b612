import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { BookFileError, inspectBook, readCover } from '../../src/indexer/formats/index.js';
import { jpeg, png, scratchDir, widthOf } from './support/books.js';
import { buildZip, type ZipEntrySpec } from './support/zip-writer.js';

/** A ZIP book's cover entry, as a rescan compares it: CRC-32, size and name from the central directory. */
const ZIP_FINGERPRINT = expect.stringMatching(/^zip:[0-9a-f]{1,8}:\d+:./);

type Scratch = Awaited<ReturnType<typeof scratchDir>>;
let scratch: Scratch;

beforeAll(async () => {
  scratch = await scratchDir();
});
afterAll(async () => {
  await scratch.remove();
});

const container = (path: string): ZipEntrySpec => ({
  name: 'META-INF/container.xml',
  data: Buffer.from(`<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="${path}" media-type="application/oebps-package+xml"/></rootfiles>
</container>`),
});

const EPUB2_OPF = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="id">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:title>Les Misérables</dc:title>
    <dc:creator opf:role="aut" opf:file-as="Hugo, Victor">Victor Hugo</dc:creator>
    <dc:creator opf:role="ill">Émile Bayard</dc:creator>
    <dc:creator>Victor Hugo</dc:creator>
    <dc:description>&lt;p&gt;Tome premier &amp;mdash; &lt;b&gt;Fantine&lt;/b&gt;.&lt;/p&gt;&lt;p&gt;Second paragraph&amp;nbsp;here.&lt;/p&gt;</dc:description>
    <dc:language>fr</dc:language>
    <dc:identifier id="id">urn:uuid:1b2c3d</dc:identifier>
    <dc:identifier opf:scheme="ISBN">2-07-040850-7</dc:identifier>
    <dc:date opf:event="modification">2020-02-02</dc:date>
    <dc:date opf:event="publication">1862-04</dc:date>
    <meta name="calibre:series" content="Les Misérables"/>
    <meta name="calibre:series_index" content="1.0"/>
    <meta name="cover" content="cover-id"/>
  </metadata>
  <manifest>
    <item id="cover-id" href="images/cover%20image.jpg" media-type="image/jpeg"/>
    <item id="c1" href="text/c1.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine><itemref idref="c1"/></spine>
</package>`;

const EPUB3_OPF = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    <dc:title id="sub">A Subtitle</dc:title>
    <dc:title id="main">Fixed Layout Manga</dc:title>
    <meta refines="#main" property="title-type">main</meta>
    <dc:creator id="a1">Akira Test</dc:creator>
    <dc:identifier id="uid">urn:isbn:978-4-06-336303-6</dc:identifier>
    <dc:identifier>9780306406157</dc:identifier>
    <dc:language>ja</dc:language>
    <dc:date>2011-03-30T00:00:00Z</dc:date>
    <meta property="belongs-to-collection" id="c01">Manga Series</meta>
    <meta refines="#c01" property="collection-type">series</meta>
    <meta refines="#c01" property="group-position">7</meta>
    <meta name="calibre:series" content="Other Series"/>
    <meta property="rendition:layout">pre-paginated</meta>
  </metadata>
  <manifest>
    <item id="img" href="../OEBPS/img/p.png" media-type="image/png" properties="cover-image"/>
    <item id="p1" href="p1.xhtml" media-type="application/xhtml+xml"/>
    <item id="p2" href="p2.xhtml" media-type="application/xhtml+xml"/>
    <item id="p3" href="p3.xhtml" media-type="application/xhtml+xml"/>
  </manifest>
  <spine><itemref idref="p1"/><itemref idref="p2"/><itemref idref="p3" linear="no"/></spine>
</package>`;

describe('generated EPUBs', () => {
  it('EPUB 2: calibre series, opf:scheme ISBN, publication event, HTML description, meta cover', async () => {
    const path = await scratch.write(
      'epub2.epub',
      buildZip([
        { name: 'mimetype', data: Buffer.from('application/epub+zip'), method: 0 },
        container('OEBPS/content.opf'),
        { name: 'OEBPS/content.opf', data: Buffer.from(EPUB2_OPF) },
        { name: 'OEBPS/images/cover image.jpg', data: await jpeg(321) },
      ]),
    );
    expect(await inspectBook(path, 'epub')).toEqual({
      coverFingerprint: ZIP_FINGERPRINT,
      format: 'epub',
      pageCount: null,
      metadata: {
        title: 'Les Misérables',
        authors: [
          { name: 'Victor Hugo', role: 'author' },
          { name: 'Émile Bayard', role: 'penciller' },
        ],
        summary: 'Tome premier — Fantine.\nSecond paragraph here.',
        language: 'fr',
        isbn: '2070408507',
        publishDate: '1862-04-01',
        series: 'Les Misérables',
        number: 1,
      },
    });
    const cover = await readCover(path, 'epub');
    expect(cover?.mediaType).toBe('image/jpeg');
    expect(await widthOf(cover!.data)).toBe(321);
  });

  it('EPUB 3: main title, urn:isbn, belongs-to-collection, fixed-layout page count, cover-image', async () => {
    const path = await scratch.write(
      'epub3.epub',
      buildZip([
        { name: 'mimetype', data: Buffer.from('application/epub+zip'), method: 0 },
        container('OEBPS/package.opf'),
        { name: 'OEBPS/package.opf', data: Buffer.from(EPUB3_OPF) },
        { name: 'OEBPS/img/p.png', data: await png(222) },
      ]),
    );
    expect(await inspectBook(path, 'epub')).toEqual({
      coverFingerprint: ZIP_FINGERPRINT,
      format: 'epub',
      pageCount: 2,
      metadata: {
        title: 'Fixed Layout Manga',
        authors: [{ name: 'Akira Test', role: 'author' }],
        isbn: '9784063363036',
        language: 'ja',
        publishDate: '2011-03-30',
        series: 'Manga Series',
        number: 7,
      },
    });
    const cover = await readCover(path, 'epub');
    expect(cover?.mediaType).toBe('image/png');
    expect(await widthOf(cover!.data)).toBe(222);
  });

  it('finds the OPF without container.xml, and returns no cover when none is declared', async () => {
    const opf = EPUB2_OPF.replace('<meta name="cover" content="cover-id"/>', '').replace('cover%20image', 'picture');
    const path = await scratch.write('no-container.epub', buildZip([{ name: 'content.opf', data: Buffer.from(opf) }]));
    expect(await inspectBook(path, 'epub')).toMatchObject({ format: 'epub', metadata: { title: 'Les Misérables' } });
    expect(await readCover(path, 'epub')).toBeNull();
  });

  it('an OPF without a <package> makes the EPUB corrupt', async () => {
    const path = await scratch.write(
      'bad-opf.epub',
      buildZip([container('content.opf'), { name: 'content.opf', data: Buffer.from('this is not an OPF') }]),
    );
    const error = await inspectBook(path, 'epub').catch((err: unknown) => err);
    expect(error).toBeInstanceOf(BookFileError);
    expect((error as BookFileError).kind).toBe('corrupt');
  });
});

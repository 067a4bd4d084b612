// Books whose embedded metadata carries every field Shelfmark reads (issue 31), and the odd spellings real files use.
// Everything is generated here, from text in this file: unit tests of the parsers, format tests on real archives and
// the scan's integration tests build on the same files, and EXPECTED_* say what each must become.
import { buildRar5 } from '../formats/support/rar5-writer.js';
import { build7z } from '../formats/support/seven-zip-writer.js';
import { buildTar } from '../formats/support/tar-writer.js';
import { buildZip } from '../formats/support/zip-writer.js';
import { FULL_COMIC_INFO_XML, ODD_COMIC_INFO_XML, OPF2_XML, OPF3_XML } from './metadata-documents.js';

export * from './metadata-documents.js';

/** A 1×1 JPEG: enough for an entry to be a page; tests that need a decodable cover use library-builder's. */
const TINY_JPEG = Buffer.from(
  'ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00fbd3ffd9',
  'hex',
);

export type ComicContainer = 'cbz' | 'cbr' | 'cb7' | 'cbt';

/**
 * A comic archive of `pages` tiny pages and the given ComicInfo.xml, stored last as taggers append it (so a solid RAR
 * or 7z must decompress the pages first to reach it). `solid` applies to RAR and 7z.
 */
export async function comicWithInfo(
  container: ComicContainer,
  comicInfoXml: string,
  options: { pages?: number; solid?: boolean } = {},
): Promise<Buffer> {
  const entries = [
    ...Array.from({ length: options.pages ?? 3 }, (_, i) => ({ name: `page${i + 1}.jpg`, data: TINY_JPEG })),
    { name: 'ComicInfo.xml', data: Buffer.from(comicInfoXml) },
  ];
  if (container === 'cbz') return buildZip(entries);
  if (container === 'cbr') return buildRar5(entries, { solid: options.solid });
  if (container === 'cb7') return build7z(entries, { solid: options.solid });
  return buildTar(entries);
}

/** A CBZ whose ComicInfo fills every field (FULL_COMIC_INFO_XML → EXPECTED_FULL_COMIC_INFO). */
export const fullComicInfoCbz = (): Promise<Buffer> => comicWithInfo('cbz', FULL_COMIC_INFO_XML);
/** A CBZ with the odd spellings (ODD_COMIC_INFO_XML → EXPECTED_ODD_COMIC_INFO). */
export const oddComicInfoCbz = (): Promise<Buffer> => comicWithInfo('cbz', ODD_COMIC_INFO_XML);

/** An EPUB holding `opfXml` as OEBPS/content.opf, named by its container.xml, with one XHTML chapter. */
export function epubWithOpf(opfXml: string): Buffer {
  return buildZip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip'), method: 0 },
    {
      name: 'META-INF/container.xml',
      data: Buffer.from(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">' +
          '<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>' +
          '</rootfiles></container>',
      ),
    },
    { name: 'OEBPS/content.opf', data: Buffer.from(opfXml) },
    {
      name: 'OEBPS/text.xhtml',
      data: Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><body><p>Text.</p></body></html>'),
    },
  ]);
}

export const opf2Epub = (): Buffer => epubWithOpf(OPF2_XML);
export const opf3Epub = (): Buffer => epubWithOpf(OPF3_XML);

/**
 * A one-page PDF with an info dictionary, written by hand (offsets computed) so no PDF library decides what it holds.
 * Values are PDF literal strings: parentheses and backslashes are escaped here.
 */
export function pdfWithInfo(info: Record<string, string>): Buffer {
  const literal = (value: string): string => `(${value.replace(/[\\()]/g, (c) => `\\${c}`)})`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >>',
    `<< ${Object.entries(info)
      .map(([key, value]) => `/${key} ${literal(value)}`)
      .join(' ')} >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

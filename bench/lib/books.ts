import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { zip } from './zip.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A handful of real page images, made once. */
export async function pageImages(): Promise<Buffer[]> {
  const colours = [
    { r: 180, g: 30, b: 30 },
    { r: 30, g: 120, b: 180 },
    { r: 240, g: 200, b: 40 },
  ];
  return Promise.all(
    colours.map((background) =>
      sharp({ create: { width: 800, height: 1200, channels: 3, background } })
        .jpeg({ quality: 60 })
        .toBuffer(),
    ),
  );
}

export function cbz(pages: Buffer[], info: { series: string; number: number; title: string; writer: string }): Buffer {
  const comicInfo = `<?xml version="1.0"?>
<ComicInfo><Title>${info.title}</Title><Series>${info.series}</Series><Number>${info.number}</Number><Writer>${info.writer}</Writer><LanguageISO>fr</LanguageISO></ComicInfo>`;
  return zip([
    ...pages.map((data, i) => ({ name: `${String(i + 1).padStart(3, '0')}.jpg`, data })),
    { name: 'ComicInfo.xml', data: Buffer.from(comicInfo) },
  ]);
}

export function epub(title: string, author: string): Buffer {
  const opf = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="id">urn:uuid:00000000-0000-4000-8000-000000000000</dc:identifier><dc:title>${title}</dc:title><dc:creator>${author}</dc:creator><dc:language>fr</dc:language></metadata>
<manifest><item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>`;
  return zip([
    { name: 'mimetype', data: Buffer.from('application/epub+zip') },
    {
      name: 'META-INF/container.xml',
      data: Buffer.from(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
    },
    { name: 'OEBPS/content.opf', data: Buffer.from(opf) },
    {
      name: 'OEBPS/c1.xhtml',
      data: Buffer.from('<html xmlns="http://www.w3.org/1999/xhtml"><body><p>…</p></body></html>'),
    },
  ]);
}

/** A one-page PDF with an Info dictionary, written by hand (offsets computed). */
export function pdf(title: string, author: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
    `<< /Title (${title}) /Author (${author}) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A real RAR5 comic (from the Komga fixtures, MIT): RAR cannot be written without the proprietary tool. */
export function cbr(): Buffer {
  return readFileSync(path.join(here, '../../apps/server/test/fixtures/komga/rar5.rar'));
}

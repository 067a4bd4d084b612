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

/** The extension a ripper would give an image, from its first bytes. */
function imageExtension(data: Buffer): 'jpg' | 'png' | 'webp' {
  if (data[0] === 0x89 && data.toString('latin1', 1, 4) === 'PNG') return 'png';
  if (data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return 'jpg';
}

export function cbz(pages: Buffer[], info: { series: string; number: number; title: string; writer: string }): Buffer {
  const comicInfo = `<?xml version="1.0"?>
<ComicInfo><Title>${info.title}</Title><Series>${info.series}</Series><Number>${info.number}</Number><Writer>${info.writer}</Writer><LanguageISO>fr</LanguageISO></ComicInfo>`;
  return zip([
    ...pages.map((data, i) => ({ name: `${String(i + 1).padStart(3, '0')}.${imageExtension(data)}`, data })),
    { name: 'ComicInfo.xml', data: Buffer.from(comicInfo) },
  ]);
}

/** An EPUB 3 with one chapter; with `cover` (a JPEG), a cover image declared the EPUB 3 way. */
export function epub(title: string, author: string, cover?: Buffer): Buffer {
  const coverItem = cover ? '<item id="cover" href="cover.jpg" media-type="image/jpeg" properties="cover-image"/>' : '';
  const opf = `<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="id">urn:uuid:00000000-0000-4000-8000-000000000000</dc:identifier><dc:title>${title}</dc:title><dc:creator>${author}</dc:creator><dc:language>fr</dc:language></metadata>
<manifest>${coverItem}<item id="c1" href="c1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/></spine></package>`;
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
    ...(cover ? [{ name: 'OEBPS/cover.jpg', data: cover }] : []),
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

/**
 * A scanned comic as PDF: one page per JPEG, each drawn over the whole page (1600×2400 pixels at 200 dpi), with an
 * Info dictionary. MuPDF must decode the image to render the page, as with a real scan.
 */
export function pdfOfImages(
  title: string,
  author: string,
  images: Buffer[],
  size: { width: number; height: number },
): Buffer {
  const points = { width: (size.width * 72) / 200, height: (size.height * 72) / 200 };
  const pageIds = images.map((_, i) => 4 + i * 3);
  const objects: (string | Buffer)[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${images.length} >>`,
    `<< /Title (${title}) /Author (${author}) >>`,
  ];
  images.forEach((image, i) => {
    const page = 4 + i * 3;
    const draw = `q ${points.width} 0 0 ${points.height} 0 0 cm /Im0 Do Q`;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${points.width} ${points.height}] /Resources << /XObject << /Im0 ${page + 2} 0 R >> >> /Contents ${page + 1} 0 R >>`,
      `<< /Length ${draw.length} >>\nstream\n${draw}\nendstream`,
      Buffer.concat([
        Buffer.from(
          `<< /Type /XObject /Subtype /Image /Width ${size.width} /Height ${size.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.length} >>\nstream\n`,
          'latin1',
        ),
        image,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  });
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, 'latin1'),
      typeof object === 'string' ? Buffer.from(object, 'latin1') : object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  let trailer = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) trailer += `${String(offset).padStart(10, '0')} 00000 n \n`;
  trailer += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 3 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(trailer, 'latin1'));
  return Buffer.concat(parts);
}

/** A real RAR5 comic (from the Komga fixtures, MIT): RAR cannot be written without the proprietary tool. */
export function cbr(): Buffer {
  return readFileSync(path.join(here, '../../apps/server/test/fixtures/komga/rar5.rar'));
}

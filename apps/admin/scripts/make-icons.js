/**
 * Writes the admin's favicon and app icons into static/ from one drawing of the Shelfmark mark (the same shapes as
 * src/lib/ui/Logo.svelte): favicon.svg, favicon-32.png (the PNG fallback), apple-touch-icon.png (180),
 * icons/icon-192.png, icons/icon-512.png and icons/icon-maskable-512.png (full bleed, the mark inside the safe
 * zone). Run once after changing the mark and commit the files:
 *   node apps/admin/scripts/make-icons.js
 * Icons cannot read the page's CSS variables, so the two colours here mirror tokens.css (--indigo-600, --gray-0).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const STATIC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../static');
const ACCENT = '#3d55d6';
const ON_ACCENT = '#ffffff';

/** The mark's shapes in a 32×32 box (Logo.svelte). */
const MARK = `
  <rect x="5" y="5" width="5.5" height="21" rx="1.5" />
  <rect x="12.5" y="9" width="5.5" height="17" rx="1.5" opacity="0.75" />
  <rect x="20" y="7" width="5.5" height="19.5" rx="1.5" transform="rotate(14 22.75 26.5)" opacity="0.9" />
  <rect x="3" y="27" width="26" height="2.5" rx="1.25" />`;

/** The mark on the accent: a rounded tile (`radius` > 0) or a full-bleed square; `scale` of the mark in the tile. */
function icon({ radius, scale }) {
  const offset = (32 - 32 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="32" height="32">
  <rect width="32" height="32" rx="${radius}" fill="${ACCENT}" />
  <g fill="${ON_ACCENT}" transform="translate(${offset} ${offset + 0.4 * scale}) scale(${scale})">${MARK}
  </g>
</svg>
`;
}

const tile = icon({ radius: 7, scale: 0.72 });
// Maskable: the launcher crops to its own shape; the mark stays inside the central 80 % circle.
const maskable = icon({ radius: 0, scale: 0.56 });

const png = (svg, size) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png()
    .toBuffer();

await mkdir(path.join(STATIC, 'icons'), { recursive: true });
await writeFile(path.join(STATIC, 'favicon.svg'), tile);
await writeFile(path.join(STATIC, 'favicon-32.png'), await png(tile, 32));
await writeFile(path.join(STATIC, 'apple-touch-icon.png'), await png(maskable, 180));
await writeFile(path.join(STATIC, 'icons', 'icon-192.png'), await png(tile, 192));
await writeFile(path.join(STATIC, 'icons', 'icon-512.png'), await png(tile, 512));
await writeFile(path.join(STATIC, 'icons', 'icon-maskable-512.png'), await png(maskable, 512));
console.log(`icons written to ${STATIC}`);

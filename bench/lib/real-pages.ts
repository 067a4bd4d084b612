import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** A scanned comic page's size: 1600×2400 pixels. */
export const REAL_PAGE = { width: 1600, height: 2400 } as const;

export interface RealPages {
  /** Photographic-like JPEGs, 300–800 KB each. */
  jpeg: Buffer[];
  /** The same content as 256-colour PNG and as WebP, as some rippers save pages. */
  png: Buffer[];
  webp: Buffer[];
}

/** A small seeded generator: the same pages on every machine, so runs compare. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
}

function noise(width: number, height: number, seed: number): Buffer {
  const next = random(seed);
  const data = Buffer.alloc(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = Math.floor(next() * 256);
  return data;
}

/**
 * Colour fields of three scales, as a photograph or a painted page has: large soft shapes, mid-size texture and fine
 * grain. A flat colour decodes and compresses unlike a real page, so it would measure the wrong thing.
 */
async function photographicPixels(seed: number): Promise<Buffer> {
  const { width, height } = REAL_PAGE;
  const raw = (w: number, h: number, s: number) =>
    sharp(noise(w, h, s), { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { kernel: 'cubic' });
  const shapes = await raw(12, 18, seed).raw().toBuffer();
  const texture = await raw(160, 240, seed + 1)
    .png({ compressionLevel: 0 })
    .toBuffer();
  const grain = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 8 } },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return (
    sharp(shapes, { raw: { width, height, channels: 3 } })
      .composite([
        { input: texture, blend: 'soft-light' },
        { input: grain, blend: 'soft-light' },
      ])
      // Compositing adds an alpha channel: the pixels handed on are RGB.
      .removeAlpha()
      .raw()
      .toBuffer()
  );
}

const COUNTS = { jpeg: 12, png: 2, webp: 2 } as const;

/**
 * The real-sized pages of `bench:scan --pages real`, made once (about 2 s each) and kept in `cacheDir`, so a second
 * run of the generator only assembles books.
 */
export async function realPages(cacheDir: string): Promise<RealPages> {
  await mkdir(cacheDir, { recursive: true });
  const done = path.join(cacheDir, '.complete');
  if (!existsSync(done)) {
    let seed = 1;
    for (const [kind, count] of Object.entries(COUNTS) as [keyof RealPages, number][]) {
      for (let i = 0; i < count; i++) {
        const pixels = sharp(await photographicPixels(seed++ * 7919), {
          raw: { width: REAL_PAGE.width, height: REAL_PAGE.height, channels: 3 },
        });
        // Qualities 68–90 spread the JPEGs over 300–800 KB, as real scans are.
        const data =
          kind === 'jpeg'
            ? await pixels.jpeg({ quality: 68 + 2 * i }).toBuffer()
            : kind === 'png'
              ? await pixels.png({ palette: true }).toBuffer()
              : await pixels.webp({ quality: 80 }).toBuffer();
        await writeFile(path.join(cacheDir, `${kind}-${String(i).padStart(2, '0')}.${kind}`), data);
      }
    }
    await writeFile(done, '');
  }
  const names = (await readdir(cacheDir)).filter((name) => !name.startsWith('.')).sort();
  const load = (kind: keyof RealPages) =>
    Promise.all(names.filter((name) => name.startsWith(`${kind}-`)).map((name) => readFile(path.join(cacheDir, name))));
  return { jpeg: await load('jpeg'), png: await load('png'), webp: await load('webp') };
}

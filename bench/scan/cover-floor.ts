import sharp from 'sharp';

/** The thumbnail the server makes (ADR 6): JPEG inside 300×400, quality 82. */
const THUMBNAIL = { width: 300, height: 400, quality: 82 } as const;

export interface CoverFloor {
  /** CPU time of one cover on one core: libvips decodes with shrink-on-load at the thumbnail's scale, then encodes. */
  cpuMsPerCover: number;
  /** What one core does at that cost. */
  coversPerSecondPerCore: number;
}

/**
 * The floor of a cover: the least work any server must do for one, measured here on the same images, one libvips
 * thread, CPU time (the machine is shared, so wall time would measure the neighbours). Each image is made `rounds`
 * times; the first round warms libvips up and is not counted.
 */
export async function coverFloor(images: Buffer[], rounds = 3): Promise<CoverFloor> {
  sharp.concurrency(1);
  sharp.cache(false);
  const thumbnail = (image: Buffer) =>
    sharp(image)
      .resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: THUMBNAIL.quality })
      .toBuffer();
  // One at a time: a core's cost, not the thread pool's.
  for (const image of images) await thumbnail(image);
  const before = process.cpuUsage();
  for (let round = 0; round < rounds; round++) for (const image of images) await thumbnail(image);
  const used = process.cpuUsage(before);
  const cpuMsPerCover = (used.user + used.system) / 1000 / (rounds * images.length);
  return { cpuMsPerCover, coversPerSecondPerCore: 1000 / cpuMsPerCover };
}

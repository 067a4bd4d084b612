import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** A minimal zip writer (stored entries, UTF-8 names), enough for CBZ files a scan can read. */
export function buildZip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 file names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0, 10);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, entry.data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + entry.data.length;
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

/** A valid 60×90 baseline JPEG (305 bytes, made once with sharp), so covers decode and thumbnails can be made. */
export const SAMPLE_PAGE = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8a' +
    'Gi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCABaADwDASIAAhEBAxEB/8QAFQABAQAA' +
    'AAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFgEBAQEAAAAAAAAAAAAAAAAAAAQG/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/a' +
    'AAwDAQACEQMRAD8AlgImmAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAf/9k=',
  'base64',
);

/** A CBZ of `pages` copies of the sample page. */
export function comicBuffer(pages = 3): Buffer {
  return buildZip(
    Array.from({ length: pages }, (_, i) => ({ name: `page${String(i + 1).padStart(3, '0')}.jpg`, data: SAMPLE_PAGE })),
  );
}

export interface GeneratedLibrary {
  /** The library folder, relative to LIBRARIES_ROOT (what `root_path` takes). */
  rootPath: string;
  /** Every CBZ written, relative to the library folder. */
  files: string[];
}

/**
 * Writes `series` folders of `perSeries` CBZ files each under `librariesRoot/rootPath`. All files share
 * one buffer (the scan reads each one anyway), so thousands are written in a second or two.
 */
export async function writeLibrary(
  librariesRoot: string,
  rootPath: string,
  options: { series: number; perSeries: number; pages?: number },
): Promise<GeneratedLibrary> {
  const data = comicBuffer(options.pages);
  const files: string[] = [];
  for (let s = 1; s <= options.series; s++) {
    const folder = `Series ${String(s).padStart(3, '0')}`;
    await mkdir(path.join(librariesRoot, rootPath, folder), { recursive: true });
    const writes: Promise<void>[] = [];
    for (let v = 1; v <= options.perSeries; v++) {
      const relative = `${folder}/${folder} v${String(v).padStart(3, '0')}.cbz`;
      files.push(relative);
      writes.push(writeFile(path.join(librariesRoot, rootPath, relative), data));
    }
    await Promise.all(writes);
  }
  return { rootPath, files };
}

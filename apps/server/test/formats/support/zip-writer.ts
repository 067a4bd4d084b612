import { crc32, deflateRawSync } from 'node:zlib';

/** One entry of a test ZIP. Everything a hostile archive could lie about can be set by hand. */
export interface ZipEntrySpec {
  name: string;
  /** Uncompressed content; compressed here when `method` is 8 (the default for non-empty data). */
  data?: Buffer;
  /** 0 stored, 8 deflate, anything else is written as given (payload = `compressed` ?? `data`). */
  method?: number;
  /** Payload written as is, for bombs generated elsewhere. */
  compressed?: Buffer;
  /** Declared uncompressed size, to make a header lie. */
  declaredSize?: number;
  crc?: number;
  encrypted?: boolean;
}

const UTF8_NAMES = 0x0800;

/** A minimal ZIP writer (no ZIP64, no data descriptors): enough for archives up to 4 GB declared. */
export function buildZip(entries: readonly ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.data ?? Buffer.alloc(0);
    const method = entry.method ?? (data.length > 0 ? 8 : 0);
    const payload = entry.compressed ?? (method === 8 ? deflateRawSync(data) : data);
    const size = entry.declaredSize ?? data.length;
    const crc = entry.crc ?? crc32(data);
    const flags = UTF8_NAMES | (entry.encrypted ? 0x0001 : 0);

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(((2024 - 1980) << 9) | (1 << 5) | 1, 12);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(payload.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, payload);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(((2024 - 1980) << 9) | (1 << 5) | 1, 14);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(payload.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((entry.name.endsWith('/') ? 0o40755 : 0o100644) * 0x10000, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + payload.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

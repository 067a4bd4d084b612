import { crc32 } from 'node:zlib';

/** One entry of a test RAR5 archive. Data is always stored (no compression): unrar still has to parse it all. */
export interface RarEntrySpec {
  name: string;
  data?: Buffer;
  directory?: boolean;
  /** Makes the entry a Unix symbolic link to this target. */
  linkTarget?: string;
  /** Declared unpacked size, to make a header lie. */
  declaredSize?: number;
}

function vint(value: number): Buffer {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return Buffer.from(bytes);
}

function u32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value >>> 0);
  return buffer;
}

/** A RAR5 block: CRC32, size, type, flags, optional extra-area and data sizes, fields, extra area. */
function block(type: number, fields: Buffer[], extra?: Buffer, dataSize?: number): Buffer {
  let flags = 0;
  const parts: Buffer[] = [vint(type)];
  if (extra) flags |= 0x0001;
  if (dataSize !== undefined) flags |= 0x0002;
  parts.push(vint(flags));
  if (extra) parts.push(vint(extra.length));
  if (dataSize !== undefined) parts.push(vint(dataSize));
  parts.push(...fields);
  if (extra) parts.push(extra);
  const body = Buffer.concat(parts);
  const header = Buffer.concat([vint(body.length), body]);
  return Buffer.concat([u32(crc32(header)), header]);
}

const SIGNATURE = Buffer.from([0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]);

/** A RAR5 archive (format documented at rarlab.com/technote.htm) holding stored files, folders and links. */
export function buildRar5(entries: readonly RarEntrySpec[], options: { solid?: boolean } = {}): Buffer {
  const parts: Buffer[] = [SIGNATURE, block(1, [vint(options.solid ? 0x0004 : 0)])];
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = entry.directory ? Buffer.alloc(0) : (entry.data ?? Buffer.alloc(0));
    let extra: Buffer | undefined;
    if (entry.linkTarget !== undefined) {
      const target = Buffer.from(entry.linkTarget, 'utf8');
      const record = Buffer.concat([vint(5), vint(1), vint(0), vint(target.length), target]);
      extra = Buffer.concat([vint(record.length), record]);
    }
    const fileFlags = (entry.directory ? 0x0001 : 0) | 0x0004; // directory, CRC32 present
    const attributes = entry.directory ? 0o40755 : entry.linkTarget !== undefined ? 0o120777 : 0o100644;
    const fields = [
      vint(fileFlags),
      vint(entry.declaredSize ?? data.length),
      vint(attributes),
      u32(entry.directory ? 0 : crc32(data)),
      vint(0), // compression: version 0, stored
      vint(1), // host OS: Unix
      vint(name.length),
      name,
    ];
    parts.push(block(2, fields, extra, entry.directory ? undefined : data.length));
    if (!entry.directory) parts.push(data);
  }
  parts.push(block(5, [vint(0)]));
  return Buffer.concat(parts);
}

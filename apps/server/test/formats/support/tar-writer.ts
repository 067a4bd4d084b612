import { pack, type Header } from 'tar-stream';

export interface TarEntrySpec {
  name: string;
  data?: Buffer;
  type?: Header['type'];
  linkname?: string;
}

/** A tar (POSIX ustar, as GNU tar and bsdtar write them) built with tar-stream's packer. */
export async function buildTar(entries: readonly TarEntrySpec[]): Promise<Buffer> {
  const packer = pack();
  const parts: Buffer[] = [];
  const done = (async () => {
    for await (const part of packer as AsyncIterable<Buffer>) parts.push(part);
  })();
  for (const entry of entries) {
    const header = { name: entry.name, type: entry.type ?? 'file', linkname: entry.linkname };
    await new Promise<void>((resolve, reject) =>
      packer.entry(header, entry.data ?? Buffer.alloc(0), (error) => (error ? reject(error) : resolve())),
    );
  }
  packer.finalize();
  await done;
  return Buffer.concat(parts);
}

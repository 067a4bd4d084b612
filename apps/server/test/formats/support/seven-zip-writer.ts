import SevenZipPackage, { type FileSystem, type SevenZipModuleFactory } from '7z-wasm';

const SevenZip = SevenZipPackage as unknown as SevenZipModuleFactory;

function mkdirs(fs: FileSystem, folder: string): void {
  let path = '';
  for (const part of folder.split('/').filter(Boolean)) {
    path += `/${part}`;
    try {
      fs.mkdir(path);
    } catch {
      // already there
    }
  }
}

export interface SevenZipEntrySpec {
  /** Relative path; with `fullPaths`, stored exactly as given (`../x.jpg`, `/abs/x.jpg`). */
  name: string;
  data: Buffer;
}

/**
 * A 7z built by the same 7-Zip (WASM) in memory. `password` encrypts the data, `encryptHeaders` the listing too;
 * `fullPaths` keeps names 7-Zip would normally clean (absolute, with `..`).
 */
export async function build7z(
  entries: readonly SevenZipEntrySpec[],
  options: { password?: string; encryptHeaders?: boolean; solid?: boolean; fullPaths?: boolean } = {},
): Promise<Buffer> {
  const errors: string[] = [];
  const zip = await SevenZip({ print: () => undefined, printErr: (line: string) => errors.push(line) });
  const root = '/w/src/in';
  mkdirs(zip.FS, root);
  for (const entry of entries) {
    const file = entry.name.startsWith('/') ? entry.name : `${root}/${entry.name}`;
    mkdirs(zip.FS, file.slice(0, file.lastIndexOf('/')));
    zip.FS.writeFile(file, entry.data);
  }
  zip.FS.chdir(root);
  const args = ['a', '-t7z', '-mx=1', `-ms=${options.solid === false ? 'off' : 'on'}`];
  if (options.password) args.push(`-p${options.password}`);
  if (options.encryptHeaders) args.push('-mhe=on');
  if (options.fullPaths) args.push('-spf');
  args.push('/w/out.7z', '--', ...entries.map((entry) => entry.name));
  const code = zip.callMain(args) as unknown as number;
  if (code) throw new Error(`7-Zip failed (${code}): ${errors.join(' ')}`);
  return Buffer.from(zip.FS.readFile('/w/out.7z'));
}

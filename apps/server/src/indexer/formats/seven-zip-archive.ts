import { closeSync, openSync, readSync, statSync } from 'node:fs';

import type { SevenZipModule, SevenZipModuleFactory } from '7z-wasm';

import { BookFileError } from './errors.js';
import { MAX_ARCHIVE_ENTRIES, MAX_SOLID_PREFIX_BYTES } from './limits.js';
import type { ArchiveEntry } from './page-entries.js';

export interface SevenZipEntry extends ArchiveEntry {
  /** Sum of the sizes stored before this entry in its solid block, which 7-Zip must decompress first. */
  sizeBefore: number;
}

/** Where the host's file system appears inside the WASM module; extractions go to its in-memory file system. */
const HOST_MOUNT = '/host';
const OUTPUT_ROOT = '/out';

interface SevenZipRuntime {
  module: SevenZipModule;
  /** Lines 7-Zip printed during the current call. */
  out: string[];
  err: string[];
}

let runtime: Promise<SevenZipRuntime> | undefined;

function loadSevenZip(): Promise<SevenZipRuntime> {
  runtime ??= (async () => {
    const out: string[] = [];
    const err: string[] = [];
    // Imported here, not at load: only the reader processes open 7z books, and the server loads this module too.
    // A CommonJS package: under NodeNext its default import is `module.exports`, which is the factory itself.
    const SevenZip = (await import('7z-wasm')).default as unknown as SevenZipModuleFactory;
    const module = await SevenZip({
      print: (line: string) => out.push(line),
      printErr: (line: string) => err.push(line),
      // End of input: 7-Zip must never wait for a password or an overwrite answer on the process's stdin.
      stdin: () => null as unknown as number,
      // Emscripten's default sets process.exitCode before throwing, which would make a healthy reader exit non-zero.
      quit: (_status: number, toThrow: unknown) => {
        throw toThrow;
      },
    });
    module.FS.mkdir(HOST_MOUNT);
    module.FS.mount(module.NODEFS, { root: '/' }, HOST_MOUNT);
    module.FS.mkdir(OUTPUT_ROOT);
    return { module, out, err };
  })().catch((error: unknown) => {
    runtime = undefined;
    throw error;
  });
  return runtime;
}

/**
 * Runs one 7-Zip command. Every call is synchronous from start to end, so the shared output buffers are safe with
 * concurrent requests. A call that throws (an abort inside the WASM code) leaves the module in an unknown state:
 * the next call loads a fresh one.
 */
function run(zip: SevenZipRuntime, args: string[]): { code: number; out: string[]; err: string[] } {
  zip.out.length = 0;
  zip.err.length = 0;
  let code: number;
  try {
    code = zip.module.callMain(args) as unknown as number;
  } catch (error) {
    runtime = undefined;
    throw new BookFileError('corrupt', `7-Zip stopped: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { code: code ?? 0, out: [...zip.out], err: [...zip.err] };
}

/** 7-Zip's own words for what went wrong, without the archive's path (messages never name server paths). */
function failure(err: string[], what: string): BookFileError {
  const text = err.join('\n');
  if (/encrypted|wrong password/i.test(text)) return new BookFileError('encrypted', `${what} is password-protected`);
  const reason = err
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.includes(HOST_MOUNT) && !/^ERRORS?:?$/.test(line))
    .at(-1);
  return new BookFileError('corrupt', `${what} cannot be read${reason ? `: ${reason}` : ''}`);
}

/** The method id of 7zAES in a 7z coder list. */
const AES_METHOD = Buffer.from([0x06, 0xf1, 0x07, 0x01]);
const ENCODED_HEADER = 0x17;

/**
 * Whether the archive's listing itself is encrypted (7z -mhe). This build of 7-Zip aborts with an uncaught C++
 * exception instead of reporting a wrong password there, so the start header is read directly: it points to the
 * next header, which is then an encoded header whose coder is 7zAES.
 */
function listingIsEncrypted(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const start = Buffer.alloc(32);
    if (readSync(fd, start, 0, 32, 0) < 32) return false;
    const offset = start.readBigUInt64LE(12);
    const size = start.readBigUInt64LE(20);
    if (size === 0n || size > 1_048_576n || offset > BigInt(Number.MAX_SAFE_INTEGER)) return false;
    const header = Buffer.alloc(Number(size));
    const read = readSync(fd, header, 0, header.length, 32 + Number(offset));
    return header[0] === ENCODED_HEADER && header.subarray(0, read).includes(AES_METHOD);
  } finally {
    closeSync(fd);
  }
}

/** `-slt` prints one "Key = Value" block per entry after a line of dashes. */
function parseListing(lines: string[]): Map<string, string>[] {
  const start = lines.indexOf('----------');
  if (start < 0) return [];
  const blocks: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of lines.slice(start + 1)) {
    const separator = line.indexOf(' = ');
    if (separator < 0) {
      if (line === '' && current) current = null;
      continue;
    }
    if (!current) blocks.push((current = new Map<string, string>()));
    current.set(line.slice(0, separator), line.slice(separator + 3));
  }
  return blocks;
}

function regularFilesUnder(module: SevenZipModule, folder: string): string[] {
  const files: string[] = [];
  for (const name of module.FS.readdir(folder)) {
    if (name === '.' || name === '..') continue;
    const child = `${folder}/${name}`;
    const { mode } = module.FS.lstat(child);
    if (module.FS.isDir(mode)) files.push(...regularFilesUnder(module, child));
    else if (module.FS.isFile(mode)) files.push(child);
  }
  return files;
}

function removeTree(module: SevenZipModule, folder: string): void {
  for (const name of module.FS.readdir(folder)) {
    if (name === '.' || name === '..') continue;
    const child = `${folder}/${name}`;
    if (module.FS.isDir(module.FS.lstat(child).mode)) removeTree(module, child);
    else module.FS.unlink(child);
  }
  module.FS.rmdir(folder);
}

let extraction = 0;

/**
 * A CB7 read with the WASM build of 7-Zip (7z-wasm), in the reader processes (ADR 8): its heap only grows. The
 * archive is read from the host through Emscripten's NODEFS, never whole into memory; one entry at a time is
 * extracted into the module's in-memory file system, after its declared size was checked against the cap (7-Zip
 * never writes more than the size the headers declare, and checks the CRC). Symbolic links are never read.
 */
export class SevenZipArchive {
  private constructor(
    private readonly archivePath: string,
    readonly entries: readonly SevenZipEntry[],
  ) {}

  static async open(path: string, signal?: AbortSignal): Promise<SevenZipArchive> {
    statSync(path); // a missing file is `not_found`; 7-Zip would only say it cannot open it
    const zip = await loadSevenZip();
    signal?.throwIfAborted();
    const archivePath = HOST_MOUNT + path;
    // -p with a dummy password: an encrypted archive fails instead of asking for one.
    if (listingIsEncrypted(path)) throw new BookFileError('encrypted', 'the 7z archive is password-protected');
    const listing = run(zip, ['l', '-slt', '-t7z', '-sccUTF-8', '-p-', '--', archivePath]);
    if (listing.code > 1) throw failure(listing.err, 'the 7z archive');
    const blocks = parseListing(listing.out);
    if (blocks.length > MAX_ARCHIVE_ENTRIES) {
      throw new BookFileError('too_large', `the 7z lists more than ${MAX_ARCHIVE_ENTRIES} entries`);
    }
    const before = new Map<string, number>();
    const entries = blocks.map((block): SevenZipEntry => {
      // Windows attributes, then the Unix mode when the archive was made on Unix ("A -rw-r--r--").
      const [windows = '', unix = ''] = (block.get('Attributes') ?? '').split(' ');
      const size = Number(block.get('Size') || 0);
      const solidBlock = block.get('Block') ?? '';
      const sizeBefore = before.get(solidBlock) ?? 0;
      before.set(solidBlock, sizeBefore + size);
      return {
        name: block.get('Path') ?? '',
        // A link or a device is no page either.
        isDirectory: windows.includes('D') || (unix !== '' && !unix.startsWith('-')),
        size: Number.isFinite(size) ? size : Number.MAX_SAFE_INTEGER,
        encrypted: block.get('Encrypted') === '+',
        sizeBefore,
      };
    });
    return new SevenZipArchive(archivePath, entries);
  }

  /** An entry at the start of its solid block (every entry of a non-solid 7z) is read without the others. */
  isCheapToRead(entry: SevenZipEntry): boolean {
    return entry.sizeBefore === 0;
  }

  async read(entry: SevenZipEntry, cap: number, what: string): Promise<Buffer> {
    if (entry.encrypted) throw new BookFileError('encrypted', `${what} is password-protected`);
    if (entry.size > cap) throw new BookFileError('too_large', `${what} declares ${entry.size} bytes`);
    if (entry.sizeBefore > MAX_SOLID_PREFIX_BYTES) {
      throw new BookFileError(
        'too_large',
        `${what} needs ${entry.sizeBefore} bytes of the solid block decompressed first`,
      );
    }
    const zip = await loadSevenZip();
    const output = `${OUTPUT_ROOT}/${++extraction}`;
    // -spd: names are names, not wildcards; the name after -- is never read as a switch.
    const result = run(zip, ['x', '-t7z', '-spd', '-p-', '-y', `-o${output}`, '--', this.archivePath, entry.name]);
    try {
      if (result.code > 1) throw failure(result.err, what);
      const [file, ...others] = regularFilesUnder(zip.module, output);
      if (!file || others.length > 0) throw new BookFileError('corrupt', `${what} could not be extracted`);
      const data = zip.module.FS.readFile(file);
      if (data.length > cap) throw new BookFileError('too_large', `${what} is larger than ${cap} bytes`);
      return Buffer.from(data.buffer, data.byteOffset, data.length);
    } finally {
      try {
        removeTree(zip.module, output);
      } catch {
        // Nothing was created (7-Zip failed before writing): nothing to remove.
      }
    }
  }
}

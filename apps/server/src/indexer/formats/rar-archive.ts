import type { EventEmitter } from 'node:events';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

import { Extractor, UnrarError, type FileHeader } from 'node-unrar-js';
import { getUnrar } from 'node-unrar-js/dist/js/unrar.singleton.js';

import { BookFileError } from './errors.js';
import { MAX_ARCHIVE_ENTRIES, MAX_SOLID_PREFIX_BYTES } from './limits.js';
import type { ArchiveEntry } from './page-entries.js';

export interface RarEntry extends ArchiveEntry {
  /** Sum of the unpacked sizes of the files stored before this one, which a solid archive must decompress first. */
  sizeBefore: number;
}

/** The parts of the Emscripten module we touch. node-unrar-js keeps one instance and one current extractor. */
interface UnrarModule {
  HEAPU8: Uint8Array;
  extractor: unknown;
}

/** Handle of the in-memory output file: positive and far above real descriptors (the glue splits it in halves). */
const SINK_HANDLE = 0x40000000;

/**
 * Reads the archive straight from its file descriptor (never the whole file in memory) and keeps what it extracts
 * in memory under a byte cap. node-unrar-js's own extractors do not fit: ExtractorFile writes entries to disk under
 * their archive names (path traversal) and fails beyond 2 GB; ExtractorData needs the whole archive in memory and
 * throws a TypeError on link entries, after which it is left half-open for the next call.
 *
 * Every unrar call is synchronous from start to end, so installing this extractor in the shared module right
 * before each call is safe even with concurrent requests: no other JavaScript runs in between.
 */
class CappedFileExtractor extends Extractor {
  protected _filePath: string;
  private readonly files = new Map<number, { position: number; size: number }>();
  private output: { chunks: Buffer[]; size: number } | null = null;
  private cap = 0;
  /** Set when unrar asked for another file than the archive (the next volume of a multi-volume set). */
  wantedOtherVolume = false;
  /** Set when the entry produced more bytes than the cap allowed. */
  overflowed = false;

  constructor(
    private readonly module: UnrarModule,
    path: string,
  ) {
    super(module);
    this._filePath = path;
  }

  private run<T>(operation: () => T): T {
    this.module.extractor = this;
    try {
      return operation();
    } finally {
      for (const fd of this.files.keys()) closeSync(fd);
      this.files.clear();
    }
  }

  list(): { solid: boolean; volume: boolean; headers: FileHeader[] } {
    return this.run(() => {
      const { arcHeader, fileHeaders } = this.getFileList();
      const headers: FileHeader[] = [];
      for (const header of fileHeaders) {
        headers.push(header);
        if (headers.length > MAX_ARCHIVE_ENTRIES) {
          // Leaving the generator early skips its cleanup; close the native archive ourselves.
          (this as unknown as { closeArc(): void }).closeArc();
          throw new BookFileError('too_large', `the RAR lists more than ${MAX_ARCHIVE_ENTRIES} entries`);
        }
      }
      return { solid: arcHeader.flags.solid, volume: arcHeader.flags.volume, headers };
    });
  }

  /** The bytes of the first entry with this name, or null if unrar created no output (a link, say). */
  extractOne(name: string, cap: number): Buffer | null {
    this.cap = cap;
    this.output = null;
    this.run(() => {
      for (const file of this.extract({ files: [name] }).files) void file;
    });
    const output = this.output as { chunks: Buffer[]; size: number } | null;
    return output ? Buffer.concat(output.chunks, output.size) : null;
  }

  protected override open(filename: string): number {
    if (filename !== this._filePath) {
      this.wantedOtherVolume = true;
      return 0;
    }
    // Exceptions must not unwind through the WASM frames; unrar reports a failed open as ERAR_EOPEN.
    try {
      const fd = openSync(filename, 'r');
      this.files.set(fd, { position: 0, size: fstatSync(fd).size });
      return fd;
    } catch {
      return 0;
    }
  }

  protected override create(): number {
    this.output = { chunks: [], size: 0 };
    return SINK_HANDLE;
  }

  protected override read(fd: number, buf: number, size: number): number {
    const file = this.files.get(fd);
    if (!file) return -1;
    try {
      const count = readSync(fd, this.module.HEAPU8, buf, size, file.position);
      file.position += count;
      return count;
    } catch {
      return -1;
    }
  }

  protected override write(fd: number, buf: number, size: number): boolean {
    const output = this.output;
    if (fd !== SINK_HANDLE || !output) return false;
    if (output.size + size > this.cap) {
      this.overflowed = true;
      return false; // refused; read() reports the overflow whether or not unrar stops
    }
    output.chunks.push(Buffer.from(this.module.HEAPU8.subarray(buf, buf + size)));
    output.size += size;
    return true;
  }

  protected override tell(fd: number): number {
    return this.files.get(fd)?.position ?? -1;
  }

  protected override seek(fd: number, offset: number, method: 'CUR' | 'SET' | 'END'): boolean {
    const file = this.files.get(fd);
    if (!file) return false;
    // The glue hands the signed 64-bit offset over as unsigned.
    const signed = offset >= 2 ** 63 ? offset - 2 ** 64 : offset;
    const position = (method === 'SET' ? 0 : method === 'CUR' ? file.position : file.size) + signed;
    if (position < 0 || position > file.size) return false;
    file.position = position;
    return true;
  }

  protected override closeFile(fd: number): void {
    if (fd !== SINK_HANDLE && this.files.delete(fd)) closeSync(fd);
  }
}

function describeRarError(err: unknown, extractor: CappedFileExtractor, what: string): unknown {
  if (err instanceof BookFileError) return err;
  if (extractor.wantedOtherVolume) {
    return new BookFileError('unsupported', 'multi-volume RAR archives are not supported');
  }
  if (!(err instanceof UnrarError)) {
    return new BookFileError('corrupt', `${what}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  switch (err.reason) {
    case 'ERAR_MISSING_PASSWORD':
    case 'ERAR_BAD_PASSWORD':
      return new BookFileError('encrypted', `${what} is password-protected`);
    case 'ERAR_NO_MEMORY':
      return new BookFileError('too_large', `${what} needs more memory than unrar can use`);
    default:
      return new BookFileError('corrupt', `${what}: ${err.message} (${err.reason})`, { cause: err });
  }
}

const PROCESS_EVENTS = ['uncaughtException', 'unhandledRejection'] as const;
/** Emscripten's listeners: `if (!(ex instanceof ExitStatus)) throw ex` and `function (reason) { throw reason }`. */
const EMSCRIPTEN_LISTENER = /ExitStatus|throw reason/;
let loading: Promise<UnrarModule> | undefined;

/**
 * Instantiates the WASM module once. Its Emscripten start-up installs process-wide `uncaughtException` and
 * `unhandledRejection` listeners that rethrow: they would override the server's own error policy and kill it (exit
 * code 7) over any rejection that is handled a tick late. They are removed again here, and only they. The promise is
 * shared because concurrent first calls to getUnrar() would each instantiate a module.
 */
function loadUnrar(): Promise<UnrarModule> {
  loading ??= (async () => {
    const emitter: EventEmitter = process;
    const before = new Map(PROCESS_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
    try {
      return (await getUnrar()) as UnrarModule;
    } finally {
      for (const event of PROCESS_EVENTS) {
        for (const listener of emitter.listeners(event)) {
          if (before.get(event)?.has(listener) || !EMSCRIPTEN_LISTENER.test(String(listener))) continue;
          emitter.removeListener(event, listener as (...args: unknown[]) => void);
        }
      }
    }
  })().catch((err: unknown) => {
    loading = undefined;
    throw err;
  });
  return loading;
}

/**
 * A RAR (4 or 5, solid or not) read with the WASM build of the official UnRAR. Nothing stays open between calls:
 * each unrar operation opens and closes the file itself, so there is nothing to close.
 */
export class RarArchive {
  private constructor(
    private readonly path: string,
    private readonly module: UnrarModule,
    /** Every entry needs those stored before it decompressed first (see RarEntry.sizeBefore). */
    readonly solid: boolean,
    readonly entries: readonly RarEntry[],
  ) {}

  static async open(path: string, signal?: AbortSignal): Promise<RarArchive> {
    signal?.throwIfAborted();
    const module = await loadUnrar();
    signal?.throwIfAborted();
    const extractor = new CappedFileExtractor(module, path);
    let listing: ReturnType<CappedFileExtractor['list']>;
    try {
      listing = extractor.list();
    } catch (err) {
      throw describeRarError(err, extractor, 'the RAR');
    }
    if (listing.volume) throw new BookFileError('unsupported', 'multi-volume RAR archives are not supported');
    const entries: RarEntry[] = [];
    const names = new Set<string>();
    let sizeBefore = 0;
    for (const header of listing.headers) {
      const isDirectory = header.flags.directory;
      // unrar extracts by name, so of two entries with one name only the first is reachable.
      if (!names.has(header.name)) {
        names.add(header.name);
        entries.push({
          name: header.name,
          isDirectory,
          size: header.unpSize,
          encrypted: header.flags.encrypted,
          sizeBefore,
        });
      }
      if (!isDirectory) sizeBefore += header.unpSize;
    }
    return new RarArchive(path, module, listing.solid, entries);
  }

  /** In a solid RAR only the first entry is read without decompressing others first. */
  isCheapToRead(entry: RarEntry): boolean {
    return !this.solid || entry.sizeBefore === 0;
  }

  /** The entry's bytes, refused on its declared size, on the work a solid archive needs first, and on real bytes. */
  read(entry: RarEntry, cap: number, what: string): Buffer {
    if (entry.encrypted) throw new BookFileError('encrypted', `${what} is password-protected`);
    if (entry.size > cap) throw new BookFileError('too_large', `${what} declares ${entry.size} bytes (limit ${cap})`);
    if (this.solid && entry.sizeBefore > MAX_SOLID_PREFIX_BYTES) {
      throw new BookFileError(
        'too_large',
        `${what} sits after ${entry.sizeBefore} bytes of a solid RAR (limit ${MAX_SOLID_PREFIX_BYTES})`,
      );
    }
    const extractor = new CappedFileExtractor(this.module, this.path);
    let data: Buffer | null;
    try {
      data = extractor.extractOne(entry.name, cap);
    } catch (err) {
      if (extractor.overflowed) throw new BookFileError('too_large', `${what} unpacks beyond ${cap} bytes`);
      throw describeRarError(err, extractor, what);
    }
    // unrar does not always stop when a write is refused, so the flag is checked on success too.
    if (extractor.overflowed) throw new BookFileError('too_large', `${what} unpacks beyond ${cap} bytes`);
    if (data === null) throw new BookFileError('corrupt', `${what} is not a regular file (link or special entry)`);
    return data;
  }
}

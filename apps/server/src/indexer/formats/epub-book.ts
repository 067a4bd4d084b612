import { posix } from 'node:path';

import { BookFileError } from './errors.js';
import { sniffImageType } from './image-type.js';
import { MAX_PAGE_BYTES, MAX_XML_BYTES } from './limits.js';
import { naturalCompare } from './natural-sort.js';
import { parseContainerXml, parseOpf, type OpfSummary } from './opf.js';
import type { BookInspection, EmbeddedMetadata, PageImage } from './types.js';
import { decodeXml } from './xml.js';
import type { ArchiveEntry, EntryReader } from './page-entries.js';
import { zipEntryFingerprint, type ZipListedEntry } from './zip-archive.js';

/** Finds an entry by exact name, then ignoring case (EPUBs made on Windows or macOS disagree with their manifests). */
function findEntry<E extends ArchiveEntry>(zip: EntryReader<E>, name: string): E | undefined {
  const exact = zip.entries.find((entry) => !entry.isDirectory && entry.name === name);
  if (exact) return exact;
  const lower = name.toLowerCase();
  return zip.entries.find((entry) => !entry.isDirectory && entry.name.toLowerCase() === lower);
}

/** Whether a ZIP carries an EPUB container, used to recognise misnamed EPUBs. */
export function hasEpubContainer<E extends ArchiveEntry>(zip: EntryReader<E>): boolean {
  return findEntry(zip, 'META-INF/container.xml') !== undefined;
}

/** Manifest hrefs are URLs relative to the OPF: percent-encoded, possibly with a fragment, never leaving the root. */
function resolveHref(opfPath: string, href: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(href.replace(/[#?].*$/, ''));
  } catch {
    path = href;
  }
  const resolved = posix.normalize(posix.join(posix.dirname(opfPath), path)).replace(/^\/+/, '');
  return resolved === '.' || resolved.startsWith('../') ? null : resolved;
}

async function readXml<E extends ArchiveEntry>(zip: EntryReader<E>, entry: E, what: string): Promise<string> {
  return decodeXml(await zip.read(entry, MAX_XML_BYTES, what));
}

/**
 * The OPF named by META-INF/container.xml. When container.xml is missing, broken or points nowhere, the first .opf
 * in the archive is used (readers do the same); a ZIP without any OPF is not an EPUB.
 */
async function locateOpf<E extends ArchiveEntry>(zip: EntryReader<E>): Promise<E> {
  const container = findEntry(zip, 'META-INF/container.xml');
  if (container) {
    let path: string | null = null;
    try {
      path = parseContainerXml(await readXml(zip, container, 'META-INF/container.xml'));
    } catch (err) {
      if (err instanceof BookFileError) throw err;
    }
    const named = path === null ? undefined : (findEntry(zip, path) ?? findEntry(zip, resolveHref('', path) ?? ''));
    if (named) return named;
  }
  const anyOpf = zip.entries
    .filter((entry) => !entry.isDirectory && entry.name.toLowerCase().endsWith('.opf'))
    .sort((a, b) => naturalCompare(a.name, b.name))[0];
  if (!anyOpf) throw new BookFileError('corrupt', 'not an EPUB: no OPF package document (no OPF)');
  return anyOpf;
}

async function readOpf<E extends ArchiveEntry>(zip: EntryReader<E>): Promise<{ path: string; opf: OpfSummary }> {
  const entry = await locateOpf(zip);
  const xml = await readXml(zip, entry, `the OPF (${entry.name})`);
  try {
    return { path: entry.name, opf: parseOpf(xml) };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new BookFileError('corrupt', `the OPF (${entry.name}) cannot be parsed: ${message}`, { cause: err });
  }
}

/** The entry of the cover image the OPF declares, if it declares one that exists. */
function coverEntry<E extends ZipListedEntry>(zip: EntryReader<E>, opfPath: string, opf: OpfSummary): E | undefined {
  const target = opf.coverHref === null ? null : resolveHref(opfPath, opf.coverHref);
  return target === null ? undefined : findEntry(zip, target);
}

export async function inspectEpub<E extends ZipListedEntry>(
  zip: EntryReader<E>,
  signal?: AbortSignal,
): Promise<BookInspection> {
  signal?.throwIfAborted();
  const { path, opf } = await readOpf(zip);
  const inspection: BookInspection = { format: 'epub', pageCount: opf.fixedLayoutPageCount, metadata: opf.metadata };
  // The entry readEpubCover makes the thumbnail from: a rescan keeps the thumbnail while it is unchanged.
  const cover = coverEntry(zip, path, opf);
  if (cover) inspection.coverFingerprint = zipEntryFingerprint(cover);
  return inspection;
}

/** What the OPF says, reading container.xml and the OPF only. */
export async function readEpubMetadata<E extends ArchiveEntry>(
  zip: EntryReader<E>,
  signal?: AbortSignal,
): Promise<EmbeddedMetadata> {
  signal?.throwIfAborted();
  return (await readOpf(zip)).opf.metadata;
}

/** The cover image the OPF declares, or null when there is none or it is not a raster image we can serve. */
export async function readEpubCover<E extends ZipListedEntry>(zip: EntryReader<E>): Promise<PageImage | null> {
  const { path, opf } = await readOpf(zip);
  const entry = coverEntry(zip, path, opf);
  if (!entry) return null;
  const data = await zip.read(entry, MAX_PAGE_BYTES, `the cover (${entry.name})`);
  const mediaType = sniffImageType(data);
  return mediaType === null ? null : { data, mediaType };
}

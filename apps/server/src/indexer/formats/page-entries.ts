import { hasPageImageExtension } from './image-type.js';
import { naturalCompare } from './natural-sort.js';

/** The part of an archive entry the comic readers need, whatever the archive type. */
export interface ArchiveEntry {
  /** Path inside the archive with `/` separators, exactly as stored (never used as a path on disk). */
  name: string;
  isDirectory: boolean;
  /** Uncompressed size as the archive declares it (may lie; readers check the real size too). */
  size: number;
  encrypted: boolean;
}

/** An archive's listing and a way to read one of its entries whole, under a byte cap. */
export interface EntryReader<E extends ArchiveEntry> {
  readonly entries: readonly E[];
  read(entry: E, cap: number, what: string): Promise<Buffer> | Buffer;
}

/** Mac OS resource forks and Finder litter, and dot-files that tools leave behind. `..` is a name, not hidden. */
function isHiddenPath(name: string): boolean {
  return name.split('/').some((part) => part === '__MACOSX' || (part.startsWith('.') && part !== '.' && part !== '..'));
}

/**
 * A page is a non-empty regular entry with an image extension that is not hidden. Zero-byte "images" are skipped:
 * they are placeholders or links, and cannot be shown.
 */
export function isPageEntry(entry: ArchiveEntry): boolean {
  return !entry.isDirectory && entry.size > 0 && !isHiddenPath(entry.name) && hasPageImageExtension(entry.name);
}

/** The pages of an archive in reading order: natural order of their paths, archive order breaking exact ties. */
export function selectPages<E extends ArchiveEntry>(entries: readonly E[]): E[] {
  return entries
    .map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => isPageEntry(entry))
    .sort((a, b) => naturalCompare(a.entry.name, b.entry.name) || a.index - b.index)
    .map(({ entry }) => entry);
}

/** ComicInfo.xml sits at the root of the archive; its name's case varies between tools. */
export function findComicInfo<E extends ArchiveEntry>(entries: readonly E[]): E | undefined {
  return entries.find((entry) => !entry.isDirectory && entry.name.toLowerCase() === 'comicinfo.xml');
}

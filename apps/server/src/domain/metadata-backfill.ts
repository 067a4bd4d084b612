import type { LockableBookField } from '../entities/book.entity.js';
import { FILE_METADATA_FIELDS, type FileMetadata } from './file-metadata.js';
import { fileMayWrite, isEmptyValue, withSources, type MetadataSources } from './metadata-sources.js';
import type { Author } from './people.js';

/** What a book's file gives it, as the scan stores it: FileMetadata and the publish date. */
export type FileFields = FileMetadata & { publishDate: string | null };

/** The set of names, folded: stored authors and the file's are "the same people" when these are equal. */
function nameSet(authors: readonly Author[]): Set<string> {
  return new Set(authors.map((author) => author.name.trim().toLocaleLowerCase()));
}

/**
 * Whether the file credits every person stored: the scan before roles kept ComicInfo's writers, pencillers and
 * inkers only (all stored as `writer` by the migration), so the file names the same people and may name more.
 */
function fileNamesEveryone(stored: readonly Author[], file: readonly Author[]): boolean {
  const named = nameSet(file);
  return [...nameSet(stored)].every((name) => named.has(name));
}

/**
 * What the one-time backfill (issue 31 item 2) writes to a stored book from its file: each field that is empty now,
 * not locked and not a provider's or an admin's, takes the file's value, marked `file`. Authors stored before roles
 * were kept (names as `writer` or `author`) are replaced when the file names the same people, so they gain their
 * roles; other stored authors are kept. Answers the properties to write with the new sources, or null when nothing
 * changes.
 */
export function backfilledFields(
  current: FileFields,
  file: FileFields,
  locked: readonly LockableBookField[],
  sources: MetadataSources<LockableBookField>,
): { values: Partial<FileFields>; metadataSources: MetadataSources<LockableBookField> } | null {
  const values: Partial<FileFields> = {};
  const written: [LockableBookField, unknown][] = [];
  for (const [field, lock] of FILE_METADATA_FIELDS) {
    // The minimum age follows the rating it comes from.
    if (field === 'ageRatingAge') continue;
    if (!fileMayWrite(lock, locked, sources)) continue;
    const given = file[field];
    if (isEmptyValue(given)) continue;
    if (field === 'authors') {
      const stored = current.authors;
      const replace =
        stored.length === 0 ||
        (fileNamesEveryone(stored, file.authors) && JSON.stringify(stored) !== JSON.stringify(file.authors));
      if (!replace) continue;
    } else if (!isEmptyValue(current[field])) continue;
    Object.assign(values, { [field]: given });
    if (field === 'ageRating') values.ageRatingAge = file.ageRatingAge;
    written.push([lock, given]);
  }
  if (written.length === 0) return null;
  return { values, metadataSources: withSources(sources, 'file', written) };
}

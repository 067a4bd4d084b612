import { normaliseIsbn } from './isbn.js';
import { normaliseTitle } from './matching.js';

/**
 * The sync rules, pure (SPEC §3 "Series metadata and locks", "Approve"): a locked field is never written and is
 * reported as skipped whenever the provider offers a value; a field is only filled or replaced with a non-empty
 * value, never cleared; title and volume of a book are the library's, never the provider's.
 */

export type FieldValue = string | number | string[] | null;

export interface FieldChange {
  field: string;
  old: FieldValue;
  new: Exclude<FieldValue, null>;
}

export interface SyncPlan<Field extends string> {
  updated: FieldChange[];
  skipped: Field[];
  /** New values by field name, for the fields that change. */
  changes: Partial<Record<Field | 'cover_url', FieldValue>>;
}

export const SERIES_SYNC_FIELDS = [
  'status',
  'authors',
  'description',
  'publishers',
  'start_year',
  'total_volumes',
  'genres',
  'language',
  'reading_direction',
  // Not lockable: a cover is display only.
  'cover_url',
] as const;
export type SeriesSyncField = (typeof SERIES_SYNC_FIELDS)[number];

export const BOOK_SYNC_FIELDS = ['authors', 'summary', 'isbn', 'publish_date', 'language'] as const;
export type BookSyncField = (typeof BOOK_SYNC_FIELDS)[number];

function isPresent(value: FieldValue | undefined): value is Exclude<FieldValue, null> {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return Number.isFinite(value);
}

function same(a: FieldValue, b: FieldValue): boolean {
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => item === b[i]);
  return a === b;
}

function emptyToNull(value: FieldValue | undefined): FieldValue {
  return isPresent(value) ? value : null;
}

/** Compares what the provider offers with what is stored, field by field, honouring the locks. */
export function planSync<Field extends string>(
  fields: readonly Field[],
  current: Readonly<Record<Field, FieldValue>>,
  offered: Readonly<Partial<Record<Field, FieldValue>>>,
  locked: ReadonlySet<string>,
): SyncPlan<Field> {
  const plan: SyncPlan<Field> = { updated: [], skipped: [], changes: {} };
  for (const field of fields) {
    const value = offered[field];
    if (!isPresent(value)) continue;
    if (locked.has(field)) {
      plan.skipped.push(field);
      continue;
    }
    const old = current[field];
    if (same(old, value)) continue;
    plan.updated.push({ field, old: emptyToNull(old), new: value });
    plan.changes[field] = value;
  }
  return plan;
}

/** A provider date as the book stores it: YYYY-MM-DD, a year or month alone becoming its first day. */
export function bookDate(value: string | null): string | null {
  if (value === null) return null;
  const match = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [, year, month = '01', day = '01'] = match;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.getUTCDate() !== Number(day) ? null : `${year}-${month}-${day}`;
}

/** The ISBN as books store it, or null when the provider's is not a valid ISBN. */
export function bookIsbn(value: string | null): string | null {
  return value === null ? null : normaliseIsbn(value);
}

// ---------------------------------------------------------------------------------------------------------------
// Matching provider volumes to local books

export interface LocalBook {
  id: string;
  title: string;
  volume: number | null;
  volumeEnd: number | null;
  volumeKind: string;
}

export interface ProviderVolume {
  volumeNumber: number | null;
  title: string | null;
}

export interface VolumeMatch {
  /** The local book that receives this volume's metadata, or null. */
  syncTo: string | null;
  /** The local book that holds this volume (also an omnibus covering it), or null when it is missing. */
  heldBy: string | null;
}

const NUMBERED_KINDS = new Set(['regular', 'integrale', 'one_shot']);

/**
 * Matches provider volumes to local books: by volume number first (each local book takes at most one volume's
 * metadata), then by title; a volume inside a local omnibus range (T01-T05) is held by that book without
 * overwriting it. Hors-séries and chapters only ever match by title.
 */
export function matchVolumes(books: readonly LocalBook[], volumes: readonly ProviderVolume[]): VolumeMatch[] {
  const taken = new Set<string>();
  const result: VolumeMatch[] = volumes.map(() => ({ syncTo: null, heldBy: null }));
  volumes.forEach((volume, index) => {
    if (volume.volumeNumber === null || volume.volumeNumber === 0) return;
    const book = books.find(
      (candidate) =>
        !taken.has(candidate.id) &&
        NUMBERED_KINDS.has(candidate.volumeKind) &&
        candidate.volume === volume.volumeNumber,
    );
    if (book) {
      taken.add(book.id);
      result[index] = { syncTo: book.id, heldBy: book.id };
    }
  });
  volumes.forEach((volume, index) => {
    if (result[index]!.syncTo !== null || !volume.title) return;
    const wanted = normaliseTitle(volume.title);
    if (wanted === '') return;
    const book =
      books.find((candidate) => !taken.has(candidate.id) && normaliseTitle(candidate.title) === wanted) ??
      books.find((candidate) => {
        if (taken.has(candidate.id)) return false;
        const title = normaliseTitle(candidate.title);
        return title.length >= 4 && wanted.length >= 4 && (title.includes(wanted) || wanted.includes(title));
      });
    if (book) {
      taken.add(book.id);
      result[index] = { syncTo: book.id, heldBy: book.id };
    }
  });
  volumes.forEach((volume, index) => {
    if (result[index]!.heldBy !== null || volume.volumeNumber === null) return;
    const number = volume.volumeNumber;
    const omnibus = books.find(
      (book) => book.volume !== null && book.volumeEnd !== null && book.volume <= number && number <= book.volumeEnd,
    );
    if (omnibus) result[index] = { syncTo: null, heldBy: omnibus.id };
  });
  return result;
}

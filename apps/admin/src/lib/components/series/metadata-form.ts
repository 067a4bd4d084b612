import { authorNames, authorsFromNames, type Author } from '../authors/authors.js';

/**
 * The series metadata form as text fields, and the edit it sends. A field the admin edits is locked on the way
 * (SPEC: a lock protects a field from synchronisation, not from the admin, so what the admin typed must not be
 * overwritten by the next sync); the admin can still unlock it. Values are sent as typed: the server validates and
 * answers field by field, so the form never second-guesses it.
 */

export const SERIES_FIELDS = [
  'status',
  'authors',
  'description',
  'publishers',
  'start_year',
  'total_volumes',
  'genres',
  'language',
  'reading_direction',
  'imprint',
  'tags',
  'age_rating',
] as const;
export type SeriesField = (typeof SERIES_FIELDS)[number];

const LIST_FIELDS = new Set<SeriesField>(['authors', 'publishers', 'genres', 'tags']);
const NUMBER_FIELDS = new Set<SeriesField>(['start_year', 'total_volumes']);

export interface SeriesMetadataValues {
  status: string | null;
  authors: Author[];
  description: string | null;
  publishers: string[];
  start_year: number | null;
  total_volumes: number | null;
  genres: string[];
  language: string | null;
  reading_direction: string | null;
  imprint: string | null;
  tags: string[];
  age_rating: string | null;
  locked_fields: SeriesField[];
}

export type FieldTexts = Record<SeriesField, string>;

/** Lists are written comma-separated, numbers as digits, nulls as empty fields. */
export function textsOf(values: SeriesMetadataValues): FieldTexts {
  const texts = {} as FieldTexts;
  for (const field of SERIES_FIELDS) {
    const value = field === 'authors' ? authorNames(values.authors) : values[field];
    texts[field] = Array.isArray(value) ? value.join(', ') : value === null ? '' : String(value);
  }
  return texts;
}

type FieldValue = string | number | string[] | null;

/** The value a text stands for: empty is null (a cleared field), a list is split on commas. */
export function valueOf(field: SeriesField, text: string): FieldValue {
  const trimmed = text.trim();
  if (LIST_FIELDS.has(field)) {
    return trimmed === ''
      ? []
      : trimmed
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part !== '');
  }
  if (trimmed === '') return null;
  if (NUMBER_FIELDS.has(field)) {
    const number = Number(trimmed);
    // Not a number: sent as typed, so the server names the field and says what it wants.
    return Number.isFinite(number) ? number : trimmed;
  }
  return field === 'description' ? text : trimmed;
}

function sameValue(a: FieldValue, b: FieldValue): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields whose text now means something else than the saved value. */
export function changedFields(saved: SeriesMetadataValues, texts: FieldTexts): SeriesField[] {
  return SERIES_FIELDS.filter(
    (field) => !sameValue(valueOf(field, texts[field]), valueOf(field, textsOf(saved)[field])),
  );
}

export function sameLocks(a: readonly SeriesField[], b: readonly SeriesField[]): boolean {
  return a.length === b.length && a.every((field) => b.includes(field));
}

/** Locks after an edit of `field`: the edited field joins them (kept in the contract's field order). */
export function lockOnEdit(locks: readonly SeriesField[], field: SeriesField): SeriesField[] {
  return locks.includes(field) ? [...locks] : SERIES_FIELDS.filter((each) => each === field || locks.includes(each));
}

export function toggleLock(locks: readonly SeriesField[], field: SeriesField): SeriesField[] {
  return locks.includes(field) ? locks.filter((each) => each !== field) : lockOnEdit(locks, field);
}

/**
 * The PATCH body: the changed fields and, when they differ from the saved ones, the locks (the contract replaces the
 * whole list). Null when there is nothing to send (the contract wants at least one property).
 */
export function editBody(
  saved: SeriesMetadataValues,
  texts: FieldTexts,
  locks: readonly SeriesField[],
): Record<string, unknown> | null {
  const body: Record<string, unknown> = {};
  for (const field of changedFields(saved, texts)) body[field] = valueOf(field, texts[field]);
  // Names as typed; one already credited keeps its roles.
  if (Array.isArray(body.authors)) body.authors = authorsFromNames(body.authors as string[], saved.authors);
  if (!sameLocks(saved.locked_fields, locks)) body.locked_fields = [...locks];
  return Object.keys(body).length === 0 ? null : body;
}

import { authorNames, authorsFromNames } from '../authors/authors.js';
import type { BookDetails, BookUpdateBody, LockableField, VolumeKind } from './book-types.js';

/** The numbers of a book's place in its series, edited as text (`10,5` is read as 10.5). */
export const NUMBER_FIELDS = ['volume', 'volume_end', 'chapter', 'chapter_end'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];

/** The metadata form's values, as the inputs hold them (text everywhere; authors one per line). */
export interface BookDraft {
  title: string;
  volume: string;
  volume_end: string;
  chapter: string;
  chapter_end: string;
  kind: VolumeKind;
  authors: string;
  summary: string;
  isbn: string;
  publish_date: string;
  language: string;
}

export const EDITABLE_FIELDS: readonly LockableField[] = [
  'title',
  ...NUMBER_FIELDS,
  'kind',
  'authors',
  'summary',
  'isbn',
  'publish_date',
  'language',
];

export function draftOf(book: BookDetails): BookDraft {
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    title: book.title,
    volume: text(book.volume),
    volume_end: text(book.volume_end),
    chapter: text(book.chapter),
    chapter_end: text(book.chapter_end),
    kind: book.kind,
    authors: authorNames(book.authors).join('\n'),
    summary: book.summary ?? '',
    isbn: book.isbn ?? '',
    publish_date: book.publish_date ?? '',
    language: book.language ?? '',
  };
}

const authorsOf = (text: string) =>
  text
    .split('\n')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * A number as typed: blank clears it, a decimal comma is a point. Anything else is sent as typed, so the server's
 * message ("must be number") shows at the field instead of the value being dropped.
 */
function numberOf(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : (text.trim() as unknown as number);
}

/**
 * What to send: only the fields that changed (a field left alone is not rewritten, and not checked), and the locks
 * when they changed. Null when there is nothing to save.
 */
export function changesOf(book: BookDetails, draft: BookDraft, locks: readonly LockableField[]): BookUpdateBody | null {
  const before = draftOf(book);
  const body: BookUpdateBody = {};
  // The title is required by the server: an emptied one is sent as is, so its 400 shows at the field.
  if (draft.title.trim() !== before.title) body.title = draft.title.trim();
  for (const field of NUMBER_FIELDS) {
    if (draft[field].trim() !== before[field]) body[field] = numberOf(draft[field]);
  }
  if (draft.kind !== before.kind) body.kind = draft.kind;
  if (authorsOf(draft.authors).join('\n') !== before.authors)
    body.authors = authorsFromNames(authorsOf(draft.authors), book.authors);
  if (draft.summary.trim() !== before.summary.trim()) body.summary = orNull(draft.summary);
  if (draft.isbn.trim() !== before.isbn) body.isbn = orNull(draft.isbn);
  if (draft.publish_date !== before.publish_date) body.publish_date = orNull(draft.publish_date);
  if (draft.language.trim() !== before.language) body.language = orNull(draft.language);
  const sortedLocks = [...locks].sort();
  if (sortedLocks.join() !== [...book.locked_fields].sort().join()) body.locked_fields = sortedLocks;
  return Object.keys(body).length > 0 ? body : null;
}

/** Editing a field locks it, so the next scan or metadata synchronisation keeps the admin's value. */
export function lockEdited(locks: readonly LockableField[], field: LockableField): LockableField[] {
  return locks.includes(field) ? [...locks] : [...locks, field];
}

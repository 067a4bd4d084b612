import type { ReadingStatus } from '../entities/reading-progress.entity.js';

/** A reader's stored place in a book (the fields a re-read file can make wrong). */
export interface StoredPlace {
  status: ReadingStatus;
  currentPage: number | null;
  /** An EPUB locator or a KOReader xpointer: a place in the bytes it was taken in. */
  position: string | null;
  percentage: number | null;
}

/** What a file read again says about the book a place was kept for. */
export interface RereadFile {
  /** The book's page count now; null when unknown (a reflowable book, a file that cannot be read). */
  pageCount: number | null;
  /** Whether the bytes changed; false when they are the same or cannot be told apart (see `contentChanged`). */
  contentChanged: boolean;
}

/**
 * Whether a file's bytes changed, from its size and partial hash before and after. A file with no earlier hash (read
 * before hashes were kept, or unreadable then) and the same size counts as unchanged: a position is only dropped when
 * it is known to point into other bytes.
 */
export function contentChanged(
  before: { sizeBytes: number; partialHash: string | null },
  after: { sizeBytes: number; partialHash: string | null },
): boolean {
  if (before.sizeBytes !== after.sizeBytes) return true;
  return before.partialHash !== null && after.partialHash !== null && before.partialHash !== after.partialHash;
}

/**
 * A reader's place once the book's file was read again. The status never changes (a book in progress stays in
 * progress, a read one read: the reader decides that, not a rewrite). A page past the new end becomes the last page,
 * and a read book's page is its page count, as when it was marked read. When the bytes changed, a position
 * (which points into the old bytes) is dropped, and the percentage follows the page, or, in a book without pages,
 * is dropped with its position: the reader opens it at the start, still `reading`.
 */
export function placeAfterReread(place: StoredPlace, file: RereadFile): StoredPlace {
  if (place.status === 'unread') return place;
  const pageCount = file.pageCount !== null && file.pageCount >= 1 ? file.pageCount : null;
  let currentPage = place.currentPage;
  if (currentPage !== null && pageCount !== null) {
    currentPage = place.status === 'read' ? pageCount : Math.min(Math.max(1, currentPage), pageCount);
  }
  const position = file.contentChanged ? null : place.position;
  let percentage = place.percentage;
  if (place.status === 'reading') {
    if (currentPage !== null && pageCount !== null) {
      if (file.contentChanged || currentPage !== place.currentPage) percentage = currentPage / pageCount;
    } else if (file.contentChanged && currentPage === null) {
      percentage = null;
    }
  }
  return { status: place.status, currentPage, position, percentage };
}

/** Whether two places differ (what a re-read needs to write). */
export function samePlace(a: StoredPlace, b: StoredPlace): boolean {
  return (
    a.status === b.status &&
    a.currentPage === b.currentPage &&
    a.position === b.position &&
    a.percentage === b.percentage
  );
}

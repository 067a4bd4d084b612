import { describe, expect, it } from 'vitest';
import { contentChanged, placeAfterReread, type StoredPlace } from './progress-refit.js';

const reading = (place: Partial<StoredPlace>): StoredPlace => ({
  status: 'reading',
  currentPage: null,
  position: null,
  percentage: null,
  ...place,
});

describe('a reader’s place after the book’s file was read again', () => {
  it('moves a page past the new end to the last page, still reading, its percentage following', () => {
    expect(
      placeAfterReread(reading({ currentPage: 4, percentage: 1 }), { pageCount: 2, contentChanged: true }),
    ).toEqual(reading({ currentPage: 2, percentage: 1 }));
    expect(
      placeAfterReread(reading({ currentPage: 3, percentage: 0.75 }), { pageCount: 10, contentChanged: true }),
    ).toEqual(reading({ currentPage: 3, percentage: 0.3 }));
  });

  it('keeps a read book read, on its new last page', () => {
    const read: StoredPlace = { status: 'read', currentPage: 4, position: null, percentage: 1 };
    expect(placeAfterReread(read, { pageCount: 2, contentChanged: true })).toEqual({ ...read, currentPage: 2 });
    expect(placeAfterReread(read, { pageCount: 9, contentChanged: true })).toEqual({ ...read, currentPage: 9 });
  });

  it('drops a position into bytes that changed, and the percentage of a book without pages', () => {
    const epub = reading({ position: 'epubcfi(/6/4!/4/2)', percentage: 0.4 });
    expect(placeAfterReread(epub, { pageCount: null, contentChanged: true })).toEqual(reading({}));
    const readEpub: StoredPlace = { status: 'read', currentPage: null, position: 'epubcfi(/6/4!/4/2)', percentage: 1 };
    expect(placeAfterReread(readEpub, { pageCount: null, contentChanged: true })).toEqual({
      ...readEpub,
      position: null,
    });
  });

  it('keeps everything when the bytes are the same (a move, a touch, a full rescan)', () => {
    const epub = reading({ position: 'epubcfi(/6/4!/4/2)', percentage: 0.4 });
    expect(placeAfterReread(epub, { pageCount: null, contentChanged: false })).toEqual(epub);
    // KOReader's own percentage of a page-based book stays when nothing moved.
    const comic = reading({ currentPage: 2, percentage: 0.47 });
    expect(placeAfterReread(comic, { pageCount: 4, contentChanged: false })).toEqual(comic);
  });

  it('keeps a page when the new file cannot be read (no page count to fit it to)', () => {
    expect(
      placeAfterReread(reading({ currentPage: 4, percentage: 1 }), { pageCount: null, contentChanged: true }),
    ).toEqual(reading({ currentPage: 4, percentage: 1 }));
  });

  it('leaves an unread record as it is', () => {
    const unread: StoredPlace = { status: 'unread', currentPage: null, position: null, percentage: null };
    expect(placeAfterReread(unread, { pageCount: 1, contentChanged: true })).toBe(unread);
  });

  it('tells changed bytes by size, then by partial hash when both are known', () => {
    expect(contentChanged({ sizeBytes: 10, partialHash: 'a' }, { sizeBytes: 11, partialHash: 'a' })).toBe(true);
    expect(contentChanged({ sizeBytes: 10, partialHash: 'a' }, { sizeBytes: 10, partialHash: 'b' })).toBe(true);
    expect(contentChanged({ sizeBytes: 10, partialHash: 'a' }, { sizeBytes: 10, partialHash: 'a' })).toBe(false);
    // Hashed for the first time (files stored before hashes were kept): not known to differ.
    expect(contentChanged({ sizeBytes: 10, partialHash: null }, { sizeBytes: 10, partialHash: 'a' })).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parsePush,
  progressFromPush,
  pullAnswer,
  SHELFMARK_DEVICE_ID,
  type BookTarget,
  type KosyncPush,
  type KosyncRecord,
} from './kosync.js';

const comic: BookTarget = { bookId: 'b1', format: 'cbz', pageCount: 20 };
const epub: BookTarget = { bookId: 'b2', format: 'epub', pageCount: null };
const pushOf = (progress: string, percentage: number): KosyncPush => ({
  document: 'd',
  progress,
  percentage,
  device: 'Kobo',
  deviceId: 'K1',
});
const record = (pushedAt: number, deviceId = 'K1'): KosyncRecord => ({
  document: 'd',
  progress: '5',
  percentage: 0.25,
  device: 'Kobo',
  deviceId,
  pushedAt: new Date(pushedAt),
});

describe('parsePush', () => {
  it('takes what KOReader sends, a numeric progress and a numeric-string percentage', () => {
    const body = { document: 'abc', progress: 12, percentage: '0.5', device: 'Kobo', device_id: 'X', metadata: {} };
    expect(parsePush(body)).toEqual({
      ok: true,
      value: { document: 'abc', progress: '12', percentage: 0.5, device: 'Kobo', deviceId: 'X' },
    });
  });

  it('refuses without a document (2004) before looking at the other fields (2003)', () => {
    expect(parsePush({ progress: 1 })).toEqual({ ok: false, error: 'documentMissing' });
    expect(parsePush({ document: 'x:y', progress: '1', percentage: 1, device: 'd' })).toEqual({
      ok: false,
      error: 'documentMissing',
    });
    expect(parsePush({ document: 'abc', progress: '1', percentage: Infinity, device: 'd' })).toEqual({
      ok: false,
      error: 'invalidFields',
    });
  });
});

describe('progressFromPush', () => {
  it('takes the page when it agrees with the percentage, and the last page as read', () => {
    expect(progressFromPush(pushOf('7', 0.35), comic)?.write).toEqual({
      status: 'reading',
      currentPage: 7,
      position: null,
      percentage: 0.35,
    });
    expect(progressFromPush(pushOf('20', 1), comic)?.write.status).toBe('read');
  });

  it('trusts the percentage when the page is off by more than one page, and says so', () => {
    const mapping = progressFromPush(pushOf('3', 0.5), comic);
    expect(mapping?.write.currentPage).toBe(10);
    expect(mapping?.disagreement).toEqual({ pageSent: 3, pageFromPercentage: 10 });
  });

  it('keeps an EPUB xpointer verbatim; 100 % is read', () => {
    const xpointer = '/body/DocFragment[2]/body/p[3]/text().17';
    expect(progressFromPush(pushOf(xpointer, 0.4), epub)?.write).toEqual({
      status: 'reading',
      currentPage: null,
      position: xpointer,
      percentage: 0.4,
    });
    expect(progressFromPush(pushOf(xpointer, 1), epub)?.write.status).toBe('read');
  });

  it('always lands on a page of the book, whatever KOReader sends', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.double({ noNaN: true }),
        fc.integer({ min: 1, max: 5000 }),
        (progress, pct, pages) => {
          const write = progressFromPush(pushOf(progress, pct), {
            bookId: 'b',
            format: 'pdf',
            pageCount: pages,
          })!.write;
          expect(write.currentPage).toBeGreaterThanOrEqual(1);
          expect(write.currentPage).toBeLessThanOrEqual(pages);
          expect(write.percentage).toBeGreaterThanOrEqual(0);
          expect(write.percentage).toBeLessThanOrEqual(1);
          expect(write.status === 'read').toBe(write.currentPage === pages);
        },
      ),
    );
  });
});

describe('pullAnswer', () => {
  const own = (updatedAt: number, extra: Partial<{ deviceId: string | null; book: BookTarget }> = {}) => ({
    book: comic,
    status: 'reading' as const,
    currentPage: 9,
    deviceId: null,
    updatedAt: new Date(updatedAt),
    ...extra,
  });

  it('answers {} when nothing is known, and the record as stored when it is the newest', () => {
    expect(pullAnswer('d', null, [])).toEqual({});
    expect(pullAnswer('d', record(2000_000), [own(1000_000)])).toEqual({
      document: 'd',
      progress: '5',
      percentage: 0.25,
      device: 'Kobo',
      device_id: 'K1',
      timestamp: 2000,
    });
  });

  it('answers our newer page as device Shelfmark, but not progress KOReader itself wrote', () => {
    expect(pullAnswer('d', record(1000_000), [own(2000_500)])).toEqual({
      document: 'd',
      progress: '9',
      percentage: 0.45,
      device: 'Shelfmark',
      device_id: SHELFMARK_DEVICE_ID,
      timestamp: 2000,
    });
    expect(pullAnswer('d', record(1000_000), [own(2000_000, { deviceId: 'K1' })])).toMatchObject({ device: 'Kobo' });
    expect(pullAnswer('d', record(1000_000), [own(2000_000, { book: epub })])).toMatchObject({ device: 'Kobo' });
  });
});

import { describe, expect, it } from 'vitest';
import { progressValues } from './progress.service.js';

const now = new Date('2026-11-26T00:00:00Z');

describe('progressValues', () => {
  it('derives the status from the page or the percentage when the client names none', () => {
    expect(progressValues({ page: 5 }, 10, now)).toMatchObject({ status: 'reading', currentPage: 5, percentage: 0.5 });
    expect(progressValues({ page: 10 }, 10, now)).toMatchObject({ status: 'read', currentPage: 10, percentage: 1 });
    expect(progressValues({ position: '/body/p[3]', percentage: 0.25 }, null, now)).toMatchObject({
      status: 'reading',
      currentPage: null,
      position: '/body/p[3]',
      percentage: 0.25,
    });
    expect(progressValues({ position: '/body/p[9]', percentage: 1 }, null, now)).toMatchObject({
      status: 'read',
      position: '/body/p[9]',
    });
  });

  it('keeps the page within the book and the percentage within 0 and 1', () => {
    expect(progressValues({ status: 'reading', page: 40 }, 10, now)).toMatchObject({ currentPage: 10 });
    expect(progressValues({ status: 'reading', page: 0 }, 10, now)).toMatchObject({ currentPage: 1 });
    expect(progressValues({ status: 'reading', percentage: 7 }, null, now)).toMatchObject({ percentage: 1 });
    expect(progressValues({ status: 'reading', percentage: Number.NaN }, null, now)).toMatchObject({
      percentage: null,
    });
  });

  it('clears the place of a book marked unread and records who wrote it', () => {
    expect(progressValues({ status: 'unread', page: 4, device: 'Kobo' }, 10, now)).toEqual({
      status: 'unread',
      currentPage: null,
      position: null,
      percentage: null,
      lastReadAt: null,
      device: 'Kobo',
      deviceId: null,
    });
    expect(progressValues({ status: 'read' }, 12, now)).toMatchObject({
      currentPage: 12,
      percentage: 1,
      lastReadAt: now,
    });
  });
});

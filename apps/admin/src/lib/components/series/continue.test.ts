import { describe, expect, it } from 'vitest';
import { continueBook } from './continue.js';

const book = (volume: number, reading_status: string) => ({
  id: `b${volume}`,
  volume,
  title: `T${volume}`,
  reading_status,
});

describe('Continue: which book', () => {
  it('starts at the first book when none is read, and has nothing for an empty series', () => {
    expect(continueBook([book(1, 'unread'), book(2, 'unread')])).toMatchObject({ book: { id: 'b1' }, kind: 'start' });
    expect(continueBook([])).toBeNull();
  });
  it('opens the book being read, else the first unread after the last read', () => {
    expect(continueBook([book(1, 'read'), book(2, 'reading'), book(3, 'unread')])?.book.id).toBe('b2');
    expect(continueBook([book(1, 'read'), book(2, 'unread'), book(3, 'read'), book(4, 'unread')])).toMatchObject({
      book: { id: 'b4' },
      kind: 'continue',
    });
    expect(continueBook([book(1, 'unread'), book(2, 'read')])?.book.id).toBe('b1');
  });
  it('reads again from the first book when all are read', () => {
    expect(continueBook([book(1, 'read'), book(2, 'read')])).toMatchObject({ book: { id: 'b1' }, kind: 'again' });
  });
});

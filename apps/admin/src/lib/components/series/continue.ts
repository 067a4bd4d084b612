/**
 * Which book "Continue" opens: the book being read (the first one, in the series' reading order), else the first
 * unread one after the last read, else the first unread; when every book is read, the first ("Read again").
 */
export interface ContinueBook {
  id: string;
  reading_status: string;
  volume: number | null;
  title: string;
}

export type ContinueKind = 'start' | 'continue' | 'again';

export function continueBook<T extends ContinueBook>(books: readonly T[]): { book: T; kind: ContinueKind } | null {
  if (books.length === 0) return null;
  const reading = books.find((book) => book.reading_status === 'reading');
  if (reading) return { book: reading, kind: 'continue' };
  const anyRead = books.some((book) => book.reading_status === 'read');
  const lastRead = books.findLastIndex((book) => book.reading_status === 'read');
  const next =
    books.slice(lastRead + 1).find((book) => book.reading_status !== 'read') ??
    books.find((book) => book.reading_status !== 'read');
  if (next) return { book: next, kind: anyRead ? 'continue' : 'start' };
  return { book: books[0]!, kind: 'again' };
}

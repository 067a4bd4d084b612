import { describe, expect, it } from 'vitest';
import { changesOf, draftOf, lockEdited } from './book-edit.js';
import type { BookDetails } from './book-types.js';

const book = {
  id: 'b1',
  title: 'Tintin au Tibet',
  authors: [{ name: 'Hergé', role: 'writer' }],
  summary: null,
  isbn: null,
  publish_date: '1960-01-01',
  language: 'fr',
  volume: 2,
  volume_end: null,
  chapter: null,
  chapter_end: null,
  kind: 'regular',
  locked_fields: ['title'],
} as unknown as BookDetails;

describe('the metadata form', () => {
  it('sends nothing when nothing changed', () => {
    expect(changesOf(book, draftOf(book), ['title'])).toBeNull();
  });

  it('sends only the changed fields, emptied ones as null, authors one per line', () => {
    const draft = { ...draftOf(book), authors: 'Hergé\n  Bob de Moor \n\n', language: '', isbn: '978-2-203-00101-5' };
    expect(changesOf(book, draft, ['title'])).toEqual({
      // Hergé stays the writer the file says he is; the name added is an author.
      authors: [
        { name: 'Hergé', role: 'writer' },
        { name: 'Bob de Moor', role: 'author' },
      ],
      language: null,
      isbn: '978-2-203-00101-5',
    });
  });

  it('sends numbers as numbers (a decimal comma is a point), a blank one as null, and the kind', () => {
    const draft = { ...draftOf(book), volume: '', chapter: '10,5', chapter_end: ' 18 ', kind: 'chapter' as const };
    expect(changesOf(book, draft, ['title'])).toEqual({
      volume: null,
      chapter: 10.5,
      chapter_end: 18,
      kind: 'chapter',
    });
  });

  it("sends a number it cannot read as typed, so the server's message shows at the field", () => {
    expect(changesOf(book, { ...draftOf(book), volume: 'two' }, ['title'])).toEqual({ volume: 'two' });
  });

  it('sends the whole list of locks when it changed', () => {
    expect(changesOf(book, draftOf(book), ['isbn', 'title'])).toEqual({ locked_fields: ['isbn', 'title'] });
    expect(changesOf(book, draftOf(book), [])).toEqual({ locked_fields: [] });
  });

  it('locks a field once it is edited, once', () => {
    expect(lockEdited(['title'], 'isbn')).toEqual(['title', 'isbn']);
    expect(lockEdited(['title', 'isbn'], 'isbn')).toEqual(['title', 'isbn']);
  });
});

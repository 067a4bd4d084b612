import { describe, expect, it } from 'vitest';
import {
  changedFields,
  editBody,
  lockOnEdit,
  textsOf,
  toggleLock,
  valueOf,
  type SeriesMetadataValues,
} from './metadata-form.js';

const saved: SeriesMetadataValues = {
  status: 'ongoing',
  authors: [{ name: 'Patrick Sobral', role: 'writer' }],
  description: null,
  publishers: ['Delcourt', 'Jungle'],
  start_year: 2004,
  total_volumes: 23,
  genres: [],
  language: 'fr',
  reading_direction: null,
  imprint: null,
  tags: ['heroic fantasy'],
  age_rating: 'Everyone 10+',
  locked_fields: ['total_volumes'],
};

describe('series metadata form', () => {
  it('writes values as texts: lists comma-separated, null as empty', () => {
    expect(textsOf(saved)).toEqual({
      status: 'ongoing',
      authors: 'Patrick Sobral',
      description: '',
      publishers: 'Delcourt, Jungle',
      start_year: '2004',
      total_volumes: '23',
      genres: '',
      language: 'fr',
      reading_direction: '',
      imprint: '',
      tags: 'heroic fantasy',
      age_rating: 'Everyone 10+',
    });
  });

  it('reads texts back: empty is null (or an empty list), lists split and trimmed, numbers as numbers', () => {
    expect(valueOf('genres', ' Fantasy ,  Humour, ')).toEqual(['Fantasy', 'Humour']);
    expect(valueOf('genres', '  ')).toEqual([]);
    expect(valueOf('language', ' ')).toBeNull();
    expect(valueOf('total_volumes', '-1')).toBe(-1);
    expect(valueOf('start_year', '')).toBeNull();
    expect(valueOf('description', '  Two lines\nof text ')).toBe('  Two lines\nof text ');
  });

  it('sends what the server must judge as typed (a negative count, a text in a number field)', () => {
    expect(valueOf('total_volumes', 'twelve')).toBe('twelve');
    const texts = { ...textsOf(saved), total_volumes: '-1' };
    expect(editBody(saved, texts, saved.locked_fields)).toEqual({ total_volumes: -1 });
  });

  it('sends only the changed fields, and nothing at all when nothing changed', () => {
    const texts = textsOf(saved);
    expect(editBody(saved, texts, saved.locked_fields)).toBeNull();
    expect(changedFields(saved, { ...texts, publishers: 'Delcourt,Jungle' })).toEqual([]);
    expect(editBody(saved, { ...texts, language: 'ja', description: 'A saga' }, saved.locked_fields)).toEqual({
      description: 'A saga',
      language: 'ja',
    });
  });

  it('locks a field when it is edited, in the contract order, and sends the whole list of locks', () => {
    const locks = lockOnEdit(saved.locked_fields, 'authors');
    expect(locks).toEqual(['authors', 'total_volumes']);
    expect(lockOnEdit(locks, 'authors')).toEqual(locks);
    expect(editBody(saved, { ...textsOf(saved), authors: 'A, patrick sobral' }, locks)).toEqual({
      // A name already credited keeps its role; a new one is an author.
      authors: [
        { name: 'A', role: 'author' },
        { name: 'Patrick Sobral', role: 'writer' },
      ],
      locked_fields: ['authors', 'total_volumes'],
    });
  });

  it('lets the admin unlock any field, an unlock alone being an edit', () => {
    const locks = toggleLock(saved.locked_fields, 'total_volumes');
    expect(locks).toEqual([]);
    expect(editBody(saved, textsOf(saved), locks)).toEqual({ locked_fields: [] });
    expect(toggleLock(locks, 'genres')).toEqual(['genres']);
  });
});

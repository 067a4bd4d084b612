import { describe, expect, it } from 'vitest';
import { neighboursOf, readerList, readerOptions, readerPath } from './book-neighbours.js';

describe('neighboursOf', () => {
  const items = [
    { id: 'a', title: 'One', extra: 1 },
    { id: 'b', title: 'Two', extra: 2 },
    { id: 'c', title: 'Three', extra: 3 },
  ];
  it('gives the books before and after in the series order', () => {
    expect(neighboursOf(items, 'b')).toEqual({
      previous: { id: 'a', title: 'One' },
      next: { id: 'c', title: 'Three' },
    });
    expect(neighboursOf(items, 'a').previous).toBeNull();
    expect(neighboursOf(items, 'c').next).toBeNull();
    expect(neighboursOf(items, 'z')).toEqual({ previous: null, next: null });
  });
});

describe('readerPath and readerOptions', () => {
  it('carries where to open and incognito, and reads them back', () => {
    expect(readerPath('b1')).toBe('/read/b1');
    expect(readerPath('b1', { at: 'start', incognito: true })).toBe('/read/b1?at=start&incognito=1');
    expect(readerOptions(new URLSearchParams('at=start&incognito=1'))).toEqual({ at: 'start', incognito: true });
    expect(readerOptions(new URLSearchParams('at=nowhere'))).toEqual({ at: 'saved', incognito: false });
  });
});

describe('reading from a list', () => {
  const listId = '0b5b7c4e-1111-4222-8333-944445555666';
  it('carries the list in the address and reads it back', () => {
    expect(readerPath('b1', { at: 'start', list: listId })).toBe(`/read/b1?at=start&list=${listId}`);
    expect(readerList(new URLSearchParams(`at=start&list=${listId}`))).toBe(listId);
  });
  it('reads no list from an address without one or with something else', () => {
    expect(readerPath('b1', { list: null })).toBe('/read/b1');
    expect(readerList(new URLSearchParams(''))).toBeNull();
    expect(readerList(new URLSearchParams('list=../../admin'))).toBeNull();
  });
});

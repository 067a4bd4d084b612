import { describe, expect, it, vi } from 'vitest';

// As SvelteKit resolves it in a page served at https://example.org/shelfmark/… (see paths.ts).
vi.mock('$app/paths', () => ({ resolve: (id: string) => `/shelfmark${id}` }));
const { withBase, withoutBase } = await import('./paths.js');

describe('withBase', () => {
  it('prefixes the admin pages and the server addresses with the base path', () => {
    expect(withBase('/')).toBe('/shelfmark/');
    expect(withBase('/series/42?page=2#top')).toBe('/shelfmark/series/42?page=2#top');
    expect(withBase('/api/v1/books/b1/thumbnail')).toBe('/shelfmark/api/v1/books/b1/thumbnail');
    expect(withBase('/trpc')).toBe('/shelfmark/trpc');
  });

  it('leaves absolute, protocol-relative and relative addresses and null alone', () => {
    expect(withBase('https://covers.example.com/1.jpg')).toBe('https://covers.example.com/1.jpg');
    expect(withBase('//covers.example.com/1.jpg')).toBe('//covers.example.com/1.jpg');
    expect(withBase('cover.jpg')).toBe('cover.jpg');
    expect(withBase(null)).toBeNull();
  });
});

describe('withoutBase', () => {
  it("gives the admin's own pathname of the browser's", () => {
    expect(withoutBase('/shelfmark/series/42')).toBe('/series/42');
    expect(withoutBase('/shelfmark/')).toBe('/');
    expect(withoutBase('/shelfmark')).toBe('/');
  });

  it('leaves a pathname outside the base as it is', () => {
    expect(withoutBase('/shelfmarks/x')).toBe('/shelfmarks/x');
    expect(withoutBase('/other')).toBe('/other');
  });
});

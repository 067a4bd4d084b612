import { defineEntity, p } from '@mikro-orm/core';
import { Book } from './book.entity.js';
import { Library } from './library.entity.js';

/**
 * One value of a book's list metadata (genre, publisher, tag, author with role, story arc), a row per value so the
 * list filters and facets read an index instead of every book's JSON. Written only by database triggers on `books`
 * (migration metadata_facets): every writer of those columns keeps them in step without knowing they exist.
 */
export const BookFacetSchema = defineEntity({
  name: 'BookFacet',
  tableName: 'book_facets',
  properties: {
    book: () => p.manyToOne(Book).primary().deleteRule('cascade'),
    /** `genre`, `publisher`, `tag`, `author` or `story_arc`: the filter parameter the value is for. */
    facet: p.string().length(20).primary(),
    value: p.string().length(200).primary(),
    /** An author's role; '' for the other facets (a key column cannot be null). */
    role: p.string().length(20).primary(),
    /** The book's library, copied so a reader's counts are read from the index without visiting books. */
    library: () => p.manyToOne(Library).deleteRule('cascade'),
  },
  indexes: [{ properties: ['facet', 'value', 'book'] }, { properties: ['library', 'facet', 'value'] }],
});
export class BookFacet extends BookFacetSchema.class {}
BookFacetSchema.setClass(BookFacet);

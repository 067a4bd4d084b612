import { defineEntity, p } from '@mikro-orm/core';
import { Book } from './book.entity.js';
import { ReadingList } from './reading-list.entity.js';

/** A book in a reading list, at its place; deleting either removes the entry. */
export const ReadingListBookSchema = defineEntity({
  name: 'ReadingListBook',
  tableName: 'reading_list_books',
  properties: {
    readingList: () => p.manyToOne(ReadingList).primary().deleteRule('cascade'),
    // Indexed on its own so deleting a book finds its entries without scanning every list.
    book: () => p.manyToOne(Book).primary().deleteRule('cascade').index(),
    position: p.integer(),
  },
  indexes: [{ properties: ['readingList', 'position'] }],
});
export class ReadingListBook extends ReadingListBookSchema.class {}
ReadingListBookSchema.setClass(ReadingListBook);

import { defineEntity, p } from '@mikro-orm/core';
import { BookFile } from './book-file.entity.js';

/**
 * A page of a book file as measured from its image header (services/book-pages.service.ts): what the comic reader
 * needs to pair pages into spreads. Kept across restarts; `file_size` and `file_mtime_ms` are the file's when it was
 * measured, so a changed file is measured again. Width and height are null for an entry of a solid archive not read
 * yet (the page route fills them in when it reads the page).
 */
export const BookPageSchema = defineEntity({
  name: 'BookPage',
  tableName: 'book_pages',
  properties: {
    bookFile: () => p.manyToOne(BookFile).primary().deleteRule('cascade'),
    number: p.integer().primary(),
    mediaType: p.string().length(32),
    width: p.integer().nullable(),
    height: p.integer().nullable(),
    fileSize: p.bigint('number'),
    fileMtimeMs: p.bigint('number'),
  },
});
export class BookPage extends BookPageSchema.class {}
BookPageSchema.setClass(BookPage);

import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { Book, BOOK_FORMATS } from './book.entity.js';
import { Library } from './library.entity.js';

export const PARSE_STATUSES = ['pending', 'ok', 'error'] as const;
export type ParseStatus = (typeof PARSE_STATUSES)[number];

export const BookFileSchema = defineEntity({
  name: 'BookFile',
  tableName: 'book_files',
  properties: {
    id: uuidPrimaryKey(),
    book: () => p.oneToOne(Book).owner().deleteRule('cascade'),
    library: () => p.manyToOne(Library).deleteRule('cascade'),
    /** Relative to the library root (POSIX). */
    path: p.string().length(4096),
    format: p.enum(BOOK_FORMATS),
    sizeBytes: p.bigint('number'),
    /**
     * KOReader's partial MD5 of the file (indexer/partial-hash.ts): with the size, what recognises a file that was
     * renamed or moved. Null until the file is analysed.
     */
    partialHash: p.string().length(32).nullable(),
    /** File modification time in milliseconds, compared as is on rescans. */
    mtimeMs: p.bigint('number'),
    /**
     * The file's change time (ctime) in milliseconds when it was last read, compared as is: a file rewritten with its
     * size and mtime kept (`cp -p`, a tagger) has another. Null on files indexed before it was recorded.
     */
    ctimeMs: p.bigint('number').nullable(),
    parseStatus: p.enum(PARSE_STATUSES).default('pending'),
    /** Why the file could not be read, in English; null unless `parseStatus` is `error`. */
    parseError: p.text().nullable(),
    /** What `parseError` says, as an item error code the admin translates (domain/job-messages.ts); null on rows older than codes. */
    parseErrorCode: p.string().length(32).nullable(),
    /** The values the sentence of `parseErrorCode` needs (the reader's own words as `detail`). */
    parseErrorParams: p.json<Record<string, string | number>>().nullable(),
    thumbnailPath: p.string().length(4096).nullable(),
    /**
     * What identified the cover's bytes when the file was last analysed (ZIP-based books: the cover entry's name,
     * CRC-32 and size). A changed file with the same fingerprint keeps its thumbnail; null for other formats.
     */
    coverFingerprint: p.text().nullable(),
    analyzedAt: p.datetime().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [{ properties: ['library', 'path'] }],
  // The second finds the books of a KOReader document, whatever their library.
  indexes: [{ properties: ['library', 'partialHash', 'sizeBytes'] }, { properties: ['partialHash'] }],
});
export class BookFile extends BookFileSchema.class {}
BookFileSchema.setClass(BookFile);

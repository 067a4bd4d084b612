import { defineEntity, p } from '@mikro-orm/core';
import { updatedAt, uuidPrimaryKey } from './columns.js';
import { Book } from './book.entity.js';
import { User } from './user.entity.js';

export const READING_STATUSES = ['unread', 'reading', 'read'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

/**
 * One reader's place in one book, whichever client wrote it (REST, the admin's reader, OPDS-PSE page streaming,
 * KOReader sync): they all write and read this record through ProgressService.
 */
export const ReadingProgressSchema = defineEntity({
  name: 'ReadingProgress',
  tableName: 'reading_progress',
  properties: {
    id: uuidPrimaryKey(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    book: () => p.manyToOne(Book).deleteRule('cascade'),
    status: p.enum(READING_STATUSES),
    currentPage: p.integer().nullable(),
    /** Where in a reflowable book: an EPUB locator or a KOReader xpointer, kept verbatim. */
    position: p.text().nullable(),
    /** How far through the book, 0 to 1, as the client that wrote it measured it. */
    percentage: p.double().nullable(),
    /** The client that wrote it last (KOReader's device name and id); null for the server's own clients. */
    device: p.string().length(200).nullable(),
    deviceId: p.string().length(200).nullable(),
    lastReadAt: p.datetime().nullable(),
    updatedAt: updatedAt(),
  },
  uniques: [{ properties: ['user', 'book'] }],
  indexes: [
    // GET /books?sort=recently_read: a reader's newest reads first, read from the index.
    { properties: ['user', 'lastReadAt', 'book'] },
    // Book deletes and the scan's series refresh reach every reader's rows of a book.
    { properties: ['book'] },
  ],
});
export class ReadingProgress extends ReadingProgressSchema.class {}
ReadingProgressSchema.setClass(ReadingProgress);

import { defineEntity, p } from '@mikro-orm/core';
import { updatedAt, uuidPrimaryKey } from './columns.js';
import { Book } from './book.entity.js';

export const READING_STATUSES = ['unread', 'reading', 'read'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

export const ReadingProgressSchema = defineEntity({
  name: 'ReadingProgress',
  tableName: 'reading_progress',
  properties: {
    id: uuidPrimaryKey(),
    book: () => p.oneToOne(Book).owner().deleteRule('cascade'),
    status: p.enum(READING_STATUSES),
    currentPage: p.integer().nullable(),
    lastReadAt: p.datetime().nullable(),
    updatedAt: updatedAt(),
  },
  // GET /books?sort=recently_read: the newest reads first, read from the index.
  indexes: [{ properties: ['lastReadAt', 'book'] }],
});
export class ReadingProgress extends ReadingProgressSchema.class {}
ReadingProgressSchema.setClass(ReadingProgress);

import { defineEntity, p } from '@mikro-orm/core';
import { uuidPrimaryKey } from './columns.js';
import { Library } from './library.entity.js';
import { READING_STATUSES } from './reading-progress.entity.js';
import { User } from './user.entity.js';

/**
 * A reader's progress in a book whose file vanished. A file that comes back (same path, or same name and size
 * elsewhere: it was moved) gets each reader's progress again; rows older than the grace period are purged.
 */
export const OrphanedProgressSchema = defineEntity({
  name: 'OrphanedProgress',
  tableName: 'orphaned_progress',
  properties: {
    id: uuidPrimaryKey(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    library: () => p.manyToOne(Library).deleteRule('cascade'),
    path: p.string().length(4096),
    fileName: p.string().length(1024),
    sizeBytes: p.bigint('number'),
    status: p.enum(READING_STATUSES),
    currentPage: p.integer().nullable(),
    position: p.text().nullable(),
    percentage: p.double().nullable(),
    device: p.string().length(200).nullable(),
    deviceId: p.string().length(200).nullable(),
    lastReadAt: p.datetime().nullable(),
    orphanedAt: p.datetime().index(),
  },
  indexes: [{ properties: ['library', 'path'] }, { properties: ['library', 'fileName', 'sizeBytes'] }],
});
export class OrphanedProgress extends OrphanedProgressSchema.class {}
OrphanedProgressSchema.setClass(OrphanedProgress);

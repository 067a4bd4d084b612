import { defineEntity, p } from '@mikro-orm/core';
import { uuidPrimaryKey } from './columns.js';
import { Library } from './library.entity.js';

/**
 * A folder a watcher saw change and no scan has read since: stored, so a crash between the event and its scan
 * loses nothing. Marked again by a later event, it takes the later time, and a scan that started before stays
 * without effect on it.
 */
export const DirtyFolderSchema = defineEntity({
  name: 'DirtyFolder',
  tableName: 'watch_dirty_folders',
  properties: {
    id: uuidPrimaryKey(),
    library: () => p.manyToOne(Library).deleteRule('cascade'),
    /** Relative to the library root, POSIX separators; '' is the root. */
    path: p.string().length(4096),
    /** Epoch milliseconds of the latest event in this folder. */
    markedAtMs: p.bigint('number'),
  },
  uniques: [{ properties: ['library', 'path'] }],
});
export class DirtyFolder extends DirtyFolderSchema.class {}
DirtyFolderSchema.setClass(DirtyFolder);

import { defineEntity, p } from '@mikro-orm/core';
import { uuidPrimaryKey } from './columns.js';
import { Library } from './library.entity.js';

/** What the incremental scan remembers of each folder, so an unchanged folder is not re-read. */
export const DirectoryMtimeSchema = defineEntity({
  name: 'DirectoryMtime',
  tableName: 'directory_mtimes',
  properties: {
    id: uuidPrimaryKey(),
    library: () => p.manyToOne(Library).deleteRule('cascade'),
    path: p.string().length(4096),
    mtimeMs: p.bigint('number'),
  },
  uniques: [{ properties: ['library', 'path'] }],
});
export class DirectoryMtime extends DirectoryMtimeSchema.class {}
DirectoryMtimeSchema.setClass(DirectoryMtime);

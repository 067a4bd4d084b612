import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { ImportEntry } from './import-entry.entity.js';
import { Library } from './library.entity.js';
import { User } from './user.entity.js';

export const IMPORT_HOWS = ['hardlink', 'copy', 'move'] as const;
export type ImportHow = (typeof IMPORT_HOWS)[number];

/**
 * One import in the history (issue 37): where the file came from and went, how, when and by whom. The target's size
 * and mtime as placed let undo check that nobody changed it since.
 */
export const ImportRecordSchema = defineEntity({
  name: 'ImportRecord',
  tableName: 'import_history',
  properties: {
    id: uuidPrimaryKey(),
    entry: () => p.manyToOne(ImportEntry).nullable().deleteRule('set null'),
    library: () => p.manyToOne(Library).nullable().deleteRule('set null'),
    /** Absolute path the file was taken from. */
    sourcePath: p.text(),
    /** Relative to the library's root, POSIX. */
    targetPath: p.text(),
    seriesName: p.string().length(1024),
    volume: p.double().nullable(),
    how: p.enum(IMPORT_HOWS),
    /** An upgrade: an existing file for the book was replaced (undo cannot bring it back). */
    replaced: p.boolean().default(false),
    targetSize: p.double(),
    targetMtimeMs: p.double(),
    importedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: createdAt(),
    undoneAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['createdAt'] }],
});
export class ImportRecord extends ImportRecordSchema.class {}
ImportRecordSchema.setClass(ImportRecord);

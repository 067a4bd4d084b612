import { defineEntity, p } from '@mikro-orm/core';
import { uuidPrimaryKey } from './columns.js';

/**
 * Which process polls an import folder (one at a time, as a library's watch lease: ADR 13), until when: two
 * processes reading one folder would both see an arrival ready and import it twice.
 */
export const ImportFolderLeaseSchema = defineEntity({
  name: 'ImportFolderLease',
  tableName: 'import_folder_leases',
  properties: {
    id: uuidPrimaryKey(),
    /** The import folder's canonical absolute path: the same folder given two ways is one lease. */
    folder: p.string().length(4096).unique(),
    holder: p.string().length(200),
    /** Epoch milliseconds: compared with the holder's clock, the same on both databases. */
    expiresAtMs: p.bigint('number'),
  },
});
export class ImportFolderLease extends ImportFolderLeaseSchema.class {}
ImportFolderLeaseSchema.setClass(ImportFolderLease);

import { defineEntity, p } from '@mikro-orm/core';
import { uuidPrimaryKey } from './columns.js';
import { User } from './user.entity.js';

/**
 * The last progress a reader's KOReader pushed for one document, kept as KOReader sent it. The document is
 * KOReader's id of the file (its partial MD5 under the default "binary" matching), not a book: a push for a file
 * no library holds yet is kept here and applied to the book when a later scan finds a file with that hash.
 */
export const KoreaderProgressSchema = defineEntity({
  name: 'KoreaderProgress',
  tableName: 'koreader_progress',
  properties: {
    id: uuidPrimaryKey(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** As KOReader sent it (answered back verbatim); matched to `book_files.partial_hash` in lower case. */
    document: p.string().length(64),
    /** A page number (CBZ/CBR/PDF) or an xpointer (EPUB), verbatim. */
    progress: p.text(),
    percentage: p.double(),
    device: p.string().length(255),
    deviceId: p.string().length(255).nullable(),
    /** Set by the server when the push arrives; answered in Unix seconds. */
    pushedAt: p.datetime(),
  },
  uniques: [{ properties: ['user', 'document'] }],
  // A scan that finds new files looks up the pushes waiting for their hashes.
  indexes: [{ properties: ['document'] }],
});
export class KoreaderProgress extends KoreaderProgressSchema.class {}
KoreaderProgressSchema.setClass(KoreaderProgress);

import { defineEntity, p } from '@mikro-orm/core';
import { Book } from './book.entity.js';
import { ReadingList } from './reading-list.entity.js';

/**
 * One entry of the `.cbl` a reading list was imported from, kept with the list (its import report) so that "Match
 * again" can complete it after a scan. The entry's book is set when it is matched; deleting that book sets it back to
 * null (the report shows the entry missing again) while the list's own entry goes with the book.
 */
export const ReadingListImportEntrySchema = defineEntity({
  name: 'ReadingListImportEntry',
  tableName: 'reading_list_import_entries',
  properties: {
    readingList: () => p.manyToOne(ReadingList).primary().deleteRule('cascade'),
    /** The entry's place in the file, from 0. */
    position: p.integer().primary(),
    series: p.string().length(500),
    number: p.string().length(500).nullable(),
    volume: p.string().length(500).nullable(),
    year: p.string().length(500).nullable(),
    // Indexed on its own so deleting a book finds its entries without scanning every report.
    book: () => p.manyToOne(Book).nullable().deleteRule('set null').index(),
    /** The books an ambiguous entry could be (a JSON array of ids), for the owner to choose one. */
    candidateIds: p.json<string[]>(),
  },
});
export class ReadingListImportEntry extends ReadingListImportEntrySchema.class {}
ReadingListImportEntrySchema.setClass(ReadingListImportEntry);

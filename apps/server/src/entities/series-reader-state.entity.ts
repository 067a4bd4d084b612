import { defineEntity, p } from '@mikro-orm/core';
import { uuidPrimaryKey } from './columns.js';
import { Series } from './series.entity.js';
import { User } from './user.entity.js';

/**
 * One reader's aggregates of a series they started (a book read or being read), kept by
 * SeriesRepository.refreshCounts after every write that can change them, so the reading-status filters and on deck
 * read one indexed row per series instead of aggregating books per request. No row means nothing started: unread.
 */
export const SeriesReaderStateSchema = defineEntity({
  name: 'SeriesReaderState',
  tableName: 'series_reader_state',
  properties: {
    id: uuidPrimaryKey(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    series: () => p.manyToOne(Series).deleteRule('cascade'),
    readCount: p.integer(),
    /** Books read or being read. */
    startedCount: p.integer(),
    /** When this reader last read a book of the series: on deck's order. */
    lastReadAt: p.datetime().nullable(),
    /** The next book to read while the series is in progress (domain/series-counts.ts `onDeckBook`), else null. */
    onDeckBookId: p.uuid().nullable(),
  },
  uniques: [{ properties: ['user', 'series'] }],
  indexes: [
    // On deck: a reader's series, the most recently read first, read along the index.
    { properties: ['user', 'lastReadAt', 'series'] },
    // The refresh of a series rewrites every reader's row of it.
    { properties: ['series'] },
  ],
});
export class SeriesReaderState extends SeriesReaderStateSchema.class {}
SeriesReaderStateSchema.setClass(SeriesReaderState);

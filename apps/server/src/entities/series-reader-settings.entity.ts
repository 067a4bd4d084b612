import { defineEntity, p } from '@mikro-orm/core';
import { updatedAt, uuidPrimaryKey } from './columns.js';
import { Series } from './series.entity.js';
import { User } from './user.entity.js';

/**
 * One reader's own choices for reading a series in the comic reader (domain/reading-direction.ts): null is "no
 * choice" (the series' direction or the reader's default applies). Gone with the user or the series.
 */
export const SeriesReaderSettingsSchema = defineEntity({
  name: 'SeriesReaderSettings',
  tableName: 'series_reader_settings',
  properties: {
    id: uuidPrimaryKey(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    series: () => p.manyToOne(Series).deleteRule('cascade'),
    readingDirection: p.string().length(16).nullable(),
    layout: p.string().length(16).nullable(),
    fit: p.string().length(16).nullable(),
    scrollFit: p.string().length(16).nullable(),
    maxWidth: p.integer().nullable(),
    background: p.string().length(16).nullable(),
    updatedAt: updatedAt(),
  },
  uniques: [{ properties: ['user', 'series'] }],
  // Deleting a series removes its rows through the foreign key: PostgreSQL needs an index to find them.
  indexes: [{ properties: ['series'] }],
});
export class SeriesReaderSettings extends SeriesReaderSettingsSchema.class {}
SeriesReaderSettingsSchema.setClass(SeriesReaderSettings);

import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { Series } from './series.entity.js';

/**
 * A shelf of series across libraries ("Prix d'Angoulême"), made by admins. Readers see it through the series granted
 * to them (repositories/collection.repository.ts), so it holds no library of its own.
 */
export const CollectionSchema = defineEntity({
  name: 'Collection',
  tableName: 'collections',
  properties: {
    id: uuidPrimaryKey(),
    name: p.string().length(200),
    /** The name folded (domain/search-text `fold`): lists sort on it. */
    sortName: p.string().length(200).index(),
    summary: p.text().nullable(),
    /** Whether its series keep their given order; else they are shown by name. */
    ordered: p.boolean().default(false),
    /** The series an admin picked as its cover (one of its own); none: the mosaic of its first series. */
    coverSeries: () => p.manyToOne(Series).nullable().deleteRule('set null').index(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
});
export class Collection extends CollectionSchema.class {}
CollectionSchema.setClass(Collection);

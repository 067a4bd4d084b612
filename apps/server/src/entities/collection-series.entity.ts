import { defineEntity, p } from '@mikro-orm/core';
import { Collection } from './collection.entity.js';
import { Series } from './series.entity.js';

/** A series in a collection, at its place; deleting either removes the membership. */
export const CollectionSeriesSchema = defineEntity({
  name: 'CollectionSeries',
  tableName: 'collection_series',
  properties: {
    collection: () => p.manyToOne(Collection).primary().deleteRule('cascade'),
    // Indexed on its own: a series page lists its collections, and deleting a series finds its memberships.
    series: () => p.manyToOne(Series).primary().deleteRule('cascade').index(),
    position: p.integer(),
  },
  indexes: [{ properties: ['collection', 'position'] }],
});
export class CollectionSeries extends CollectionSeriesSchema.class {}
CollectionSeriesSchema.setClass(CollectionSeries);

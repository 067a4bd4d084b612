import { defineEntity, p } from '@mikro-orm/core';
import { Library } from './library.entity.js';
import { Series } from './series.entity.js';

/**
 * One value of a series' own list metadata (genre, publisher, tag, author with role), as `book_facets` is for
 * books and written the same way: by triggers on `series`. Story arcs and comic formats are the books'; series
 * filters and facets reach them through `book_facets`.
 */
export const SeriesFacetSchema = defineEntity({
  name: 'SeriesFacet',
  tableName: 'series_facets',
  properties: {
    series: () => p.manyToOne(Series).primary().deleteRule('cascade'),
    facet: p.string().length(20).primary(),
    value: p.string().length(200).primary(),
    role: p.string().length(20).primary(),
    library: () => p.manyToOne(Library).deleteRule('cascade'),
  },
  indexes: [{ properties: ['facet', 'value', 'series'] }, { properties: ['library', 'facet', 'value'] }],
});
export class SeriesFacet extends SeriesFacetSchema.class {}
SeriesFacetSchema.setClass(SeriesFacet);

import { defineEntity, p } from '@mikro-orm/core';
import { uuidPrimaryKey } from './columns.js';
import { Job } from './job.entity.js';
import { Series } from './series.entity.js';

/**
 * The latest search for one wanted volume (one row per series and volume, replaced by the next search): when it
 * ran, with which query, what it found (its candidates) or why it failed. The job that ran it lets a resumed
 * `release_search` skip the volumes it already searched.
 */
export const ReleaseSearchSchema = defineEntity({
  name: 'ReleaseSearch',
  tableName: 'release_searches',
  properties: {
    id: uuidPrimaryKey(),
    series: () => p.manyToOne(Series).deleteRule('cascade'),
    volume: p.double(),
    /** The query sent and its categories, which a grab of a candidate hands back to the plugin. */
    query: p.string().length(1024),
    categories: p.json<number[]>(),
    /** The release-indexer plugin asked (its manifest id). */
    provider: p.string().length(64),
    searchedAt: p.datetime(),
    /** When the search failed: the SDK's failure kind (openapi.yaml `ProviderFailureKind`); null when it answered. */
    failureCode: p.string().length(32).nullable(),
    job: () => p.manyToOne(Job).nullable().deleteRule('set null'),
  },
  uniques: [{ properties: ['series', 'volume'] }],
  indexes: [{ properties: ['job'] }],
});
export class ReleaseSearch extends ReleaseSearchSchema.class {}
ReleaseSearchSchema.setClass(ReleaseSearch);

import { defineEntity, p } from '@mikro-orm/core';
import type { IndexerData } from '@shelfmark/plugin-sdk';
import { uuidPrimaryKey } from './columns.js';
import { ReleaseSearch } from './release-search.entity.js';

/**
 * One of the best releases a search found for a wanted volume, in rank order. A grab names it by id, never by a URL
 * a client sends; `indexerData` is the plugin's opaque data, handed back to its `grab` and never shown.
 */
export const ReleaseCandidateSchema = defineEntity({
  name: 'ReleaseCandidate',
  tableName: 'release_candidates',
  properties: {
    id: uuidPrimaryKey(),
    search: () => p.manyToOne(ReleaseSearch).deleteRule('cascade'),
    rank: p.integer(),
    guid: p.string().length(2048),
    title: p.string().length(1024),
    sizeBytes: p.double().nullable(),
    protocol: p.string().length(16),
    indexer: p.string().length(256).nullable(),
    seeders: p.integer().nullable(),
    leechers: p.integer().nullable(),
    /** RFC 3339, as the plugin gave it. */
    publishDate: p.string().length(40).nullable(),
    infoUrl: p.string().length(2048).nullable(),
    volumes: p.json<number[]>(),
    /** The title names the series and this volume only. */
    exact: p.boolean(),
    indexerData: p.json<IndexerData>(),
  },
  indexes: [{ properties: ['search', 'rank'] }],
});
export class ReleaseCandidate extends ReleaseCandidateSchema.class {}
ReleaseCandidateSchema.setClass(ReleaseCandidate);

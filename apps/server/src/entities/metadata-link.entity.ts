import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { Series } from './series.entity.js';

export const LINK_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

/** Ties a series to a provider's record: a match awaiting approval, approved, or rejected. */
export const MetadataLinkSchema = defineEntity({
  name: 'MetadataLink',
  tableName: 'external_metadata_links',
  properties: {
    id: uuidPrimaryKey(),
    series: () => p.manyToOne(Series).deleteRule('cascade'),
    provider: p.string().length(64),
    externalId: p.string().length(512),
    externalUrl: p.string().length(2048).nullable(),
    title: p.string().length(1024).nullable(),
    status: p.enum(LINK_STATUSES).default('pending'),
    confidence: p.integer().nullable(),
    /** The candidate as the provider returned it, kept so approval syncs what the admin saw. */
    candidate: p.json<Record<string, unknown>>().onCreate(() => ({})),
    totalVolumesExternal: p.integer().nullable(),
    matchedAt: p.datetime(),
    approvedAt: p.datetime().nullable(),
    syncedAt: p.datetime().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [{ properties: ['series', 'provider'] }],
});
export class MetadataLink extends MetadataLinkSchema.class {}
MetadataLinkSchema.setClass(MetadataLink);

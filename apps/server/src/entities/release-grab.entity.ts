import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { Series } from './series.entity.js';
import { User } from './user.entity.js';

/**
 * `grabbed`: the indexer handed the release to its download client; `imported`: its file came into the library (the
 * import issue sets it); `failed`: the grab did not go through (`failureCode` says why); `expired`: nothing was
 * imported within the configured time, so the volume is wanted again.
 */
export const GRAB_STATUSES = ['grabbed', 'imported', 'failed', 'expired'] as const;
export type GrabStatus = (typeof GRAB_STATUSES)[number];

/**
 * One grab of a release for a wanted volume. The release's facts are copied (title, size, protocol, indexer), so the
 * record outlives the search candidate it came from; the series' name too, so it outlives the series.
 */
export const ReleaseGrabSchema = defineEntity({
  name: 'ReleaseGrab',
  tableName: 'release_grabs',
  properties: {
    id: uuidPrimaryKey(),
    series: () => p.manyToOne(Series).nullable().deleteRule('set null'),
    seriesName: p.string().length(1024),
    volume: p.double(),
    title: p.string().length(1024),
    sizeBytes: p.double().nullable(),
    protocol: p.string().length(16),
    indexer: p.string().length(256).nullable(),
    /** The release-indexer plugin that grabbed it (its manifest id). */
    provider: p.string().length(64),
    status: p.enum(GRAB_STATUSES),
    /** When `failed`: the SDK's failure kind (openapi.yaml `ProviderFailureKind`), which the admin translates. */
    failureCode: p.string().length(32).nullable(),
    /** When `failed`: the plugin's own words, in English, never holding a secret. */
    failureMessage: p.text().nullable(),
    grabbedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // The wanted list reads the latest grab of each (series, volume); the grabs list pages by time.
  indexes: [{ properties: ['series', 'volume'] }, { properties: ['createdAt'] }],
});
export class ReleaseGrab extends ReleaseGrabSchema.class {}
ReleaseGrabSchema.setClass(ReleaseGrab);

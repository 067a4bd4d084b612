import { defineEntity, p } from '@mikro-orm/core';
import { uuidPrimaryKey } from './columns.js';
import { Library } from './library.entity.js';

export const WATCH_MODES = ['events', 'polling', 'off'] as const;
export type WatchMode = (typeof WATCH_MODES)[number];

/**
 * Which process watches a library (one at a time), until when, and how: the holder writes the mode it uses and why,
 * so an API process that watches nothing can report them.
 */
export const WatchLeaseSchema = defineEntity({
  name: 'WatchLease',
  tableName: 'library_watch_leases',
  properties: {
    id: uuidPrimaryKey(),
    library: () => p.manyToOne(Library).deleteRule('cascade').unique(),
    holder: p.string().length(200),
    /** Epoch milliseconds: compared with the holder's clock, the same on both databases. */
    expiresAtMs: p.bigint('number'),
    mode: p.enum(WATCH_MODES).default('off'),
    reason: p.string().length(500).nullable(),
    /** The reason's code (domain/watch-reasons.ts), which the admin translates. */
    reasonCode: p.string().length(32).nullable(),
  },
});
export class WatchLease extends WatchLeaseSchema.class {}
WatchLeaseSchema.setClass(WatchLease);

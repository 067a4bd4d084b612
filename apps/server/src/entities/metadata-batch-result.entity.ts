import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { Job } from './job.entity.js';
import { MetadataLink } from './metadata-link.entity.js';
import { Series } from './series.entity.js';
import type { ProviderFailureKind } from '../domain/problem-codes.js';

export const BATCH_OUTCOMES = [
  'auto_matched',
  'already_linked',
  'no_results',
  'too_many_results',
  'low_confidence',
  'error',
  'skipped',
] as const;
export type BatchOutcome = (typeof BATCH_OUTCOMES)[number];

/** One provider's failure for a series, kept apart from the other provider's. */
export interface ProviderFailure {
  provider: string;
  message: string;
  /** The kind of failure (openapi.yaml `ProviderFailureKind`); absent from results stored before it was kept. */
  failure?: ProviderFailureKind;
}

/** One row per series a batch handled; the (job, series) key lets a restarted batch skip what is done. */
export const MetadataBatchResultSchema = defineEntity({
  name: 'MetadataBatchResult',
  tableName: 'metadata_batch_results',
  properties: {
    id: uuidPrimaryKey(),
    job: () => p.manyToOne(Job).deleteRule('cascade'),
    series: () => p.manyToOne(Series).nullable().deleteRule('set null'),
    seriesName: p.string().length(1024),
    outcome: p.enum(BATCH_OUTCOMES),
    provider: p.string().length(64).nullable(),
    fallbackUsed: p.boolean().default(false),
    candidateCount: p.integer().default(0),
    bestConfidence: p.integer().nullable(),
    bestCandidate: p.json<Record<string, unknown>>().nullable(),
    link: () => p.manyToOne(MetadataLink).nullable().deleteRule('set null'),
    error: p.text().nullable(),
    /** What `error` says, as an item error code the admin translates (domain/job-messages.ts); null on rows older than codes. */
    errorCode: p.string().length(32).nullable(),
    /** The values the sentence of `errorCode` needs. */
    errorParams: p.json<Record<string, string | number>>().nullable(),
    /** Each provider's failure for this series, in the order asked; empty when none failed. */
    providerErrors: p.json<ProviderFailure[]>().nullable(),
    createdAt: createdAt(),
  },
  uniques: [{ properties: ['job', 'seriesName'] }],
});
export class MetadataBatchResult extends MetadataBatchResultSchema.class {}
MetadataBatchResultSchema.setClass(MetadataBatchResult);

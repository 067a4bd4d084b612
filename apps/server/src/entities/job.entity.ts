import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns.js';
import { Library } from './library.entity.js';

export const JOB_TYPES = [
  'scan',
  'metadata_batch',
  'metadata_refresh',
  'backup',
  'metadata_backfill',
  'release_search',
] as const;
export type JobType = (typeof JOB_TYPES)[number];
/** `completed_with_errors`: the job ran to its end but some items failed or were skipped (see its report). */
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'completed_with_errors', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/**
 * What a running scan is doing, so its progress can be told in words (and translated) rather than through a
 * placeholder in `currentItem`: listing its folders, reading the files found, making the covers still missing.
 */
export const JOB_STAGES = ['listing', 'reading', 'covers'] as const;
export type JobStage = (typeof JOB_STAGES)[number];

/**
 * Our record of a unit of background work: what the API shows (progress, errors, report).
 * Agenda keeps its own scheduling rows in its own table; `agendaJobId` ties the two.
 */
export const JobSchema = defineEntity({
  name: 'Job',
  tableName: 'jobs',
  properties: {
    id: uuidPrimaryKey(),
    type: p.enum(JOB_TYPES),
    status: p.enum(JOB_STATUSES).default('queued'),
    library: () => p.manyToOne(Library).nullable().deleteRule('set null'),
    params: p.json<Record<string, unknown>>().onCreate(() => ({})),
    processed: p.integer().default(0),
    total: p.integer().nullable(),
    currentItem: p.string().length(4096).nullable(),
    /** One of JOB_STAGES while a scan runs; null for other jobs and once a job ended. */
    stage: p.string().length(16).nullable(),
    error: p.text().nullable(),
    /** What `error` says, as a code the admin translates (domain/job-messages.ts); null on rows older than codes. */
    errorCode: p.string().length(32).nullable(),
    /** The values the sentence of `errorCode` needs (a library's name, a count). */
    errorParams: p.json<Record<string, string | number>>().nullable(),
    itemErrorsCount: p.integer().default(0),
    cancelRequested: p.boolean().default(false),
    /** What the job found or changed, for its report endpoint. */
    report: p.json<Record<string, unknown>>().nullable(),
    agendaJobId: p.string().length(64).nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
  },
  indexes: [{ properties: ['type', 'status'] }, { properties: ['createdAt'] }],
  // At most one queued or running job of a type per library, enforced by the database so that two
  // concurrent requests (or two processes) cannot both start a scan.
  uniques: [
    {
      name: 'jobs_one_active_per_library',
      properties: ['library', 'type'],
      where: { status: { $in: ['queued', 'running'] } },
    },
  ],
});
export class Job extends JobSchema.class {}
JobSchema.setClass(Job);

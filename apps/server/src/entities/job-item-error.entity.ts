import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, uuidPrimaryKey } from './columns.js';
import { Job } from './job.entity.js';

/** A file or series a job could not handle; the job itself went on. */
export const JobItemErrorSchema = defineEntity({
  name: 'JobItemError',
  tableName: 'job_item_errors',
  properties: {
    id: uuidPrimaryKey(),
    job: () => p.manyToOne(Job).deleteRule('cascade'),
    item: p.string().length(4096),
    message: p.text(),
    /** What `message` says, as a code the admin translates (domain/job-messages.ts); null on rows older than codes. */
    code: p.string().length(32).nullable(),
    /** The values the sentence of `code` needs (the reader's detail, a provider, a failure kind). */
    params: p.json<Record<string, string | number>>().nullable(),
    createdAt: createdAt(),
  },
});
export class JobItemError extends JobItemErrorSchema.class {}
JobItemErrorSchema.setClass(JobItemError);

import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
// Types only: the admin never bundles server code.
import type { AppRouter } from '../../../../../server/src/trpc/router.js';
import { withBase } from '../../paths.js';

type Outputs = inferRouterOutputs<AppRouter>;
type Inputs = inferRouterInputs<AppRouter>;

export type Job = Outputs['jobs']['list']['items'][number];
export type JobDetails = Outputs['jobs']['get'];
export type JobType = NonNullable<Inputs['jobs']['list']['type']>;
export type JobStatus = NonNullable<Inputs['jobs']['list']['status']>;
export type BatchReport = Outputs['metadata']['batchReport'];
export type BatchResult = Outputs['metadata']['batchResults']['items'][number];
export type BatchOutcome = NonNullable<Inputs['metadata']['batchResults']['status']>;
export type RefreshReport = Outputs['metadata']['refreshReport'];
export type RefreshEntry = RefreshReport['series'][number];

export const JOB_TYPES: readonly JobType[] = [
  'scan',
  'metadata_batch',
  'metadata_refresh',
  'backup',
  'metadata_backfill',
  'release_search',
];
export const JOB_STATUSES: readonly JobStatus[] = [
  'queued',
  'running',
  'succeeded',
  'completed_with_errors',
  'failed',
  'cancelled',
];
export const TERMINAL_STATUSES: readonly JobStatus[] = ['succeeded', 'completed_with_errors', 'failed', 'cancelled'];
/** In the server's order of the results (openapi.yaml: listMetadataBatchResults). */
export const BATCH_OUTCOMES: readonly BatchOutcome[] = [
  'auto_matched',
  'low_confidence',
  'too_many_results',
  'no_results',
  'error',
  'skipped',
  'already_linked',
];
/** Outcomes that leave the series without a link: each result of these leads to its manual match page. */
export const UNMATCHED_OUTCOMES: readonly BatchOutcome[] = [
  'no_results',
  'too_many_results',
  'low_confidence',
  'error',
  'skipped',
];

export const isFinished = (status: JobStatus) => TERMINAL_STATUSES.includes(status);

/** Where a job's report is read: a scan's on its own page, a batch's or refresh's on the metadata pages. */
export function reportHref(job: Pick<Job, 'id' | 'type'>): string {
  if (job.type === 'metadata_batch') return withBase(`/metadata/batch/${job.id}`);
  if (job.type === 'metadata_refresh') return withBase(`/metadata/refresh/${job.id}`);
  return withBase(`/jobs/${job.id}`);
}

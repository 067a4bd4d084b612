import { Migration } from '@mikro-orm/migrations';

/** Jobs that end with errors, batch series skipped while a provider is unreachable, each provider's failure apart. */
export class Migration20261125100000_job_completed_with_errors extends Migration {
  override name = 'Migration20261125100000_job_completed_with_errors';

  override up(): void | Promise<void> {
    this.addSql(`alter table "jobs" drop constraint "jobs_status_check";`);
    this.addSql(
      `alter table "jobs" add constraint "jobs_status_check" check ("status" in ('queued', 'running', 'succeeded', 'completed_with_errors', 'failed', 'cancelled'));`,
    );

    this.addSql(`alter table "metadata_batch_results" drop constraint "metadata_batch_results_outcome_check";`);
    this.addSql(`alter table "metadata_batch_results" add "provider_errors" jsonb null;`);
    this.addSql(
      `alter table "metadata_batch_results" add constraint "metadata_batch_results_outcome_check" check ("outcome" in ('auto_matched', 'already_linked', 'no_results', 'too_many_results', 'low_confidence', 'error', 'skipped'));`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Jobs that end with errors (`completed_with_errors`), batch series skipped while a provider is unreachable
 * (`skipped`), and each provider's failure kept apart (`provider_errors`). SQLite cannot change a CHECK constraint in
 * place, so `jobs` and `metadata_batch_results` are rebuilt (MikroORM's own statements) outside the migrator's
 * transaction with foreign keys off: dropping `jobs` with them on would delete every batch result by cascade.
 */
export class Migration20261125100000_job_completed_with_errors extends Migration {
  override name = 'Migration20261125100000_job_completed_with_errors';

  override isTransactional(): boolean {
    return false;
  }

  override up(): void | Promise<void> {
    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`begin;`);
    this.addSql(
      `create table \`jobs__temp_alter\` (\`id\` text not null primary key, \`type\` text check (\`type\` in ('scan', 'metadata_batch', 'metadata_refresh')) not null, \`status\` text check (\`status\` in ('queued', 'running', 'succeeded', 'completed_with_errors', 'failed', 'cancelled')) not null default 'queued', \`library_id\` text null, \`params\` json not null, \`processed\` integer not null default 0, \`total\` integer null, \`current_item\` text null, \`error\` text null, \`item_errors_count\` integer not null default 0, \`cancel_requested\` integer not null default false, \`report\` json null, \`agenda_job_id\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`started_at\` datetime null, \`finished_at\` datetime null, constraint \`jobs_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete set null);`,
    );
    this.addSql(
      `insert into \`jobs__temp_alter\` select \`id\`, \`type\`, \`status\`, \`library_id\`, \`params\`, \`processed\`, \`total\`, \`current_item\`, \`error\`, \`item_errors_count\`, \`cancel_requested\`, \`report\`, \`agenda_job_id\`, \`created_at\`, \`updated_at\`, \`started_at\`, \`finished_at\` from \`jobs\`;`,
    );
    this.addSql(`drop table \`jobs\`;`);
    this.addSql(`alter table \`jobs__temp_alter\` rename to \`jobs\`;`);
    this.addSql(`create index \`jobs_library_id_index\` on \`jobs\` (\`library_id\`);`);
    this.addSql(`create index \`jobs_type_status_index\` on \`jobs\` (\`type\`, \`status\`);`);
    this.addSql(`create index \`jobs_created_at_index\` on \`jobs\` (\`created_at\`);`);
    this.addSql(
      `create unique index \`jobs_one_active_per_library\` on \`jobs\` (\`library_id\`, \`type\`) where \`status\` in ('queued', 'running');`,
    );

    this.addSql(
      `create table \`metadata_batch_results__temp_alter\` (\`id\` text not null primary key, \`job_id\` text not null, \`series_id\` text null, \`series_name\` text not null, \`outcome\` text check (\`outcome\` in ('auto_matched', 'already_linked', 'no_results', 'too_many_results', 'low_confidence', 'error', 'skipped')) not null, \`provider\` text null, \`fallback_used\` integer not null default false, \`candidate_count\` integer not null default 0, \`best_confidence\` integer null, \`best_candidate\` json null, \`link_id\` text null, \`error\` text null, \`provider_errors\` json null, \`created_at\` datetime not null, constraint \`metadata_batch_results_job_id_foreign\` foreign key (\`job_id\`) references \`jobs\` (\`id\`) on delete cascade, constraint \`metadata_batch_results_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete set null, constraint \`metadata_batch_results_link_id_foreign\` foreign key (\`link_id\`) references \`external_metadata_links\` (\`id\`) on delete set null);`,
    );
    this.addSql(
      `insert into \`metadata_batch_results__temp_alter\` select \`id\`, \`job_id\`, \`series_id\`, \`series_name\`, \`outcome\`, \`provider\`, \`fallback_used\`, \`candidate_count\`, \`best_confidence\`, \`best_candidate\`, \`link_id\`, \`error\`, null as \`provider_errors\`, \`created_at\` from \`metadata_batch_results\`;`,
    );
    this.addSql(`drop table \`metadata_batch_results\`;`);
    this.addSql(`alter table \`metadata_batch_results__temp_alter\` rename to \`metadata_batch_results\`;`);
    this.addSql(`create index \`metadata_batch_results_job_id_index\` on \`metadata_batch_results\` (\`job_id\`);`);
    this.addSql(
      `create index \`metadata_batch_results_series_id_index\` on \`metadata_batch_results\` (\`series_id\`);`,
    );
    this.addSql(`create index \`metadata_batch_results_link_id_index\` on \`metadata_batch_results\` (\`link_id\`);`);
    this.addSql(
      `create unique index \`metadata_batch_results_job_id_series_name_unique\` on \`metadata_batch_results\` (\`job_id\`, \`series_name\`);`,
    );
    this.addSql(`commit;`);
    this.addSql(`pragma foreign_keys = on;`);
  }
}

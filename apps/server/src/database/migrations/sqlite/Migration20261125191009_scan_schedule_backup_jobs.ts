import { Migration } from '@mikro-orm/migrations';

/**
 * Each library's `scan_schedule`, and `backup` jobs. SQLite cannot change the CHECK constraint on `jobs.type` in
 * place, so `jobs` is rebuilt (MikroORM's own statements) outside the migrator's transaction with foreign keys off:
 * dropping `jobs` with them on would delete its item errors and batch results by cascade.
 */
export class Migration20261125191009_scan_schedule_backup_jobs extends Migration {
  override name = 'Migration20261125191009_scan_schedule_backup_jobs';

  override isTransactional(): boolean {
    return false;
  }

  override up(): void | Promise<void> {
    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`begin;`);
    this.addSql(`alter table \`libraries\` add column \`scan_schedule\` text not null default 'every_6h';`);
    this.addSql(
      `create table \`jobs__temp_alter\` (\`id\` text not null primary key, \`type\` text check (\`type\` in ('scan', 'metadata_batch', 'metadata_refresh', 'backup')) not null, \`status\` text check (\`status\` in ('queued', 'running', 'succeeded', 'completed_with_errors', 'failed', 'cancelled')) not null default 'queued', \`library_id\` text null, \`params\` json not null, \`processed\` integer not null default 0, \`total\` integer null, \`current_item\` text null, \`error\` text null, \`item_errors_count\` integer not null default 0, \`cancel_requested\` integer not null default false, \`report\` json null, \`agenda_job_id\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`started_at\` datetime null, \`finished_at\` datetime null, constraint \`jobs_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete set null);`,
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
    this.addSql(`commit;`);
    this.addSql(`pragma foreign_keys = on;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** Each library's `scan_schedule`, and `backup` jobs. */
export class Migration20261125191010_scan_schedule_backup_jobs extends Migration {
  override name = 'Migration20261125191010_scan_schedule_backup_jobs';

  override up(): void | Promise<void> {
    this.addSql(`alter table "libraries" add "scan_schedule" varchar(100) not null default 'every_6h';`);

    this.addSql(`alter table "jobs" drop constraint "jobs_type_check";`);
    this.addSql(
      `alter table "jobs" add constraint "jobs_type_check" check ("type" in ('scan', 'metadata_batch', 'metadata_refresh', 'backup'));`,
    );
  }
}

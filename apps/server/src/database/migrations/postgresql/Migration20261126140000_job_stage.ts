import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22 follow-up: what a running scan is doing (listing, reading, covers), so its progress is told in words and
 * translated instead of through English placeholders in `current_item`.
 */
export class Migration20261126140000_job_stage extends Migration {
  override name = 'Migration20261126140000_job_stage';

  override up(): void | Promise<void> {
    this.addSql(`alter table "jobs" add "stage" varchar(16) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "jobs" drop column "stage";`);
  }
}

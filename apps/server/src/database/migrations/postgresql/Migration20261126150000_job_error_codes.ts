import { Migration } from '@mikro-orm/migrations';

/**
 * Job errors and item errors as codes beside the words (with the values their sentences need), so the admin says
 * why a job or a file failed in the reader's language; rows written before keep their words only.
 */
export class Migration20261126150000_job_error_codes extends Migration {
  override name = 'Migration20261126150000_job_error_codes';

  override up(): void | Promise<void> {
    this.addSql(`alter table "jobs" add "error_code" varchar(32) null, add "error_params" jsonb null;`);
    this.addSql(`alter table "job_item_errors" add "code" varchar(32) null, add "params" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "job_item_errors" drop column "code", drop column "params";`);
    this.addSql(`alter table "jobs" drop column "error_code", drop column "error_params";`);
  }
}

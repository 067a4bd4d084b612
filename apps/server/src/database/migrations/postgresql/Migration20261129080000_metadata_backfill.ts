import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 31 item 2: `metadata_backfill` jobs, and each library's `metadata_backfill_pending`: the libraries that exist
 * when this runs hold books stored before the fuller metadata read, and get one backfill job each at the next start
 * (services/metadata-backfill.service.ts), which clears the mark when it ends.
 */
export class Migration20261129080000_metadata_backfill extends Migration {
  override name = 'Migration20261129080000_metadata_backfill';

  override up(): void | Promise<void> {
    this.addSql(`alter table "libraries" add "metadata_backfill_pending" boolean not null default false;`);
    this.addSql(`update "libraries" set "metadata_backfill_pending" = true;`);
    this.addSql(`alter table "jobs" drop constraint "jobs_type_check";`);
    this.addSql(
      `alter table "jobs" add constraint "jobs_type_check" check ("type" in ('scan', 'metadata_batch', 'metadata_refresh', 'backup', 'metadata_backfill'));`,
    );
  }
}

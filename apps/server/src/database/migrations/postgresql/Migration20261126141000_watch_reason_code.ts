import { Migration } from '@mikro-orm/migrations';

/**
 * Why a library is polled, as a code beside the words, so the admin can say it in the reader's language. A lease's
 * holder reports its reason again each time it starts watching, so existing rows need no value.
 */
export class Migration20261126141000_watch_reason_code extends Migration {
  override name = 'Migration20261126141000_watch_reason_code';

  override up(): void | Promise<void> {
    this.addSql(`alter table "library_watch_leases" add "reason_code" varchar(32) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "library_watch_leases" drop column "reason_code";`);
  }
}

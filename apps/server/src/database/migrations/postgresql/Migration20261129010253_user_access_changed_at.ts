import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30 (a change is never lost): when what each user may see last changed (granted libraries, role, disabled),
 * to the millisecond, so that every process dates their catalog after it (OPDS If-Modified-Since). Null until the
 * first change.
 */
export class Migration20261129010253_user_access_changed_at extends Migration {
  override name = 'Migration20261129010253_user_access_changed_at';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "access_changed_at" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop column "access_changed_at";`);
  }
}

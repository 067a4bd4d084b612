import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 38: a user's optional e-mail address, as given (trimmed), and the same lowercased, unique, so that two
 * accounts never share an address whatever its case (what linking a sign-in by verified e-mail relies on).
 */
export class Migration20261201100000_user_email extends Migration {
  override name = 'Migration20261201100000_user_email';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add column "email" varchar(254) null, add column "email_key" varchar(254) null;`);
    this.addSql(`alter table "users" add constraint "users_email_key_unique" unique ("email_key");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_email_key_unique";`);
    this.addSql(`alter table "users" drop column "email_key", drop column "email";`);
  }
}

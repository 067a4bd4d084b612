import { Migration } from '@mikro-orm/migrations';

/** The admin's colour theme (light, dark or system), stored on the account beside its language. */
export class Migration20261125222814_user_theme extends Migration {
  override name = 'Migration20261125222814_user_theme';

  override up(): void | Promise<void> {
    this.addSql(`alter table "users" add "theme" text not null default 'system';`);
    this.addSql(
      `alter table "users" add constraint "users_theme_check" check ("theme" in ('light', 'dark', 'system'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "users" drop constraint "users_theme_check";`);
    this.addSql(`alter table "users" drop column "theme";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/** The admin's colour theme (light, dark or system), stored on the account beside its language. */
export class Migration20261125222813_user_theme extends Migration {
  override name = 'Migration20261125222813_user_theme';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table \`users\` add column \`theme\` text check (\`theme\` in ('light', 'dark', 'system')) not null default 'system';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`users\` drop column \`theme\`;`);
  }
}

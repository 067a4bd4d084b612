import { Migration } from '@mikro-orm/migrations';

/**
 * Saved filters of the series and books lists, each its owner's (deleted with them) unless an admin shares
 * it. No catalog trigger: a saved filter changes no feed, only which parameters a list is asked with.
 */
export class Migration20261129130000_saved_filters extends Migration {
  override name = 'Migration20261129130000_saved_filters';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`saved_filters\` (\`id\` text not null primary key, \`owner_id\` text not null, \`target\` text not null, \`name\` text not null, \`sort_name\` text not null, \`filter\` json not null, \`sort\` text null, \`shared\` integer not null default false, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`saved_filters_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`saved_filters_owner_id_index\` on \`saved_filters\` (\`owner_id\`);`);
    this.addSql(
      `create index \`saved_filters_shared_sort_name_index\` on \`saved_filters\` (\`shared\`, \`sort_name\`);`,
    );
    this.addSql(
      `create unique index \`saved_filters_owner_id_target_sort_name_unique\` on \`saved_filters\` (\`owner_id\`, \`target\`, \`sort_name\`);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`saved_filters\`;`);
  }
}

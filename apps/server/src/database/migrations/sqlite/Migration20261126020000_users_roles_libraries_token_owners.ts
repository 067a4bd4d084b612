import { Migration } from '@mikro-orm/migrations';

/**
 * Several users: a role (existing accounts stay administrators), a disabled flag, the moment their credentials last
 * changed (what a password remembered for OPDS Basic is checked against), the libraries granted to each, and an owner
 * for every API token (existing tokens go to the first administrator, the oldest account). Columns are added in
 * place: SQLite's ADD COLUMN keeps rows, foreign keys and triggers, where a rebuild of `users` would have to drop them.
 */
export class Migration20261126020000_users_roles_libraries_token_owners extends Migration {
  override name = 'Migration20261126020000_users_roles_libraries_token_owners';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`user_libraries\` (\`user_id\` text not null, \`library_id\` text not null, primary key (\`user_id\`, \`library_id\`), constraint \`user_libraries_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update cascade on delete cascade, constraint \`user_libraries_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on update cascade on delete cascade);`,
    );
    this.addSql(`create index \`user_libraries_user_id_index\` on \`user_libraries\` (\`user_id\`);`);
    this.addSql(`create index \`user_libraries_library_id_index\` on \`user_libraries\` (\`library_id\`);`);

    this.addSql(
      `alter table \`users\` add column \`role\` text check (\`role\` in ('admin', 'reader')) not null default 'admin';`,
    );
    this.addSql(`alter table \`users\` add column \`disabled\` integer not null default false;`);
    this.addSql(`alter table \`users\` add column \`credentials_changed_at\` datetime null;`);

    this.addSql(
      `alter table \`api_tokens\` add column \`user_id\` text null constraint \`api_tokens_user_id_foreign\` references \`users\` (\`id\`) on delete cascade;`,
    );
    this.addSql(`create index \`api_tokens_user_id_index\` on \`api_tokens\` (\`user_id\`);`);
    this.addSql(
      `update \`api_tokens\` set \`user_id\` = (select \`id\` from \`users\` order by \`created_at\`, \`id\` limit 1) where \`user_id\` is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`api_tokens_user_id_index\`;`);
    this.addSql(`alter table \`api_tokens\` drop column \`user_id\`;`);
    this.addSql(`alter table \`users\` drop column \`credentials_changed_at\`;`);
    this.addSql(`alter table \`users\` drop column \`disabled\`;`);
    this.addSql(`alter table \`users\` drop column \`role\`;`);
    this.addSql(`drop table if exists \`user_libraries\`;`);
  }
}

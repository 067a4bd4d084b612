import { Migration } from '@mikro-orm/migrations';

/**
 * Several users: a role (existing accounts stay administrators), a disabled flag, the moment their credentials last
 * changed (what a password remembered for OPDS Basic is checked against), the libraries granted to each, and an owner
 * for every API token (existing tokens go to the first administrator, the oldest account).
 */
export class Migration20261126020000_users_roles_libraries_token_owners extends Migration {
  override name = 'Migration20261126020000_users_roles_libraries_token_owners';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "user_libraries" ("user_id" uuid not null, "library_id" uuid not null, primary key ("user_id", "library_id"));`,
    );
    this.addSql(`create index "user_libraries_library_id_index" on "user_libraries" ("library_id");`);
    this.addSql(
      `alter table "user_libraries" add constraint "user_libraries_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "user_libraries" add constraint "user_libraries_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "users" add "role" text not null default 'admin', add "disabled" boolean not null default false, add "credentials_changed_at" timestamptz null;`,
    );
    this.addSql(`alter table "users" add constraint "users_role_check" check ("role" in ('admin', 'reader'));`);

    this.addSql(`alter table "api_tokens" add "user_id" uuid null;`);
    this.addSql(
      `alter table "api_tokens" add constraint "api_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `update "api_tokens" set "user_id" = (select "id" from "users" order by "created_at", "id" limit 1) where "user_id" is null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "api_tokens" drop constraint "api_tokens_user_id_foreign";`);
    this.addSql(`alter table "api_tokens" drop column "user_id";`);
    this.addSql(`alter table "users" drop constraint "users_role_check";`);
    this.addSql(
      `alter table "users" drop column "role", drop column "disabled", drop column "credentials_changed_at";`,
    );
    this.addSql(`drop table if exists "user_libraries" cascade;`);
  }
}

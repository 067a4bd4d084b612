import { Migration } from '@mikro-orm/migrations';

/**
 * Saved filters of the series and books lists, each its owner's (deleted with them) unless an admin shares
 * it. No catalog trigger: a saved filter changes no feed, only which parameters a list is asked with.
 */
export class Migration20261129130000_saved_filters extends Migration {
  override name = 'Migration20261129130000_saved_filters';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "saved_filters" ("id" uuid not null, "owner_id" uuid not null, "target" varchar(16) not null, "name" varchar(100) not null, "sort_name" varchar(100) not null, "filter" jsonb not null, "sort" varchar(32) null, "shared" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "saved_filters_shared_sort_name_index" on "saved_filters" ("shared", "sort_name");`);
    this.addSql(
      `alter table "saved_filters" add constraint "saved_filters_owner_id_target_sort_name_unique" unique ("owner_id", "target", "sort_name");`,
    );

    this.addSql(
      `alter table "saved_filters" add constraint "saved_filters_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "saved_filters" cascade;`);
  }
}

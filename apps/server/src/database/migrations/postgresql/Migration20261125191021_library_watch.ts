import { Migration } from '@mikro-orm/migrations';

/** Watched folders: the per-library `watch` setting, the watch lease of each library and the durable dirty set. */
export class Migration20261125191021_library_watch extends Migration {
  override name = 'Migration20261125191021_library_watch';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "watch_dirty_folders" ("id" uuid not null, "library_id" uuid not null, "path" varchar(4096) not null, "marked_at_ms" bigint not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "watch_dirty_folders" add constraint "watch_dirty_folders_library_id_path_unique" unique ("library_id", "path");`,
    );

    this.addSql(
      `create table "library_watch_leases" ("id" uuid not null, "library_id" uuid not null, "holder" varchar(200) not null, "expires_at_ms" bigint not null, "mode" text not null default 'off', "reason" varchar(500) null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "library_watch_leases" add constraint "library_watch_leases_library_id_unique" unique ("library_id");`,
    );

    this.addSql(`alter table "libraries" add "watch" text not null default 'auto';`);
    this.addSql(
      `alter table "libraries" add constraint "libraries_watch_check" check ("watch" in ('auto', 'events', 'polling', 'off'));`,
    );

    this.addSql(
      `alter table "watch_dirty_folders" add constraint "watch_dirty_folders_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "library_watch_leases" add constraint "library_watch_leases_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "library_watch_leases" add constraint "library_watch_leases_mode_check" check ("mode" in ('events', 'polling', 'off'));`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 37: the import queue (`import_entries`: arriving files until imported or ignored) and the import history
 * (`import_history`: where each file came from and went, how, when and by whom, for undo). Neither feeds a cached
 * list, so no catalog-version trigger.
 */
export class Migration20261130100000_import_queue_history extends Migration {
  override name = 'Migration20261130100000_import_queue_history';

  override up(): void | Promise<void> {
    this.addSql(`create table "import_entries" ("id" uuid not null, "source" text not null, "path" text not null, "origin" text null, "original_name" varchar(1024) not null, "size_bytes" double precision null, "status" text not null default 'queued', "suggestions" jsonb not null, "series_id" uuid null, "library_id" uuid null, "grab_id" uuid null, "error_code" varchar(32) null, "error_message" text null, "submitted_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "import_entries_origin_index" on "import_entries" ("origin");`);
    this.addSql(`create index "import_entries_status_created_at_index" on "import_entries" ("status", "created_at");`);
    this.addSql(`create table "import_history" ("id" uuid not null, "entry_id" uuid null, "library_id" uuid null, "source_path" text not null, "target_path" text not null, "series_name" varchar(1024) not null, "volume" double precision null, "how" text not null, "replaced" boolean not null default false, "target_size" double precision not null, "target_mtime_ms" double precision not null, "imported_by_id" uuid null, "created_at" timestamptz not null, "undone_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "import_history_created_at_index" on "import_history" ("created_at");`);
    this.addSql(`alter table "import_entries" add constraint "import_entries_series_id_foreign" foreign key ("series_id") references "series" ("id") on delete set null;`);
    this.addSql(`alter table "import_entries" add constraint "import_entries_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete set null;`);
    this.addSql(`alter table "import_entries" add constraint "import_entries_grab_id_foreign" foreign key ("grab_id") references "release_grabs" ("id") on delete set null;`);
    this.addSql(`alter table "import_entries" add constraint "import_entries_submitted_by_id_foreign" foreign key ("submitted_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "import_entries" add constraint "import_entries_source_check" check ("source" in ('upload', 'folder'));`);
    this.addSql(`alter table "import_entries" add constraint "import_entries_status_check" check ("status" in ('queued', 'imported', 'ignored'));`);
    this.addSql(`alter table "import_history" add constraint "import_history_entry_id_foreign" foreign key ("entry_id") references "import_entries" ("id") on delete set null;`);
    this.addSql(`alter table "import_history" add constraint "import_history_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete set null;`);
    this.addSql(`alter table "import_history" add constraint "import_history_imported_by_id_foreign" foreign key ("imported_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "import_history" add constraint "import_history_how_check" check ("how" in ('hardlink', 'copy', 'move'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "import_history" cascade;`);
    this.addSql(`drop table if exists "import_entries" cascade;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 37: the import queue (`import_entries`: arriving files until imported or ignored) and the import history
 * (`import_history`: where each file came from and went, how, when and by whom, for undo). Neither feeds a cached
 * list, so no catalog-version trigger.
 */
export class Migration20261130100000_import_queue_history extends Migration {
  override name = 'Migration20261130100000_import_queue_history';

  override up(): void | Promise<void> {
    this.addSql(`create table \`import_entries\` (\`id\` text not null primary key, \`source\` text check (\`source\` in ('upload', 'folder')) not null, \`path\` text not null, \`origin\` text null, \`original_name\` text not null, \`size_bytes\` double null, \`status\` text check (\`status\` in ('queued', 'imported', 'ignored')) not null default 'queued', \`suggestions\` json not null, \`series_id\` text null, \`library_id\` text null, \`grab_id\` text null, \`error_code\` text null, \`error_message\` text null, \`submitted_by_id\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`import_entries_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete set null, constraint \`import_entries_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete set null, constraint \`import_entries_grab_id_foreign\` foreign key (\`grab_id\`) references \`release_grabs\` (\`id\`) on delete set null, constraint \`import_entries_submitted_by_id_foreign\` foreign key (\`submitted_by_id\`) references \`users\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`import_entries_series_id_index\` on \`import_entries\` (\`series_id\`);`);
    this.addSql(`create index \`import_entries_library_id_index\` on \`import_entries\` (\`library_id\`);`);
    this.addSql(`create index \`import_entries_grab_id_index\` on \`import_entries\` (\`grab_id\`);`);
    this.addSql(`create index \`import_entries_submitted_by_id_index\` on \`import_entries\` (\`submitted_by_id\`);`);
    this.addSql(`create index \`import_entries_origin_index\` on \`import_entries\` (\`origin\`);`);
    this.addSql(`create index \`import_entries_status_created_at_index\` on \`import_entries\` (\`status\`, \`created_at\`);`);
    this.addSql(`create table \`import_history\` (\`id\` text not null primary key, \`entry_id\` text null, \`library_id\` text null, \`source_path\` text not null, \`target_path\` text not null, \`series_name\` text not null, \`volume\` double null, \`how\` text check (\`how\` in ('hardlink', 'copy', 'move')) not null, \`replaced\` integer not null default false, \`target_size\` double not null, \`target_mtime_ms\` double not null, \`imported_by_id\` text null, \`created_at\` datetime not null, \`undone_at\` datetime null, constraint \`import_history_entry_id_foreign\` foreign key (\`entry_id\`) references \`import_entries\` (\`id\`) on delete set null, constraint \`import_history_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete set null, constraint \`import_history_imported_by_id_foreign\` foreign key (\`imported_by_id\`) references \`users\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`import_history_entry_id_index\` on \`import_history\` (\`entry_id\`);`);
    this.addSql(`create index \`import_history_library_id_index\` on \`import_history\` (\`library_id\`);`);
    this.addSql(`create index \`import_history_imported_by_id_index\` on \`import_history\` (\`imported_by_id\`);`);
    this.addSql(`create index \`import_history_created_at_index\` on \`import_history\` (\`created_at\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`import_history\`;`);
    this.addSql(`drop table if exists \`import_entries\`;`);
  }
}

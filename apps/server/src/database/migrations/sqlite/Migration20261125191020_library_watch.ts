import { Migration } from '@mikro-orm/migrations';

/** Watched folders: the per-library `watch` setting, the watch lease of each library and the durable dirty set. */
export class Migration20261125191020_library_watch extends Migration {
  override name = 'Migration20261125191020_library_watch';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`watch_dirty_folders\` (\`id\` text not null primary key, \`library_id\` text not null, \`path\` text not null, \`marked_at_ms\` bigint not null, constraint \`watch_dirty_folders_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`watch_dirty_folders_library_id_index\` on \`watch_dirty_folders\` (\`library_id\`);`);
    this.addSql(
      `create unique index \`watch_dirty_folders_library_id_path_unique\` on \`watch_dirty_folders\` (\`library_id\`, \`path\`);`,
    );

    this.addSql(
      `create table \`library_watch_leases\` (\`id\` text not null primary key, \`library_id\` text not null, \`holder\` text not null, \`expires_at_ms\` bigint not null, \`mode\` text check (\`mode\` in ('events', 'polling', 'off')) not null default 'off', \`reason\` text null, constraint \`library_watch_leases_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`library_watch_leases_library_id_index\` on \`library_watch_leases\` (\`library_id\`);`);
    this.addSql(
      `create unique index \`library_watch_leases_library_id_unique\` on \`library_watch_leases\` (\`library_id\`);`,
    );

    // A column added in place: rebuilding `libraries` would drop its catalog-version triggers.
    this.addSql(
      `alter table \`libraries\` add column \`watch\` text check (\`watch\` in ('auto', 'events', 'polling', 'off')) not null default 'auto';`,
    );
  }
}

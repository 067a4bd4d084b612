import { Migration } from '@mikro-orm/migrations';
import { refreshCounts } from '../../../repositories/series-counts.js';

const TRIGGER = (table: string, event: 'insert' | 'update' | 'delete') =>
  `create trigger \`catalog_${table}_${event}\` after ${event} on \`${table}\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`;

/**
 * Reading progress per reader (issue 20 §2): `reading_progress` and `orphaned_progress` gain their user, and the
 * series' read and started counts, last read time and on-deck book move to `series_reader_state`, one row per
 * reader and series they started.
 *
 * Today's progress was everyone's; it is given to the first admin, the oldest administrator (every account was one before roles). With no user at all the
 * progress cannot be kept (a record needs its reader, and nobody could ever read it back): it is dropped.
 *
 * SQLite cannot add a NOT NULL foreign key in place, so both progress tables are rebuilt: nothing references them,
 * so dropping them cascades nowhere, and this runs inside the migrator's transaction. The catalog triggers of
 * `reading_progress` go with the dropped table and are created again. The series columns are dropped in place
 * (ALTER TABLE DROP COLUMN), which keeps the series rows, their foreign keys and triggers.
 */
export class Migration20261126030000_progress_per_reader extends Migration {
  override name = 'Migration20261126030000_progress_per_reader';

  override async up(): Promise<void> {
    const owner = "(select `id` from `users` where `role` = 'admin' order by `created_at`, `id` limit 1)";
    for (const sql of [
      `create table \`reading_progress__temp_alter\` (\`id\` text not null primary key, \`user_id\` text not null, \`book_id\` text not null, \`status\` text check (\`status\` in ('unread', 'reading', 'read')) not null, \`current_page\` integer null, \`position\` text null, \`percentage\` double null, \`device\` text null, \`device_id\` text null, \`last_read_at\` datetime null, \`updated_at\` datetime not null, constraint \`reading_progress_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade, constraint \`reading_progress_book_id_foreign\` foreign key (\`book_id\`) references \`books\` (\`id\`) on delete cascade);`,
      `insert into \`reading_progress__temp_alter\` (\`id\`, \`user_id\`, \`book_id\`, \`status\`, \`current_page\`, \`last_read_at\`, \`updated_at\`) select \`id\`, ${owner}, \`book_id\`, \`status\`, \`current_page\`, \`last_read_at\`, \`updated_at\` from \`reading_progress\` where ${owner} is not null;`,
      `drop table \`reading_progress\`;`,
      `alter table \`reading_progress__temp_alter\` rename to \`reading_progress\`;`,
      `create index \`reading_progress_user_id_index\` on \`reading_progress\` (\`user_id\`);`,
      `create index \`reading_progress_book_id_index\` on \`reading_progress\` (\`book_id\`);`,
      `create index \`reading_progress_user_id_last_read_at_book_id_index\` on \`reading_progress\` (\`user_id\`, \`last_read_at\`, \`book_id\`);`,
      `create unique index \`reading_progress_user_id_book_id_unique\` on \`reading_progress\` (\`user_id\`, \`book_id\`);`,
      TRIGGER('reading_progress', 'insert'),
      TRIGGER('reading_progress', 'update'),
      TRIGGER('reading_progress', 'delete'),

      `create table \`orphaned_progress__temp_alter\` (\`id\` text not null primary key, \`user_id\` text not null, \`library_id\` text not null, \`path\` text not null, \`file_name\` text not null, \`size_bytes\` bigint not null, \`status\` text check (\`status\` in ('unread', 'reading', 'read')) not null, \`current_page\` integer null, \`position\` text null, \`percentage\` double null, \`device\` text null, \`device_id\` text null, \`last_read_at\` datetime null, \`orphaned_at\` datetime not null, constraint \`orphaned_progress_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade, constraint \`orphaned_progress_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade);`,
      `insert into \`orphaned_progress__temp_alter\` (\`id\`, \`user_id\`, \`library_id\`, \`path\`, \`file_name\`, \`size_bytes\`, \`status\`, \`current_page\`, \`last_read_at\`, \`orphaned_at\`) select \`id\`, ${owner}, \`library_id\`, \`path\`, \`file_name\`, \`size_bytes\`, \`status\`, \`current_page\`, \`last_read_at\`, \`orphaned_at\` from \`orphaned_progress\` where ${owner} is not null;`,
      `drop table \`orphaned_progress\`;`,
      `alter table \`orphaned_progress__temp_alter\` rename to \`orphaned_progress\`;`,
      `create index \`orphaned_progress_user_id_index\` on \`orphaned_progress\` (\`user_id\`);`,
      `create index \`orphaned_progress_library_id_index\` on \`orphaned_progress\` (\`library_id\`);`,
      `create index \`orphaned_progress_orphaned_at_index\` on \`orphaned_progress\` (\`orphaned_at\`);`,
      `create index \`orphaned_progress_library_id_path_index\` on \`orphaned_progress\` (\`library_id\`, \`path\`);`,
      `create index \`orphaned_progress_library_id_file_name_size_bytes_index\` on \`orphaned_progress\` (\`library_id\`, \`file_name\`, \`size_bytes\`);`,

      `create table \`series_reader_state\` (\`id\` text not null primary key, \`user_id\` text not null, \`series_id\` text not null, \`read_count\` integer not null, \`started_count\` integer not null, \`last_read_at\` datetime null, \`on_deck_book_id\` text null, constraint \`series_reader_state_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade, constraint \`series_reader_state_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete cascade);`,
      `create index \`series_reader_state_user_id_index\` on \`series_reader_state\` (\`user_id\`);`,
      `create index \`series_reader_state_series_id_index\` on \`series_reader_state\` (\`series_id\`);`,
      `create index \`series_reader_state_user_id_last_read_at_series_id_index\` on \`series_reader_state\` (\`user_id\`, \`last_read_at\`, \`series_id\`);`,
      `create unique index \`series_reader_state_user_id_series_id_unique\` on \`series_reader_state\` (\`user_id\`, \`series_id\`);`,

      `drop index \`series_last_read_at_id_index\`;`,
      `alter table \`series\` drop column \`read_count\`;`,
      `alter table \`series\` drop column \`started_count\`;`,
      `alter table \`series\` drop column \`last_read_at\`;`,
      `alter table \`series\` drop column \`on_deck_book_id\`;`,
    ])
      await this.execute(sql);
    // The first admin's state of every series they started.
    const em = this.getEntityManager();
    const series = await em.execute<{ id: string }[]>('select id from series');
    await refreshCounts(em, 'sqlite', series.map((row) => row.id), undefined, { chosenCovers: false });
  }
}

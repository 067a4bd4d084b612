import { Migration } from '@mikro-orm/migrations';

/**
 * CB7 and CBT books, and the partial hash that recognises a moved file. SQLite cannot change a CHECK constraint in
 * place, so `books` and `book_files` are rebuilt (MikroORM's own statements). Dropping a table with foreign keys on
 * deletes its rows first and cascades to reading progress, and `pragma foreign_keys` is ignored inside a
 * transaction: so this migration runs outside the migrator's transaction (orm.ts: allOrNothing off on SQLite), turns
 * foreign keys off, and makes its own. The catalog triggers go with the dropped tables and are created again.
 */
export class Migration20261125090000_cb7_cbt_partial_hash extends Migration {
  override name = 'Migration20261125090000_cb7_cbt_partial_hash';

  override isTransactional(): boolean {
    return false;
  }

  override up(): void | Promise<void> {
    this.addSql('pragma foreign_keys = off;');
    this.addSql('begin;');
    this.addSql(
      `create table \`books__temp_alter\` (\`id\` text not null primary key, \`library_id\` text not null, \`series_id\` text null, \`title\` text not null, \`volume\` double null, \`volume_end\` double null, \`volume_kind\` text check (\`volume_kind\` in ('regular', 'hors_serie', 'integrale', 'one_shot', 'chapter')) not null default 'regular', \`format\` text check (\`format\` in ('cbz', 'cbr', 'cb7', 'cbt', 'pdf', 'epub')) not null, \`page_count\` integer null, \`authors\` json not null, \`summary\` text null, \`isbn\` text null, \`publish_date\` text null, \`language\` text null, \`locked_fields\` json not null, \`search_text\` text not null default '', \`sort_series\` text not null default '', \`volume_sort\` double not null default 1000000000, \`sort_title\` text not null default '', \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`books_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade, constraint \`books_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete set null);`,
    );
    this.addSql(
      `insert into \`books__temp_alter\` select \`id\`, \`library_id\`, \`series_id\`, \`title\`, \`volume\`, \`volume_end\`, \`volume_kind\`, \`format\`, \`page_count\`, \`authors\`, \`summary\`, \`isbn\`, \`publish_date\`, \`language\`, \`locked_fields\`, \`search_text\`, \`sort_series\`, \`volume_sort\`, \`sort_title\`, \`created_at\`, \`updated_at\` from \`books\`;`,
    );
    this.addSql(`drop table \`books\`;`);
    this.addSql(`alter table \`books__temp_alter\` rename to \`books\`;`);
    this.addSql(`create index \`books_library_id_index\` on \`books\` (\`library_id\`);`);
    this.addSql(`create index \`books_series_id_index\` on \`books\` (\`series_id\`);`);
    this.addSql(
      `create index \`books_library_id_series_id_volume_index\` on \`books\` (\`library_id\`, \`series_id\`, \`volume\`);`,
    );
    this.addSql(
      `create index \`books_sort_series_volume_sort_sort_title_id_index\` on \`books\` (\`sort_series\`, \`volume_sort\`, \`sort_title\`, \`id\`);`,
    );
    this.addSql(
      `create index \`books_library_id_sort_series_volume_sort_sort_title_id_index\` on \`books\` (\`library_id\`, \`sort_series\`, \`volume_sort\`, \`sort_title\`, \`id\`);`,
    );
    this.addSql(
      `create index \`books_series_id_volume_sort_sort_title_id_index\` on \`books\` (\`series_id\`, \`volume_sort\`, \`sort_title\`, \`id\`);`,
    );
    this.addSql(`create index \`books_sort_title_id_index\` on \`books\` (\`sort_title\`, \`id\`);`);
    this.addSql(`create index \`books_created_at_id_index\` on \`books\` (\`created_at\`, \`id\`);`);
    this.addSql(
      `create table \`book_files__temp_alter\` (\`id\` text not null primary key, \`book_id\` text not null, \`library_id\` text not null, \`path\` text not null, \`format\` text check (\`format\` in ('cbz', 'cbr', 'cb7', 'cbt', 'pdf', 'epub')) not null, \`size_bytes\` bigint not null, \`partial_hash\` text null, \`mtime_ms\` bigint not null, \`parse_status\` text check (\`parse_status\` in ('pending', 'ok', 'error')) not null default 'pending', \`parse_error\` text null, \`thumbnail_path\` text null, \`analyzed_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`book_files_book_id_foreign\` foreign key (\`book_id\`) references \`books\` (\`id\`) on delete cascade, constraint \`book_files_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade);`,
    );
    this.addSql(
      `insert into \`book_files__temp_alter\` select \`id\`, \`book_id\`, \`library_id\`, \`path\`, \`format\`, \`size_bytes\`, null as \`partial_hash\`, \`mtime_ms\`, \`parse_status\`, \`parse_error\`, \`thumbnail_path\`, \`analyzed_at\`, \`created_at\`, \`updated_at\` from \`book_files\`;`,
    );
    this.addSql(`drop table \`book_files\`;`);
    this.addSql(`alter table \`book_files__temp_alter\` rename to \`book_files\`;`);
    this.addSql(`create unique index \`book_files_book_id_unique\` on \`book_files\` (\`book_id\`);`);
    this.addSql(`create index \`book_files_library_id_index\` on \`book_files\` (\`library_id\`);`);
    this.addSql(
      `create index \`book_files_library_id_partial_hash_size_bytes_index\` on \`book_files\` (\`library_id\`, \`partial_hash\`, \`size_bytes\`);`,
    );
    this.addSql(
      `create unique index \`book_files_library_id_path_unique\` on \`book_files\` (\`library_id\`, \`path\`);`,
    );
    this.addSql(
      `create trigger \`catalog_books_insert\` after insert on \`books\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_books_update\` after update on \`books\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_books_delete\` after delete on \`books\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_book_files_insert\` after insert on \`book_files\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_book_files_update\` after update on \`book_files\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_book_files_delete\` after delete on \`book_files\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql('commit;');
    this.addSql('pragma foreign_keys = on;');
  }
}

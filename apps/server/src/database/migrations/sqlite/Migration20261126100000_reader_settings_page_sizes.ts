import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 21 (reading modes): a series' reading direction and a library's default (plain text, no CHECK, so SQLite
 * adds the columns without rebuilding the tables and their catalog triggers), each reader's own settings per series,
 * and the measured size of each page of a book file.
 */
export class Migration20261126100000_reader_settings_page_sizes extends Migration {
  override name = 'Migration20261126100000_reader_settings_page_sizes';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`book_pages\` (\`book_file_id\` text not null, \`number\` integer not null, \`media_type\` text not null, \`width\` integer null, \`height\` integer null, \`file_size\` bigint not null, \`file_mtime_ms\` bigint not null, primary key (\`book_file_id\`, \`number\`), constraint \`book_pages_book_file_id_foreign\` foreign key (\`book_file_id\`) references \`book_files\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`book_pages_book_file_id_index\` on \`book_pages\` (\`book_file_id\`);`);

    this.addSql(
      `create table \`series_reader_settings\` (\`id\` text not null primary key, \`user_id\` text not null, \`series_id\` text not null, \`reading_direction\` text null, \`layout\` text null, \`fit\` text null, \`background\` text null, \`updated_at\` datetime not null, constraint \`series_reader_settings_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade, constraint \`series_reader_settings_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`series_reader_settings_user_id_index\` on \`series_reader_settings\` (\`user_id\`);`);
    this.addSql(
      `create index \`series_reader_settings_series_id_index\` on \`series_reader_settings\` (\`series_id\`);`,
    );
    this.addSql(
      `create unique index \`series_reader_settings_user_id_series_id_unique\` on \`series_reader_settings\` (\`user_id\`, \`series_id\`);`,
    );

    this.addSql(`alter table \`libraries\` add column \`default_reading_direction\` text not null default 'ltr';`);

    this.addSql(`alter table \`series\` add column \`reading_direction\` text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`book_pages\`;`);
    this.addSql(`drop table if exists \`series_reader_settings\`;`);
    this.addSql(`alter table \`libraries\` drop column \`default_reading_direction\`;`);
    this.addSql(`alter table \`series\` drop column \`reading_direction\`;`);
  }
}

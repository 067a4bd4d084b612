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
      `create table "book_pages" ("book_file_id" uuid not null, "number" int not null, "media_type" varchar(32) not null, "width" int null, "height" int null, "file_size" bigint not null, "file_mtime_ms" bigint not null, primary key ("book_file_id", "number"));`,
    );

    this.addSql(
      `create table "series_reader_settings" ("id" uuid not null, "user_id" uuid not null, "series_id" uuid not null, "reading_direction" varchar(16) null, "layout" varchar(16) null, "fit" varchar(16) null, "background" varchar(16) null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "series_reader_settings_series_id_index" on "series_reader_settings" ("series_id");`);
    this.addSql(
      `alter table "series_reader_settings" add constraint "series_reader_settings_user_id_series_id_unique" unique ("user_id", "series_id");`,
    );

    this.addSql(`alter table "libraries" add "default_reading_direction" varchar(16) not null default 'ltr';`);

    this.addSql(`alter table "series" add "reading_direction" varchar(16) null;`);

    this.addSql(
      `alter table "book_pages" add constraint "book_pages_book_file_id_foreign" foreign key ("book_file_id") references "book_files" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "series_reader_settings" add constraint "series_reader_settings_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "series_reader_settings" add constraint "series_reader_settings_series_id_foreign" foreign key ("series_id") references "series" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "book_pages" cascade;`);
    this.addSql(`drop table if exists "series_reader_settings" cascade;`);
    this.addSql(`alter table "libraries" drop column "default_reading_direction";`);
    this.addSql(`alter table "series" drop column "reading_direction";`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261122042457_browsing extends Migration {
  override name = 'Migration20261122042457_browsing';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "series" add "sort_name" varchar(1024) not null default '', add "book_count" int not null default 0, add "read_count" int not null default 0, add "started_count" int not null default 0, add "owned_count" int not null default 0, add "missing_count" int not null default 0, add "cover_book_id" uuid null;`,
    );
    this.addSql(`create index "series_sort_name_library_id_index" on "series" ("sort_name", "library_id");`);
    this.addSql(`create index "series_library_id_sort_name_index" on "series" ("library_id", "sort_name");`);

    this.addSql(
      `alter table "books" add "search_text" text not null default '', add "sort_series" varchar(1024) not null default '', add "volume_sort" double precision not null default 1000000000, add "sort_title" varchar(1024) not null default '';`,
    );
    this.addSql(
      `create index "books_sort_series_volume_sort_sort_title_id_index" on "books" ("sort_series", "volume_sort", "sort_title", "id");`,
    );
    this.addSql(
      `create index "books_library_id_sort_series_volume_sort_sort_title_id_index" on "books" ("library_id", "sort_series", "volume_sort", "sort_title", "id");`,
    );
    this.addSql(
      `create index "books_series_id_volume_sort_sort_title_id_index" on "books" ("series_id", "volume_sort", "sort_title", "id");`,
    );
    this.addSql(`create index "books_sort_title_id_index" on "books" ("sort_title", "id");`);
    this.addSql(`create index "books_created_at_id_index" on "books" ("created_at", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "books_sort_series_volume_sort_sort_title_id_index";`);
    this.addSql(`drop index "books_library_id_sort_series_volume_sort_sort_title_id_index";`);
    this.addSql(`drop index "books_series_id_volume_sort_sort_title_id_index";`);
    this.addSql(`drop index "books_sort_title_id_index";`);
    this.addSql(`drop index "books_created_at_id_index";`);
    this.addSql(
      `alter table "books" drop column "search_text", drop column "sort_series", drop column "volume_sort", drop column "sort_title";`,
    );

    this.addSql(`drop index "series_sort_name_library_id_index";`);
    this.addSql(`drop index "series_library_id_sort_name_index";`);
    this.addSql(
      `alter table "series" drop column "sort_name", drop column "book_count", drop column "read_count", drop column "started_count", drop column "owned_count", drop column "missing_count", drop column "cover_book_id";`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Chapters as numbers of their own: `chapter`/`chapter_end` on books with `chapter_sort` as the second key of the
 * volume order (its three indexes replace the volume-only ones), and the loose-chapter aggregates of a series.
 */
export class Migration20261125191035_chapters extends Migration {
  override name = 'Migration20261125191035_chapters';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "series" add "chapter_count" int not null default 0, add "first_chapter" double precision null, add "last_chapter" double precision null;`,
    );

    this.addSql(`drop index "books_library_id_sort_series_volume_sort_sort_title_id_index";`);
    this.addSql(`drop index "books_series_id_volume_sort_sort_title_id_index";`);
    this.addSql(`drop index "books_sort_series_volume_sort_sort_title_id_index";`);
    this.addSql(
      `alter table "books" add "chapter" double precision null, add "chapter_end" double precision null, add "chapter_sort" double precision not null default 1000000000;`,
    );
    this.addSql(
      `create index "books_sort_series_volume_sort_chapter_sort_sort_title_id_index" on "books" ("sort_series", "volume_sort", "chapter_sort", "sort_title", "id");`,
    );
    this.addSql(
      `create index "books_library_id_sort_series_volume_sort_chapter_s_91d5d_index" on "books" ("library_id", "sort_series", "volume_sort", "chapter_sort", "sort_title", "id");`,
    );
    this.addSql(
      `create index "books_series_id_volume_sort_chapter_sort_sort_title_id_index" on "books" ("series_id", "volume_sort", "chapter_sort", "sort_title", "id");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "books_sort_series_volume_sort_chapter_sort_sort_title_id_index";`);
    this.addSql(`drop index "books_library_id_sort_series_volume_sort_chapter_s_91d5d_index";`);
    this.addSql(`drop index "books_series_id_volume_sort_chapter_sort_sort_title_id_index";`);
    this.addSql(`alter table "books" drop column "chapter", drop column "chapter_end", drop column "chapter_sort";`);
    this.addSql(
      `create index "books_library_id_sort_series_volume_sort_sort_title_id_index" on "books" ("library_id", "sort_series", "volume_sort", "sort_title", "id");`,
    );
    this.addSql(
      `create index "books_series_id_volume_sort_sort_title_id_index" on "books" ("series_id", "volume_sort", "sort_title", "id");`,
    );
    this.addSql(
      `create index "books_sort_series_volume_sort_sort_title_id_index" on "books" ("sort_series", "volume_sort", "sort_title", "id");`,
    );
    this.addSql(
      `alter table "series" drop column "chapter_count", drop column "first_chapter", drop column "last_chapter";`,
    );
  }
}

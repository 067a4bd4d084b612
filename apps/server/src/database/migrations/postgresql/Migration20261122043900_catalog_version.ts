import { Migration } from '@mikro-orm/migrations';

export class Migration20261122043900_catalog_version extends Migration {
  override name = 'Migration20261122043900_catalog_version';

  override up(): void | Promise<void> {
    // Browsing caches (repositories/list-cache.ts) are told of every committed write to what the lists show:
    // NOTIFY is delivered at commit, and never blocks writers the way a shared counter row would.
    this.addSql(
      `create or replace function "shelfmark_catalog_changed"() returns trigger language plpgsql as $$ begin perform pg_notify('shelfmark_catalog', ''); return null; end $$;`,
    );
    this.addSql(
      `create trigger "catalog_libraries_changed" after insert or update or delete or truncate on "libraries" for each statement execute function "shelfmark_catalog_changed"();`,
    );
    this.addSql(
      `create trigger "catalog_series_changed" after insert or update or delete or truncate on "series" for each statement execute function "shelfmark_catalog_changed"();`,
    );
    this.addSql(
      `create trigger "catalog_books_changed" after insert or update or delete or truncate on "books" for each statement execute function "shelfmark_catalog_changed"();`,
    );
    this.addSql(
      `create trigger "catalog_book_files_changed" after insert or update or delete or truncate on "book_files" for each statement execute function "shelfmark_catalog_changed"();`,
    );
    this.addSql(
      `create trigger "catalog_reading_progress_changed" after insert or update or delete or truncate on "reading_progress" for each statement execute function "shelfmark_catalog_changed"();`,
    );
    this.addSql(`drop index "series_library_id_sort_name_index";`);
    this.addSql(`drop index "series_sort_name_library_id_index";`);
    this.addSql(
      `create index "series_sort_name_library_id_name_index" on "series" ("sort_name", "library_id", "name");`,
    );
    this.addSql(
      `create index "series_library_id_sort_name_name_index" on "series" ("library_id", "sort_name", "name");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger "catalog_libraries_changed" on "libraries";`);
    this.addSql(`drop trigger "catalog_series_changed" on "series";`);
    this.addSql(`drop trigger "catalog_books_changed" on "books";`);
    this.addSql(`drop trigger "catalog_book_files_changed" on "book_files";`);
    this.addSql(`drop trigger "catalog_reading_progress_changed" on "reading_progress";`);
    this.addSql(`drop function "shelfmark_catalog_changed"();`);
    this.addSql(`drop index "series_sort_name_library_id_name_index";`);
    this.addSql(`drop index "series_library_id_sort_name_name_index";`);
    this.addSql(`create index "series_library_id_sort_name_index" on "series" ("library_id", "sort_name");`);
    this.addSql(`create index "series_sort_name_library_id_index" on "series" ("sort_name", "library_id");`);
  }
}

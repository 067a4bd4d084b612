import { Migration } from '@mikro-orm/migrations';

const TABLES = ['collections', 'collection_series', 'reading_lists', 'reading_list_books', 'want_to_read'];

/**
 * Issue 32: collections of series, reading lists of books (owned by a user) and each reader's want-to-read shelf.
 * Memberships go with the series, book or user they name (on delete cascade). The new tables take part in the catalog
 * version (ADR 7), so cached lists and OPDS feeds follow their changes.
 */
export class Migration20261129040001_collections_reading_lists extends Migration {
  override name = 'Migration20261129040001_collections_reading_lists';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "collections" ("id" uuid not null, "name" varchar(200) not null, "sort_name" varchar(200) not null, "summary" text null, "ordered" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "collections_sort_name_index" on "collections" ("sort_name");`);

    this.addSql(
      `create table "collection_series" ("collection_id" uuid not null, "series_id" uuid not null, "position" int not null, primary key ("collection_id", "series_id"));`,
    );
    this.addSql(`create index "collection_series_series_id_index" on "collection_series" ("series_id");`);
    this.addSql(
      `create index "collection_series_collection_id_position_index" on "collection_series" ("collection_id", "position");`,
    );

    this.addSql(
      `create table "reading_lists" ("id" uuid not null, "owner_id" uuid not null, "name" varchar(200) not null, "sort_name" varchar(200) not null, "summary" text null, "shared" boolean not null default false, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "reading_lists_owner_id_sort_name_index" on "reading_lists" ("owner_id", "sort_name");`);
    this.addSql(`create index "reading_lists_shared_sort_name_index" on "reading_lists" ("shared", "sort_name");`);

    this.addSql(
      `create table "reading_list_books" ("reading_list_id" uuid not null, "book_id" uuid not null, "position" int not null, primary key ("reading_list_id", "book_id"));`,
    );
    this.addSql(`create index "reading_list_books_book_id_index" on "reading_list_books" ("book_id");`);
    this.addSql(
      `create index "reading_list_books_reading_list_id_position_index" on "reading_list_books" ("reading_list_id", "position");`,
    );

    this.addSql(
      `create table "want_to_read" ("user_id" uuid not null, "series_id" uuid not null, "created_at" timestamptz not null, primary key ("user_id", "series_id"));`,
    );
    this.addSql(`create index "want_to_read_series_id_index" on "want_to_read" ("series_id");`);
    this.addSql(`create index "want_to_read_user_id_created_at_index" on "want_to_read" ("user_id", "created_at");`);

    this.addSql(
      `alter table "collection_series" add constraint "collection_series_collection_id_foreign" foreign key ("collection_id") references "collections" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "collection_series" add constraint "collection_series_series_id_foreign" foreign key ("series_id") references "series" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "reading_lists" add constraint "reading_lists_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "reading_list_books" add constraint "reading_list_books_reading_list_id_foreign" foreign key ("reading_list_id") references "reading_lists" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "reading_list_books" add constraint "reading_list_books_book_id_foreign" foreign key ("book_id") references "books" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "want_to_read" add constraint "want_to_read_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "want_to_read" add constraint "want_to_read_series_id_foreign" foreign key ("series_id") references "series" ("id") on update cascade on delete cascade;`,
    );

    // NOTIFY is delivered at commit (ADR 7): the function is the catalog_version migration's.
    for (const table of TABLES) {
      this.addSql(
        `create trigger "catalog_${table}_changed" after insert or update or delete or truncate on "${table}" for each statement execute function "shelfmark_catalog_changed"();`,
      );
    }
  }

  override down(): void | Promise<void> {
    // Dropping a table drops its triggers.
    for (const table of [...TABLES].reverse()) this.addSql(`drop table if exists "${table}" cascade;`);
  }
}

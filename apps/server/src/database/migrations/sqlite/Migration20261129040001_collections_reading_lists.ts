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
      `create table \`collections\` (\`id\` text not null primary key, \`name\` text not null, \`sort_name\` text not null, \`summary\` text null, \`ordered\` integer not null default false, \`created_at\` datetime not null, \`updated_at\` datetime not null);`,
    );
    this.addSql(`create index \`collections_sort_name_index\` on \`collections\` (\`sort_name\`);`);

    this.addSql(
      `create table \`collection_series\` (\`collection_id\` text not null, \`series_id\` text not null, \`position\` integer not null, primary key (\`collection_id\`, \`series_id\`), constraint \`collection_series_collection_id_foreign\` foreign key (\`collection_id\`) references \`collections\` (\`id\`) on update cascade on delete cascade, constraint \`collection_series_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on update cascade on delete cascade);`,
    );
    this.addSql(`create index \`collection_series_collection_id_index\` on \`collection_series\` (\`collection_id\`);`);
    this.addSql(`create index \`collection_series_series_id_index\` on \`collection_series\` (\`series_id\`);`);
    this.addSql(
      `create index \`collection_series_collection_id_position_index\` on \`collection_series\` (\`collection_id\`, \`position\`);`,
    );

    this.addSql(
      `create table \`reading_lists\` (\`id\` text not null primary key, \`owner_id\` text not null, \`name\` text not null, \`sort_name\` text not null, \`summary\` text null, \`shared\` integer not null default false, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`reading_lists_owner_id_foreign\` foreign key (\`owner_id\`) references \`users\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`reading_lists_owner_id_index\` on \`reading_lists\` (\`owner_id\`);`);
    this.addSql(
      `create index \`reading_lists_owner_id_sort_name_index\` on \`reading_lists\` (\`owner_id\`, \`sort_name\`);`,
    );
    this.addSql(
      `create index \`reading_lists_shared_sort_name_index\` on \`reading_lists\` (\`shared\`, \`sort_name\`);`,
    );

    this.addSql(
      `create table \`reading_list_books\` (\`reading_list_id\` text not null, \`book_id\` text not null, \`position\` integer not null, primary key (\`reading_list_id\`, \`book_id\`), constraint \`reading_list_books_reading_list_id_foreign\` foreign key (\`reading_list_id\`) references \`reading_lists\` (\`id\`) on update cascade on delete cascade, constraint \`reading_list_books_book_id_foreign\` foreign key (\`book_id\`) references \`books\` (\`id\`) on update cascade on delete cascade);`,
    );
    this.addSql(
      `create index \`reading_list_books_reading_list_id_index\` on \`reading_list_books\` (\`reading_list_id\`);`,
    );
    this.addSql(`create index \`reading_list_books_book_id_index\` on \`reading_list_books\` (\`book_id\`);`);
    this.addSql(
      `create index \`reading_list_books_reading_list_id_position_index\` on \`reading_list_books\` (\`reading_list_id\`, \`position\`);`,
    );

    this.addSql(
      `create table \`want_to_read\` (\`user_id\` text not null, \`series_id\` text not null, \`created_at\` datetime not null, primary key (\`user_id\`, \`series_id\`), constraint \`want_to_read_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on update cascade on delete cascade, constraint \`want_to_read_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on update cascade on delete cascade);`,
    );
    this.addSql(`create index \`want_to_read_user_id_index\` on \`want_to_read\` (\`user_id\`);`);
    this.addSql(`create index \`want_to_read_series_id_index\` on \`want_to_read\` (\`series_id\`);`);
    this.addSql(
      `create index \`want_to_read_user_id_created_at_index\` on \`want_to_read\` (\`user_id\`, \`created_at\`);`,
    );

    for (const table of TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        this.addSql(
          `create trigger \`catalog_${table}_${event}\` after ${event} on \`${table}\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
        );
      }
    }
  }

  override down(): void | Promise<void> {
    // Dropping a table drops its triggers.
    for (const table of [...TABLES].reverse()) this.addSql(`drop table if exists \`${table}\`;`);
  }
}

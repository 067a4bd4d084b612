import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32: the report of a `.cbl` import is kept with its list (one row per entry of the file), so that "Match
 * again" completes it after a scan. An entry's matched book going back to null when the book is deleted is what keeps
 * it in the report as missing. The table takes part in the catalog version (ADR 7) as the other list tables do.
 */
export class Migration20261129090000_reading_list_import_reports extends Migration {
  override name = 'Migration20261129090000_reading_list_import_reports';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "reading_list_import_entries" ("reading_list_id" uuid not null, "position" int not null, "series" varchar(500) not null, "number" varchar(500) null, "volume" varchar(500) null, "year" varchar(500) null, "book_id" uuid null, "candidate_ids" jsonb not null, primary key ("reading_list_id", "position"));`,
    );
    this.addSql(
      `create index "reading_list_import_entries_book_id_index" on "reading_list_import_entries" ("book_id");`,
    );
    this.addSql(
      `alter table "reading_list_import_entries" add constraint "reading_list_import_entries_reading_list_id_foreign" foreign key ("reading_list_id") references "reading_lists" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "reading_list_import_entries" add constraint "reading_list_import_entries_book_id_foreign" foreign key ("book_id") references "books" ("id") on delete set null;`,
    );
    // NOTIFY is delivered at commit (ADR 7): the function is the catalog_version migration's.
    this.addSql(
      `create trigger "catalog_reading_list_import_entries_changed" after insert or update or delete or truncate on "reading_list_import_entries" for each statement execute function "shelfmark_catalog_changed"();`,
    );
  }

  override down(): void | Promise<void> {
    // Dropping the table drops its trigger.
    this.addSql(`drop table if exists "reading_list_import_entries" cascade;`);
  }
}

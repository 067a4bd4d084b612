import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32: an administrator picks one of a collection's series as its cover. The choice goes back to none when the
 * series is deleted (on delete set null). The collections table already bumps the catalog version (ADR 7).
 */
export class Migration20261129110000_collection_chosen_cover extends Migration {
  override name = 'Migration20261129110000_collection_chosen_cover';

  override up(): void | Promise<void> {
    this.addSql(`alter table "collections" add column "cover_series_id" uuid null;`);
    this.addSql(
      `alter table "collections" add constraint "collections_cover_series_id_foreign" foreign key ("cover_series_id") references "series" ("id") on delete set null;`,
    );
    this.addSql(`create index "collections_cover_series_id_index" on "collections" ("cover_series_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "collections" drop column if exists "cover_series_id";`);
  }
}

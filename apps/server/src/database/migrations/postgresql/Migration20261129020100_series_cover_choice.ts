import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 31 item 5: the admin's choice of a series' cover (the first book's, a chosen book's, an uploaded image),
 * kept apart from `cover_book_id`, which the scan rewrites.
 */
export class Migration20261129020100_series_cover_choice extends Migration {
  override name = 'Migration20261129020100_series_cover_choice';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "series" add "cover_source" varchar(16) not null default 'first_book', add "cover_chosen_book_id" uuid null, add "cover_image" varchar(64) null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "series" drop column "cover_source", drop column "cover_chosen_book_id", drop column "cover_image";`,
    );
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 31 item 5: the admin's choice of a series' cover (the first book's, a chosen book's, an uploaded image),
 * kept apart from `cover_book_id`, which the scan rewrites.
 */
export class Migration20261129020100_series_cover_choice extends Migration {
  override name = 'Migration20261129020100_series_cover_choice';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`series\` add column \`cover_source\` text not null default 'first_book';`);
    this.addSql(`alter table \`series\` add column \`cover_chosen_book_id\` text null;`);
    this.addSql(`alter table \`series\` add column \`cover_image\` text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`series\` drop column \`cover_image\`;`);
    this.addSql(`alter table \`series\` drop column \`cover_chosen_book_id\`;`);
    this.addSql(`alter table \`series\` drop column \`cover_source\`;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 item 2: the scrolled modes' own fit (a fit chosen for turning pages no longer carries into a column) and
 * the widest a page is drawn at fit width, each reader's own per series. Plain columns: no table rebuild.
 */
export class Migration20261129100000_reader_scroll_fit_max_width extends Migration {
  override name = 'Migration20261129100000_reader_scroll_fit_max_width';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`series_reader_settings\` add column \`scroll_fit\` text null;`);
    this.addSql(`alter table \`series_reader_settings\` add column \`max_width\` integer null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`series_reader_settings\` drop column \`scroll_fit\`;`);
    this.addSql(`alter table \`series_reader_settings\` drop column \`max_width\`;`);
  }
}

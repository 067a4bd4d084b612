import { Migration } from '@mikro-orm/migrations';
import { refreshSeriesCounts } from '../../../repositories/series.repository.js';

/**
 * The series orders of GET /series `sort` (added, updated, year) and the recently-read order of GET /books, each
 * with its index; a series' last read time and on-deck book, stored with its other aggregates and filled here.
 * Added columns and indexes only: no table rebuild, so progress and the catalog triggers are untouched.
 * Its timestamp puts it before the re-parse migration, which refreshes the aggregates with today's code and so
 * needs these columns; a database that already ran that one runs this one alone.
 */
export class Migration20261125191050_series_sorts_on_deck extends Migration {
  override name = 'Migration20261125191050_series_sorts_on_deck';

  override async up(): Promise<void> {
    for (const sql of [
      `alter table \`series\` add column \`last_read_at\` datetime null;`,
      `alter table \`series\` add column \`on_deck_book_id\` text null;`,
      `create index \`series_created_at_sort_name_library_id_name_index\` on \`series\` (\`created_at\`, \`sort_name\`, \`library_id\`, \`name\`);`,
      `create index \`series_updated_at_sort_name_library_id_name_index\` on \`series\` (\`updated_at\`, \`sort_name\`, \`library_id\`, \`name\`);`,
      `create index \`series_start_year_sort_name_library_id_name_index\` on \`series\` (\`start_year\`, \`sort_name\`, \`library_id\`, \`name\`);`,
      `create index \`series_last_read_at_id_index\` on \`series\` (\`last_read_at\`, \`id\`);`,
      `create index \`reading_progress_last_read_at_book_id_index\` on \`reading_progress\` (\`last_read_at\`, \`book_id\`);`,
    ])
      await this.execute(sql);
    const em = this.getEntityManager();
    const series = await em.execute<{ id: string }[]>('select id from series');
    await refreshSeriesCounts(
      em,
      'sqlite',
      series.map((row) => row.id),
      { chosenCovers: false },
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`reading_progress_last_read_at_book_id_index\`;`);
    this.addSql(`drop index \`series_created_at_sort_name_library_id_name_index\`;`);
    this.addSql(`drop index \`series_updated_at_sort_name_library_id_name_index\`;`);
    this.addSql(`drop index \`series_start_year_sort_name_library_id_name_index\`;`);
    this.addSql(`drop index \`series_last_read_at_id_index\`;`);
    this.addSql(`alter table \`series\` drop column \`last_read_at\`;`);
    this.addSql(`alter table \`series\` drop column \`on_deck_book_id\`;`);
  }
}

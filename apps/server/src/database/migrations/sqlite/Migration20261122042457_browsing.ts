import { Migration } from '@mikro-orm/migrations';

export class Migration20261122042457_browsing extends Migration {
  override name = 'Migration20261122042457_browsing';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`series\` add column \`sort_name\` text not null default '';`);
    this.addSql(`alter table \`series\` add column \`book_count\` integer not null default 0;`);
    this.addSql(`alter table \`series\` add column \`read_count\` integer not null default 0;`);
    this.addSql(`alter table \`series\` add column \`started_count\` integer not null default 0;`);
    this.addSql(`alter table \`series\` add column \`owned_count\` integer not null default 0;`);
    this.addSql(`alter table \`series\` add column \`missing_count\` integer not null default 0;`);
    this.addSql(`alter table \`series\` add column \`cover_book_id\` text null;`);
    this.addSql(`create index \`series_sort_name_library_id_index\` on \`series\` (\`sort_name\`, \`library_id\`);`);
    this.addSql(`create index \`series_library_id_sort_name_index\` on \`series\` (\`library_id\`, \`sort_name\`);`);

    this.addSql(`alter table \`books\` add column \`search_text\` text not null default '';`);
    this.addSql(`alter table \`books\` add column \`sort_series\` text not null default '';`);
    this.addSql(`alter table \`books\` add column \`volume_sort\` double not null default 1000000000;`);
    this.addSql(`alter table \`books\` add column \`sort_title\` text not null default '';`);
    this.addSql(
      `create index \`books_sort_series_volume_sort_sort_title_id_index\` on \`books\` (\`sort_series\`, \`volume_sort\`, \`sort_title\`, \`id\`);`,
    );
    this.addSql(
      `create index \`books_library_id_sort_series_volume_sort_sort_title_id_index\` on \`books\` (\`library_id\`, \`sort_series\`, \`volume_sort\`, \`sort_title\`, \`id\`);`,
    );
    this.addSql(
      `create index \`books_series_id_volume_sort_sort_title_id_index\` on \`books\` (\`series_id\`, \`volume_sort\`, \`sort_title\`, \`id\`);`,
    );
    this.addSql(`create index \`books_sort_title_id_index\` on \`books\` (\`sort_title\`, \`id\`);`);
    this.addSql(`create index \`books_created_at_id_index\` on \`books\` (\`created_at\`, \`id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`books_sort_series_volume_sort_sort_title_id_index\`;`);
    this.addSql(`drop index \`books_library_id_sort_series_volume_sort_sort_title_id_index\`;`);
    this.addSql(`drop index \`books_series_id_volume_sort_sort_title_id_index\`;`);
    this.addSql(`drop index \`books_sort_title_id_index\`;`);
    this.addSql(`drop index \`books_created_at_id_index\`;`);
    this.addSql(`alter table \`books\` drop column \`search_text\`;`);
    this.addSql(`alter table \`books\` drop column \`sort_series\`;`);
    this.addSql(`alter table \`books\` drop column \`volume_sort\`;`);
    this.addSql(`alter table \`books\` drop column \`sort_title\`;`);

    this.addSql(`drop index \`series_sort_name_library_id_index\`;`);
    this.addSql(`drop index \`series_library_id_sort_name_index\`;`);
    this.addSql(`alter table \`series\` drop column \`sort_name\`;`);
    this.addSql(`alter table \`series\` drop column \`book_count\`;`);
    this.addSql(`alter table \`series\` drop column \`read_count\`;`);
    this.addSql(`alter table \`series\` drop column \`started_count\`;`);
    this.addSql(`alter table \`series\` drop column \`owned_count\`;`);
    this.addSql(`alter table \`series\` drop column \`missing_count\`;`);
    this.addSql(`alter table \`series\` drop column \`cover_book_id\`;`);
  }
}

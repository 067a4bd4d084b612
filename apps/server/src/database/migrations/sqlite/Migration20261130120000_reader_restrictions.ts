import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 39: what each reader may see inside their libraries. Labels are admin-defined names on series (`labels`,
 * `series_labels`); a user keeps a maximum age, whether unrated books are shown and the label names to include only
 * or to exclude. Both new tables take part in the catalog version: a label put on a series changes a restricted
 * reader's lists and feeds. `books (series_id, age_rating_age)` answers a series' highest rating from its index.
 */
export class Migration20261130120000_reader_restrictions extends Migration {
  override name = 'Migration20261130120000_reader_restrictions';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`labels\` (\`id\` text not null primary key, \`name\` text not null, \`created_at\` datetime not null);`,
    );
    this.addSql(`create unique index \`labels_name_unique\` on \`labels\` (\`name\`);`);
    this.addSql(
      `create table \`series_labels\` (\`series_id\` text not null, \`label_id\` text not null, primary key (\`series_id\`, \`label_id\`), constraint \`series_labels_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on update cascade on delete cascade, constraint \`series_labels_label_id_foreign\` foreign key (\`label_id\`) references \`labels\` (\`id\`) on update cascade on delete cascade);`,
    );
    this.addSql(`create index \`series_labels_series_id_index\` on \`series_labels\` (\`series_id\`);`);
    this.addSql(`create index \`series_labels_label_id_index\` on \`series_labels\` (\`label_id\`);`);
    this.addSql(
      `create index \`books_series_id_age_rating_age_index\` on \`books\` (\`series_id\`, \`age_rating_age\`);`,
    );
    this.addSql(`alter table \`users\` add column \`age_max\` integer null;`);
    this.addSql(`alter table \`users\` add column \`allow_unrated\` integer not null default true;`);
    this.addSql(`alter table \`users\` add column \`labels_include\` json not null default '[]';`);
    this.addSql(`alter table \`users\` add column \`labels_exclude\` json not null default '[]';`);
    for (const table of ['labels', 'series_labels']) {
      for (const event of ['insert', 'update', 'delete']) {
        this.addSql(
          `create trigger \`catalog_${table}_${event}\` after ${event} on \`${table}\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
        );
      }
    }
  }

  override down(): void | Promise<void> {
    // Dropping a table drops its triggers.
    this.addSql(`drop table if exists \`series_labels\`;`);
    this.addSql(`drop table if exists \`labels\`;`);
    this.addSql(`drop index if exists \`books_series_id_age_rating_age_index\`;`);
    for (const column of ['age_max', 'allow_unrated', 'labels_include', 'labels_exclude'])
      this.addSql(`alter table \`users\` drop column \`${column}\`;`);
  }
}

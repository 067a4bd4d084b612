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
      `create table "labels" ("id" uuid not null, "name" varchar(100) not null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "labels" add constraint "labels_name_unique" unique ("name");`);
    this.addSql(
      `create table "series_labels" ("series_id" uuid not null, "label_id" uuid not null, primary key ("series_id", "label_id"));`,
    );
    this.addSql(`create index "series_labels_label_id_index" on "series_labels" ("label_id");`);
    this.addSql(`create index "books_series_id_age_rating_age_index" on "books" ("series_id", "age_rating_age");`);
    this.addSql(
      `alter table "users" add "age_max" int null, add "allow_unrated" boolean not null default true, add "labels_include" jsonb not null default '[]', add "labels_exclude" jsonb not null default '[]';`,
    );
    this.addSql(
      `alter table "series_labels" add constraint "series_labels_series_id_foreign" foreign key ("series_id") references "series" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "series_labels" add constraint "series_labels_label_id_foreign" foreign key ("label_id") references "labels" ("id") on update cascade on delete cascade;`,
    );
    // NOTIFY is delivered at commit (ADR 7): the function is the catalog_version migration's.
    for (const table of ['labels', 'series_labels']) {
      this.addSql(
        `create trigger "catalog_${table}_changed" after insert or update or delete or truncate on "${table}" for each statement execute function "shelfmark_catalog_changed"();`,
      );
    }
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "series_labels" cascade;`);
    this.addSql(`drop table if exists "labels" cascade;`);
    this.addSql(`drop index if exists "books_series_id_age_rating_age_index";`);
    this.addSql(
      `alter table "users" drop column "age_max", drop column "allow_unrated", drop column "labels_include", drop column "labels_exclude";`,
    );
  }
}

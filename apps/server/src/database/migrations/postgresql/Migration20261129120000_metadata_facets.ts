import { Migration } from '@mikro-orm/migrations';

/**
 * The list metadata's values as rows (`book_facets`, `series_facets`), so the list filters and facets read indexes
 * instead of every row's JSON; and indexes for the single-valued filters. Triggers on `books` and `series` write
 * the rows from the JSON columns, so every writer (scan, series fill, metadata approval and sync, backfill, admin
 * edits) keeps them in step; the rows already stored are copied here. An update rewrites a row's values only when
 * one of its lists (or its library) changed. No catalog-version trigger: these rows change only with a book or
 * series row, which bumps it.
 */
export class Migration20261129120000_metadata_facets extends Migration {
  override name = 'Migration20261129120000_metadata_facets';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "book_facets" ("book_id" uuid not null, "facet" varchar(20) not null, "value" varchar(200) not null, "role" varchar(20) not null, "library_id" uuid not null, primary key ("book_id", "facet", "value", "role"));`,
    );
    this.addSql(
      `create index "book_facets_facet_value_book_id_index" on "book_facets" ("facet", "value", "book_id");`,
    );
    this.addSql(
      `create index "book_facets_library_id_facet_value_index" on "book_facets" ("library_id", "facet", "value");`,
    );
    this.addSql(
      `create table "series_facets" ("series_id" uuid not null, "facet" varchar(20) not null, "value" varchar(200) not null, "role" varchar(20) not null, "library_id" uuid not null, primary key ("series_id", "facet", "value", "role"));`,
    );
    this.addSql(
      `create index "series_facets_facet_value_series_id_index" on "series_facets" ("facet", "value", "series_id");`,
    );
    this.addSql(
      `create index "series_facets_library_id_facet_value_index" on "series_facets" ("library_id", "facet", "value");`,
    );
    this.addSql(
      `alter table "book_facets" add constraint "book_facets_book_id_foreign" foreign key ("book_id") references "books" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "book_facets" add constraint "book_facets_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "series_facets" add constraint "series_facets_series_id_foreign" foreign key ("series_id") references "series" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "series_facets" add constraint "series_facets_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete cascade;`,
    );
    for (const [table, column] of SINGLE_VALUED) {
      this.addSql(`create index "${table}_${column}_index" on "${table}" ("${column}");`);
    }

    this.addSql(`insert into "book_facets" ${facetRows('b', 'from "books" b,', true)};`);
    this.addSql(`insert into "series_facets" ${facetRows('s', 'from "series" s,', false)};`);
    this.addSql(
      `create or replace function "shelfmark_book_facets"() returns trigger language plpgsql as $$ begin
         if tg_op = 'UPDATE' then
           if new."genres" is not distinct from old."genres" and new."publishers" is not distinct from old."publishers"
              and new."tags" is not distinct from old."tags" and new."authors" is not distinct from old."authors"
              and new."story_arcs" is not distinct from old."story_arcs" and new."library_id" = old."library_id" then
             return null;
           end if;
           delete from "book_facets" where "book_id" = old."id";
         end if;
         insert into "book_facets" ${facetRows('new', 'from', true)};
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger "book_facets_changed" after insert or update on "books" for each row execute function "shelfmark_book_facets"();`,
    );
    this.addSql(
      `create or replace function "shelfmark_series_facets"() returns trigger language plpgsql as $$ begin
         if tg_op = 'UPDATE' then
           if new."genres" is not distinct from old."genres" and new."publishers" is not distinct from old."publishers"
              and new."tags" is not distinct from old."tags" and new."authors" is not distinct from old."authors"
              and new."library_id" = old."library_id" then
             return null;
           end if;
           delete from "series_facets" where "series_id" = old."id";
         end if;
         insert into "series_facets" ${facetRows('new', 'from', false)};
         return null;
       end $$;`,
    );
    this.addSql(
      `create trigger "series_facets_changed" after insert or update on "series" for each row execute function "shelfmark_series_facets"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "book_facets_changed" on "books";`);
    this.addSql(`drop trigger if exists "series_facets_changed" on "series";`);
    this.addSql(`drop function if exists "shelfmark_book_facets"();`);
    this.addSql(`drop function if exists "shelfmark_series_facets"();`);
    for (const [table, column] of SINGLE_VALUED) this.addSql(`drop index if exists "${table}_${column}_index";`);
    this.addSql(`drop table if exists "book_facets" cascade;`);
    this.addSql(`drop table if exists "series_facets" cascade;`);
  }
}

const SINGLE_VALUED = [
  ['books', 'language'],
  ['books', 'comic_format'],
  ['books', 'age_rating_age'],
  ['books', 'publish_date'],
  ['series', 'language'],
  ['series', 'age_rating_age'],
] as const;

/**
 * The distinct (owner, facet, value, role, library) rows of a row's lists, in the column order of both facet
 * tables; `from` joins the table `row` names (or is bare for a trigger's `new`). What is not a usable value (not a
 * string, empty, longer than a filter may ask for) is skipped, and a column that is not a JSON array counts as an
 * empty list.
 */
function facetRows(row: string, from: string, withArcs: boolean): string {
  const list = (column: string) =>
    `${from} jsonb_array_elements(case when jsonb_typeof(${row}."${column}") = 'array' then ${row}."${column}" else '[]' end) e`;
  const select = (facet: string, value: string, role: string) =>
    `select ${row}."id", '${facet}', ${value}, ${role}, ${row}."library_id"`;
  const names = (facet: string, column: string) =>
    `${select(facet, `e #>> '{}'`, "''")} ${list(column)} where jsonb_typeof(e) = 'string' and length(e #>> '{}') between 1 and 200`;
  const named = `jsonb_typeof(e) = 'object' and jsonb_typeof(e -> 'name') = 'string' and length(e ->> 'name') between 1 and 200`;
  const role = `coalesce(e ->> 'role', '')`;
  const parts = [
    names('genre', 'genres'),
    names('publisher', 'publishers'),
    names('tag', 'tags'),
    `${select('author', `e ->> 'name'`, role)} ${list('authors')} where ${named} and length(${role}) <= 20`,
  ];
  if (withArcs) parts.push(`${select('story_arc', `e ->> 'name'`, "''")} ${list('story_arcs')} where ${named}`);
  return parts.join(' union ');
}

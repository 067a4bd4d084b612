import { Migration } from '@mikro-orm/migrations';

const COMIC_FORMATS = `('cbz', 'cbr', 'cb7', 'cbt')`;
const PROVIDER_FIELDS = ['summary', 'isbn', 'publish_date', 'language'] as const;
const SERIES_FIELDS = ['status', 'authors', 'description', 'publishers', 'total_volumes', 'genres', 'language'] as const;

/**
 * Issue 31: everything ComicInfo and OPF carry, authors with their role, and where each value came from
 * (`metadata_sources`). How stored authors get their role and stored values their source: see the SQLite migration
 * of the same name.
 */
export class Migration20261129013100_book_metadata_fields extends Migration {
  override name = 'Migration20261129013100_book_metadata_fields';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "books" add "count" int null, add "genres" jsonb not null default '[]',
         add "publishers" jsonb not null default '[]', add "imprint" varchar(200) null,
         add "tags" jsonb not null default '[]', add "age_rating" varchar(100) null, add "age_rating_age" int null,
         add "web_links" jsonb not null default '[]', add "story_arcs" jsonb not null default '[]',
         add "series_group" varchar(200) null, add "characters" jsonb not null default '[]',
         add "teams" jsonb not null default '[]', add "locations" jsonb not null default '[]',
         add "comic_format" varchar(100) null, add "black_and_white" boolean null,
         add "metadata_sources" jsonb not null default '{}';`,
    );
    this.addSql(
      `alter table "series" add "description_from_volume" double precision null, add "imprint" varchar(200) null,
         add "tags" jsonb not null default '[]', add "age_rating" varchar(100) null, add "age_rating_age" int null,
         add "metadata_sources" jsonb not null default '{}';`,
    );
    for (const field of PROVIDER_FIELDS)
      this.addSql(
        `update "books" set "metadata_sources" = "metadata_sources" || '{"${field}": "provider"}'::jsonb
          where "${field}" is not null and exists (select 1 from "external_book_metadata" e
            where e."book_id" = "books"."id" and e."${field}" = "books"."${field}");`,
      );
    this.addSql(
      `update "books" set "metadata_sources" = "metadata_sources" || '{"authors": "provider"}'::jsonb
        where jsonb_array_length("authors") > 0 and exists (select 1 from "external_book_metadata" e
          where e."book_id" = "books"."id" and e."authors" = "books"."authors");`,
    );
    this.addSql(
      `update "books" set "authors" = (
         select jsonb_agg(jsonb_build_object('name', a.value, 'role',
           case when "books"."format" in ${COMIC_FORMATS} and not ("books"."metadata_sources" ? 'authors')
                then 'writer' else 'author' end) order by a.position)
           from jsonb_array_elements_text("books"."authors") with ordinality a(value, position))
        where jsonb_array_length("authors") > 0;`,
    );
    this.addSql(
      `update "series" set "authors" = (
         select jsonb_agg(jsonb_build_object('name', a.value, 'role', 'author') order by a.position)
           from jsonb_array_elements_text("series"."authors") with ordinality a(value, position))
        where jsonb_array_length("authors") > 0;`,
    );
    for (const field of SERIES_FIELDS)
      this.addSql(
        `update "series" set "metadata_sources" = "metadata_sources" || jsonb_build_object('${field}',
           case when exists (select 1 from "external_metadata_links" l
                              where l."series_id" = "series"."id" and l."status" = 'approved')
                then 'provider' else 'admin' end)
          where "${field}" is not null and "${field}"::text not in ('', '[]');`,
      );
  }

  override down(): void | Promise<void> {
    for (const table of ['books', 'series'])
      this.addSql(
        `update "${table}" set "authors" = (select jsonb_agg(a.value->'name' order by a.position)
           from jsonb_array_elements("${table}"."authors") with ordinality a(value, position))
          where jsonb_array_length("authors") > 0;`,
      );
    this.addSql(
      `alter table "books" drop column "count", drop column "genres", drop column "publishers", drop column "imprint",
         drop column "tags", drop column "age_rating", drop column "age_rating_age", drop column "web_links",
         drop column "story_arcs", drop column "series_group", drop column "characters", drop column "teams",
         drop column "locations", drop column "comic_format", drop column "black_and_white",
         drop column "metadata_sources";`,
    );
    this.addSql(
      `alter table "series" drop column "description_from_volume", drop column "imprint", drop column "tags",
         drop column "age_rating", drop column "age_rating_age", drop column "metadata_sources";`,
    );
  }
}

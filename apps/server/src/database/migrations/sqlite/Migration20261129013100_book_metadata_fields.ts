import { Migration } from '@mikro-orm/migrations';

const COMIC_FORMATS = `('cbz', 'cbr', 'cb7', 'cbt')`;
const PROVIDER_FIELDS = ['summary', 'isbn', 'publish_date', 'language'] as const;
const SERIES_FIELDS = ['status', 'authors', 'description', 'publishers', 'total_volumes', 'genres', 'language'] as const;

/**
 * Issue 31: everything ComicInfo and OPF carry (genres, publishers, tags, age rating, imprint, web links, story arcs,
 * series group, characters, teams, locations, comic format, black and white, count), authors with their role, and
 * where each value came from (`metadata_sources`, domain/metadata-sources.ts).
 *
 * Stored authors were names. A book's become `writer` when its file is a comic (their names came from ComicInfo,
 * whose Writer came first), `author` otherwise (OPF creators, PDF authors), and `author` when the provider's book
 * record holds the same names (a book sync wrote them). A series' authors came from a provider or an admin: `author`.
 *
 * Sources, as far as the stored rows tell: a book value equal to its provider record's is `provider`; every set
 * series field the scan never wrote (all but start year and reading direction) is `provider` when the series has an
 * approved link, else `admin`. Locks are left as they are.
 */
export class Migration20261129013100_book_metadata_fields extends Migration {
  override name = 'Migration20261129013100_book_metadata_fields';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`books\` add column \`count\` integer null;`);
    this.addSql(`alter table \`books\` add column \`genres\` json not null default '[]';`);
    this.addSql(`alter table \`books\` add column \`publishers\` json not null default '[]';`);
    this.addSql(`alter table \`books\` add column \`imprint\` text null;`);
    this.addSql(`alter table \`books\` add column \`tags\` json not null default '[]';`);
    this.addSql(`alter table \`books\` add column \`age_rating\` text null;`);
    this.addSql(`alter table \`books\` add column \`age_rating_age\` integer null;`);
    this.addSql(`alter table \`books\` add column \`web_links\` json not null default '[]';`);
    this.addSql(`alter table \`books\` add column \`story_arcs\` json not null default '[]';`);
    this.addSql(`alter table \`books\` add column \`series_group\` text null;`);
    this.addSql(`alter table \`books\` add column \`characters\` json not null default '[]';`);
    this.addSql(`alter table \`books\` add column \`teams\` json not null default '[]';`);
    this.addSql(`alter table \`books\` add column \`locations\` json not null default '[]';`);
    this.addSql(`alter table \`books\` add column \`comic_format\` text null;`);
    this.addSql(`alter table \`books\` add column \`black_and_white\` integer null;`);
    this.addSql(`alter table \`books\` add column \`metadata_sources\` json not null default '{}';`);
    this.addSql(`alter table \`series\` add column \`description_from_volume\` double null;`);
    this.addSql(`alter table \`series\` add column \`imprint\` text null;`);
    this.addSql(`alter table \`series\` add column \`tags\` json not null default '[]';`);
    this.addSql(`alter table \`series\` add column \`age_rating\` text null;`);
    this.addSql(`alter table \`series\` add column \`age_rating_age\` integer null;`);
    this.addSql(`alter table \`series\` add column \`metadata_sources\` json not null default '{}';`);
    for (const field of PROVIDER_FIELDS)
      this.addSql(
        `update \`books\` set \`metadata_sources\` = json_set(\`metadata_sources\`, '$.${field}', 'provider')
          where \`${field}\` is not null and exists (select 1 from \`external_book_metadata\` e
            where e.\`book_id\` = \`books\`.\`id\` and e.\`${field}\` = \`books\`.\`${field}\`);`,
      );
    this.addSql(
      `update \`books\` set \`metadata_sources\` = json_set(\`metadata_sources\`, '$.authors', 'provider')
        where json_array_length(\`authors\`) > 0 and exists (select 1 from \`external_book_metadata\` e
          where e.\`book_id\` = \`books\`.\`id\` and json(e.\`authors\`) = json(\`books\`.\`authors\`));`,
    );
    this.addSql(
      `update \`books\` set \`authors\` = (
         select json_group_array(json_object('name', a.value, 'role',
           case when \`books\`.\`format\` in ${COMIC_FORMATS}
                 and json_extract(\`books\`.\`metadata_sources\`, '$.authors') is null then 'writer' else 'author' end))
           from json_each(\`books\`.\`authors\`) a)
        where json_array_length(\`authors\`) > 0;`,
    );
    this.addSql(
      `update \`series\` set \`authors\` = (
         select json_group_array(json_object('name', a.value, 'role', 'author')) from json_each(\`series\`.\`authors\`) a)
        where json_array_length(\`authors\`) > 0;`,
    );
    for (const field of SERIES_FIELDS)
      this.addSql(
        `update \`series\` set \`metadata_sources\` = json_set(\`metadata_sources\`, '$.${field}',
           case when exists (select 1 from \`external_metadata_links\` l
                              where l.\`series_id\` = \`series\`.\`id\` and l.\`status\` = 'approved')
                then 'provider' else 'admin' end)
          where \`${field}\` is not null and cast(\`${field}\` as text) not in ('', '[]');`,
      );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `update \`books\` set \`authors\` = (select json_group_array(json_extract(a.value, '$.name')) from json_each(\`books\`.\`authors\`) a)
        where json_array_length(\`authors\`) > 0;`,
    );
    this.addSql(
      `update \`series\` set \`authors\` = (select json_group_array(json_extract(a.value, '$.name')) from json_each(\`series\`.\`authors\`) a)
        where json_array_length(\`authors\`) > 0;`,
    );
    for (const column of [
      'count', 'genres', 'publishers', 'imprint', 'tags', 'age_rating', 'age_rating_age', 'web_links', 'story_arcs',
      'series_group', 'characters', 'teams', 'locations', 'comic_format', 'black_and_white', 'metadata_sources',
    ])
      this.addSql(`alter table \`books\` drop column \`${column}\`;`);
    for (const column of ['description_from_volume', 'imprint', 'tags', 'age_rating', 'age_rating_age', 'metadata_sources'])
      this.addSql(`alter table \`series\` drop column \`${column}\`;`);
  }
}

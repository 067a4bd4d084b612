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
      `create table \`book_facets\` (\`book_id\` text not null, \`facet\` text not null, \`value\` text not null, \`role\` text not null, \`library_id\` text not null, primary key (\`book_id\`, \`facet\`, \`value\`, \`role\`), constraint \`book_facets_book_id_foreign\` foreign key (\`book_id\`) references \`books\` (\`id\`) on delete cascade, constraint \`book_facets_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`book_facets_book_id_index\` on \`book_facets\` (\`book_id\`);`);
    this.addSql(`create index \`book_facets_library_id_index\` on \`book_facets\` (\`library_id\`);`);
    this.addSql(
      `create index \`book_facets_facet_value_book_id_index\` on \`book_facets\` (\`facet\`, \`value\`, \`book_id\`);`,
    );
    this.addSql(
      `create index \`book_facets_library_id_facet_value_index\` on \`book_facets\` (\`library_id\`, \`facet\`, \`value\`);`,
    );
    this.addSql(
      `create table \`series_facets\` (\`series_id\` text not null, \`facet\` text not null, \`value\` text not null, \`role\` text not null, \`library_id\` text not null, primary key (\`series_id\`, \`facet\`, \`value\`, \`role\`), constraint \`series_facets_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete cascade, constraint \`series_facets_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`series_facets_series_id_index\` on \`series_facets\` (\`series_id\`);`);
    this.addSql(`create index \`series_facets_library_id_index\` on \`series_facets\` (\`library_id\`);`);
    this.addSql(
      `create index \`series_facets_facet_value_series_id_index\` on \`series_facets\` (\`facet\`, \`value\`, \`series_id\`);`,
    );
    this.addSql(
      `create index \`series_facets_library_id_facet_value_index\` on \`series_facets\` (\`library_id\`, \`facet\`, \`value\`);`,
    );
    for (const [table, column] of SINGLE_VALUED) {
      this.addSql(`create index \`${table}_${column}_index\` on \`${table}\` (\`${column}\`);`);
    }

    this.addSql(`insert into \`book_facets\` ${facetRows('b', 'from `books` b,', true)};`);
    this.addSql(`insert into \`series_facets\` ${facetRows('s', 'from `series` s,', false)};`);
    this.addSql(
      `create trigger \`book_facets_insert\` after insert on \`books\` begin
         insert into \`book_facets\` ${facetRows('new', 'from', true)};
       end;`,
    );
    this.addSql(
      `create trigger \`book_facets_update\` after update of \`genres\`, \`publishers\`, \`tags\`, \`authors\`, \`story_arcs\`, \`library_id\` on \`books\`
       when old.\`genres\` is not new.\`genres\` or old.\`publishers\` is not new.\`publishers\` or old.\`tags\` is not new.\`tags\`
         or old.\`authors\` is not new.\`authors\` or old.\`story_arcs\` is not new.\`story_arcs\` or old.\`library_id\` is not new.\`library_id\`
       begin
         delete from \`book_facets\` where \`book_id\` = old.\`id\`;
         insert into \`book_facets\` ${facetRows('new', 'from', true)};
       end;`,
    );
    this.addSql(
      `create trigger \`series_facets_insert\` after insert on \`series\` begin
         insert into \`series_facets\` ${facetRows('new', 'from', false)};
       end;`,
    );
    this.addSql(
      `create trigger \`series_facets_update\` after update of \`genres\`, \`publishers\`, \`tags\`, \`authors\`, \`library_id\` on \`series\`
       when old.\`genres\` is not new.\`genres\` or old.\`publishers\` is not new.\`publishers\` or old.\`tags\` is not new.\`tags\`
         or old.\`authors\` is not new.\`authors\` or old.\`library_id\` is not new.\`library_id\`
       begin
         delete from \`series_facets\` where \`series_id\` = old.\`id\`;
         insert into \`series_facets\` ${facetRows('new', 'from', false)};
       end;`,
    );
  }

  override down(): void | Promise<void> {
    // Dropping the tables drops their triggers' targets; the triggers are on books and series.
    for (const trigger of ['book_facets_insert', 'book_facets_update', 'series_facets_insert', 'series_facets_update'])
      this.addSql(`drop trigger if exists \`${trigger}\`;`);
    for (const [table, column] of SINGLE_VALUED) this.addSql(`drop index if exists \`${table}_${column}_index\`;`);
    this.addSql(`drop table if exists \`book_facets\`;`);
    this.addSql(`drop table if exists \`series_facets\`;`);
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
 * tables; `from` joins the table `row` names (or is bare for a trigger's `new`). What is not a usable value (not
 * text, empty, longer than a filter may ask for) is skipped; text that is not JSON counts as an empty list rather
 * than failing the write.
 */
function facetRows(row: string, from: string, withArcs: boolean): string {
  const list = (column: string) =>
    `${from} json_each(case when json_valid(${row}.\`${column}\`) then ${row}.\`${column}\` else '[]' end) j`;
  const usable = (value: string) => `typeof(${value}) = 'text' and length(${value}) between 1 and 200`;
  const select = (facet: string, value: string, role: string) =>
    `select ${row}.\`id\`, '${facet}', ${value}, ${role}, ${row}.\`library_id\``;
  const names = (facet: string, column: string) =>
    `${select(facet, 'j.value', "''")} ${list(column)} where j.type = 'text' and ${usable('j.value')}`;
  const name = `json_extract(j.value, '$.name')`;
  const role = `coalesce(json_extract(j.value, '$.role'), '')`;
  const parts = [
    names('genre', 'genres'),
    names('publisher', 'publishers'),
    names('tag', 'tags'),
    `${select('author', name, role)} ${list('authors')} where j.type = 'object' and ${usable(name)} and length(${role}) <= 20`,
  ];
  if (withArcs)
    parts.push(`${select('story_arc', name, "''")} ${list('story_arcs')} where j.type = 'object' and ${usable(name)}`);
  return parts.join(' union ');
}

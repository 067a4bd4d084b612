import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 32: the report of a `.cbl` import is kept with its list (one row per entry of the file), so that "Match
 * again" completes it after a scan. An entry's matched book going back to null when the book is deleted is what keeps
 * it in the report as missing. The table takes part in the catalog version (ADR 7) as the other list tables do.
 */
export class Migration20261129090000_reading_list_import_reports extends Migration {
  override name = 'Migration20261129090000_reading_list_import_reports';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`reading_list_import_entries\` (\`reading_list_id\` text not null, \`position\` integer not null, \`series\` text not null, \`number\` text null, \`volume\` text null, \`year\` text null, \`book_id\` text null, \`candidate_ids\` json not null, primary key (\`reading_list_id\`, \`position\`), constraint \`reading_list_import_entries_reading_list_id_foreign\` foreign key (\`reading_list_id\`) references \`reading_lists\` (\`id\`) on delete cascade, constraint \`reading_list_import_entries_book_id_foreign\` foreign key (\`book_id\`) references \`books\` (\`id\`) on delete set null);`,
    );
    this.addSql(
      `create index \`reading_list_import_entries_reading_list_id_index\` on \`reading_list_import_entries\` (\`reading_list_id\`);`,
    );
    this.addSql(
      `create index \`reading_list_import_entries_book_id_index\` on \`reading_list_import_entries\` (\`book_id\`);`,
    );
    for (const event of ['insert', 'update', 'delete']) {
      this.addSql(
        `create trigger \`catalog_reading_list_import_entries_${event}\` after ${event} on \`reading_list_import_entries\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
      );
    }
  }

  override down(): void | Promise<void> {
    // Dropping the table drops its triggers.
    this.addSql(`drop table if exists \`reading_list_import_entries\`;`);
  }
}

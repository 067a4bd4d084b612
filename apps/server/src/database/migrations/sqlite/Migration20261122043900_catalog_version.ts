import { Migration } from '@mikro-orm/migrations';

export class Migration20261122043900_catalog_version extends Migration {
  override name = 'Migration20261122043900_catalog_version';

  override up(): void | Promise<void> {
    // Browsing caches (repositories/list-cache.ts) key their entries by this version; every write to what the
    // lists show bumps it, whichever process or connection writes.
    this.addSql(
      `create table \`catalog_state\` (\`id\` integer not null primary key check (\`id\` = 1), \`version\` integer not null);`,
    );
    this.addSql(`insert into \`catalog_state\` (\`id\`, \`version\`) values (1, 0);`);
    this.addSql(
      `create trigger \`catalog_libraries_insert\` after insert on \`libraries\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_libraries_update\` after update on \`libraries\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_libraries_delete\` after delete on \`libraries\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_series_insert\` after insert on \`series\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_series_update\` after update on \`series\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_series_delete\` after delete on \`series\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_books_insert\` after insert on \`books\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_books_update\` after update on \`books\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_books_delete\` after delete on \`books\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_book_files_insert\` after insert on \`book_files\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_book_files_update\` after update on \`book_files\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_book_files_delete\` after delete on \`book_files\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_reading_progress_insert\` after insert on \`reading_progress\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_reading_progress_update\` after update on \`reading_progress\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_reading_progress_delete\` after delete on \`reading_progress\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(`drop index \`series_library_id_sort_name_index\`;`);
    this.addSql(`drop index \`series_sort_name_library_id_index\`;`);
    this.addSql(
      `create index \`series_sort_name_library_id_name_index\` on \`series\` (\`sort_name\`, \`library_id\`, \`name\`);`,
    );
    this.addSql(
      `create index \`series_library_id_sort_name_name_index\` on \`series\` (\`library_id\`, \`sort_name\`, \`name\`);`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger \`catalog_libraries_insert\`;`);
    this.addSql(`drop trigger \`catalog_libraries_update\`;`);
    this.addSql(`drop trigger \`catalog_libraries_delete\`;`);
    this.addSql(`drop trigger \`catalog_series_insert\`;`);
    this.addSql(`drop trigger \`catalog_series_update\`;`);
    this.addSql(`drop trigger \`catalog_series_delete\`;`);
    this.addSql(`drop trigger \`catalog_books_insert\`;`);
    this.addSql(`drop trigger \`catalog_books_update\`;`);
    this.addSql(`drop trigger \`catalog_books_delete\`;`);
    this.addSql(`drop trigger \`catalog_book_files_insert\`;`);
    this.addSql(`drop trigger \`catalog_book_files_update\`;`);
    this.addSql(`drop trigger \`catalog_book_files_delete\`;`);
    this.addSql(`drop trigger \`catalog_reading_progress_insert\`;`);
    this.addSql(`drop trigger \`catalog_reading_progress_update\`;`);
    this.addSql(`drop trigger \`catalog_reading_progress_delete\`;`);
    this.addSql(`drop table \`catalog_state\`;`);
    this.addSql(`drop index \`series_sort_name_library_id_name_index\`;`);
    this.addSql(`drop index \`series_library_id_sort_name_name_index\`;`);
    this.addSql(`create index \`series_library_id_sort_name_index\` on \`series\` (\`library_id\`, \`sort_name\`);`);
    this.addSql(`create index \`series_sort_name_library_id_index\` on \`series\` (\`sort_name\`, \`library_id\`);`);
  }
}

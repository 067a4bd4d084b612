import { Migration } from '@mikro-orm/migrations';

/**
 * A book file's parse error and a metadata batch result's error as codes beside the words (with the values their
 * sentences need), as job errors already are, so the admin says them in the reader's language; rows written before
 * keep their words only (code null).
 */
export class Migration20261126200000_row_error_codes extends Migration {
  override name = 'Migration20261126200000_row_error_codes';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "book_files" add "parse_error_code" varchar(32) null, add "parse_error_params" jsonb null;`,
    );
    this.addSql(
      `alter table "metadata_batch_results" add "error_code" varchar(32) null, add "error_params" jsonb null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "metadata_batch_results" drop column "error_code", drop column "error_params";`);
    this.addSql(`alter table "book_files" drop column "parse_error_code", drop column "parse_error_params";`);
  }
}

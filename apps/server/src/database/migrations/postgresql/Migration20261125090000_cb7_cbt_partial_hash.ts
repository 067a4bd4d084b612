import { Migration } from '@mikro-orm/migrations';

/** CB7 and CBT books, and the partial hash that recognises a moved file (indexer/partial-hash.ts). */
export class Migration20261125090000_cb7_cbt_partial_hash extends Migration {
  override name = 'Migration20261125090000_cb7_cbt_partial_hash';

  override up(): void | Promise<void> {
    this.addSql(`alter table "books" drop constraint "books_format_check";`);
    this.addSql(
      `alter table "books" add constraint "books_format_check" check ("format" in ('cbz', 'cbr', 'cb7', 'cbt', 'pdf', 'epub'));`,
    );
    this.addSql(`alter table "book_files" drop constraint "book_files_format_check";`);
    this.addSql(
      `alter table "book_files" add constraint "book_files_format_check" check ("format" in ('cbz', 'cbr', 'cb7', 'cbt', 'pdf', 'epub'));`,
    );
    this.addSql(`alter table "book_files" add "partial_hash" varchar(32) null;`);
    this.addSql(
      `create index "book_files_library_id_partial_hash_size_bytes_index" on "book_files" ("library_id", "partial_hash", "size_bytes");`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "book_files_library_id_partial_hash_size_bytes_index";`);
    this.addSql(`alter table "book_files" drop column "partial_hash";`);
  }
}

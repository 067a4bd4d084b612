import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 30 (a change is never lost): each book file's change time (ctime), so that a file rewritten in place with
 * its size and modification time kept (`cp -p`, `rsync -t`, a tagger) is still read again. Null on the files
 * indexed before: they are read once more the next time a scan reads their folder.
 */
export class Migration20261127100000_file_change_time extends Migration {
  override name = 'Migration20261127100000_file_change_time';

  override up(): void | Promise<void> {
    this.addSql(`alter table "book_files" add "ctime_ms" bigint null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "book_files" drop column "ctime_ms";`);
  }
}

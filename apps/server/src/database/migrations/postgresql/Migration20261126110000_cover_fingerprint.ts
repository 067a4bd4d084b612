import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 22 (cheap rewrites): the fingerprint of a book file's cover entry, so that a file rewritten with the same
 * cover (a tagger changing ComicInfo.xml) keeps its thumbnail instead of having it made again.
 */
export class Migration20261126110000_cover_fingerprint extends Migration {
  override name = 'Migration20261126110000_cover_fingerprint';

  override up(): void | Promise<void> {
    this.addSql(`alter table "book_files" add "cover_fingerprint" text null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "book_files" drop column "cover_fingerprint";`);
  }
}

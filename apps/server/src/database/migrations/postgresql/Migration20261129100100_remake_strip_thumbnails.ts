import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 33 item 12, once: the thumbnails of books whose first page is a strip (at least twice as tall as wide, a
 * webtoon's) were fitted into a sliver; forgetting them (only theirs) has them made again, cut from the top, on the
 * next request or scan (ThumbnailService writes over the old file of the same name).
 */
export class Migration20261129100100_remake_strip_thumbnails extends Migration {
  override name = 'Migration20261129100100_remake_strip_thumbnails';

  override up(): void | Promise<void> {
    this.addSql(
      `update book_files set thumbnail_path = null
        where thumbnail_path is not null and thumbnail_path <> ''
          and exists (select 1 from book_pages p
                       where p.book_file_id = book_files.id and p.number = 1
                         and p.width > 0 and p.height >= 2 * p.width);`,
    );
  }

  override down(): void | Promise<void> {
    // Nothing to undo: a thumbnail made again is still a thumbnail.
  }
}

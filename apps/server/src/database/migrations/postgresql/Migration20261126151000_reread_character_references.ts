import { Migration } from '@mikro-orm/migrations';

/**
 * Character and entity references in ComicInfo and OPF (`L&#8217;Arabe`, `&nbsp;`) were stored as written until the
 * parser decoded them (anything like `&…;` is read again: a needless re-read is cheap).
 * The files whose book or series holds one are marked changed (their stored mtime moved back a millisecond) and
 * their libraries' folders forgotten, so the next scan, even incremental, reads them again; locked fields keep their
 * values as on any rescan.
 */
export class Migration20261126151000_reread_character_references extends Migration {
  override name = 'Migration20261126151000_reread_character_references';

  override up(): void | Promise<void> {
    this.addSql(`delete from "directory_mtimes" where "library_id" in (
      select "library_id" from "books" where "id" in (select b."id" from "books" b left join "series" s on s."id" = b."series_id"
       where b."title" like '%&%;%' or b."summary" like '%&%;%' or b."authors"::text like '%&%;%'
          or s."name" like '%&%;%'));`);
    this.addSql(`update "book_files" set "mtime_ms" = "mtime_ms" - 1 where "book_id" in (
      select b."id" from "books" b left join "series" s on s."id" = b."series_id"
       where b."title" like '%&%;%' or b."summary" like '%&%;%' or b."authors"::text like '%&%;%'
          or s."name" like '%&%;%');`);
  }

  override down(): void | Promise<void> {
    // Nothing to undo: the files are read again by the next scan either way.
  }
}

import { Migration } from '@mikro-orm/migrations';
import { refreshCounts } from '../../../repositories/series-counts.js';

/**
 * Reading progress per reader (issue 20 §2): `reading_progress` and `orphaned_progress` gain their user, and the
 * series' read and started counts, last read time and on-deck book move to `series_reader_state`, one row per
 * reader and series they started.
 *
 * Today's progress was everyone's; it is given to the first admin, the oldest administrator (every account was one before roles). With no user at all the
 * progress cannot be kept (a record needs its reader, and nobody could ever read it back): it is dropped.
 * Columns change in place, so rows, foreign keys and the catalog triggers stay.
 */
export class Migration20261126030000_progress_per_reader extends Migration {
  override name = 'Migration20261126030000_progress_per_reader';

  override async up(): Promise<void> {
    const owner = `(select "id" from "users" where "role" = 'admin' order by "created_at", "id" limit 1)`;
    for (const sql of [
      `alter table "reading_progress" add column "user_id" uuid null, add column "position" text null, add column "percentage" double precision null, add column "device" varchar(200) null, add column "device_id" varchar(200) null;`,
      `update "reading_progress" set "user_id" = ${owner};`,
      `delete from "reading_progress" where "user_id" is null;`,
      `alter table "reading_progress" alter column "user_id" set not null;`,
      `alter table "reading_progress" add constraint "reading_progress_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
      `alter table "reading_progress" drop constraint "reading_progress_book_id_unique";`,
      `drop index "reading_progress_last_read_at_book_id_index";`,
      `create index "reading_progress_book_id_index" on "reading_progress" ("book_id");`,
      `create index "reading_progress_user_id_last_read_at_book_id_index" on "reading_progress" ("user_id", "last_read_at", "book_id");`,
      `alter table "reading_progress" add constraint "reading_progress_user_id_book_id_unique" unique ("user_id", "book_id");`,

      `alter table "orphaned_progress" add column "user_id" uuid null, add column "position" text null, add column "percentage" double precision null, add column "device" varchar(200) null, add column "device_id" varchar(200) null;`,
      `update "orphaned_progress" set "user_id" = ${owner};`,
      `delete from "orphaned_progress" where "user_id" is null;`,
      `alter table "orphaned_progress" alter column "user_id" set not null;`,
      `alter table "orphaned_progress" add constraint "orphaned_progress_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,

      `create table "series_reader_state" ("id" uuid not null, "user_id" uuid not null, "series_id" uuid not null, "read_count" int not null, "started_count" int not null, "last_read_at" timestamptz null, "on_deck_book_id" uuid null, primary key ("id"));`,
      `create index "series_reader_state_series_id_index" on "series_reader_state" ("series_id");`,
      `create index "series_reader_state_user_id_last_read_at_series_id_index" on "series_reader_state" ("user_id", "last_read_at", "series_id");`,
      `alter table "series_reader_state" add constraint "series_reader_state_user_id_series_id_unique" unique ("user_id", "series_id");`,
      `alter table "series_reader_state" add constraint "series_reader_state_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
      `alter table "series_reader_state" add constraint "series_reader_state_series_id_foreign" foreign key ("series_id") references "series" ("id") on delete cascade;`,

      `drop index "series_last_read_at_id_index";`,
      `alter table "series" drop column "read_count", drop column "started_count", drop column "last_read_at", drop column "on_deck_book_id";`,
    ])
      await this.execute(sql);
    // The first admin's state of every series they started.
    const em = this.getEntityManager();
    const series = await em.execute<{ id: string }[]>('select id from series');
    await refreshCounts(em, 'postgresql', series.map((row) => row.id), undefined, { chosenCovers: false });
  }
}

import { Migration } from '@mikro-orm/migrations';

/**
 * KOReader sync: each reader's last push per KOReader document, and an index on the partial hash alone so a
 * document finds its books in any library.
 */
export class Migration20261126040000_koreader_sync extends Migration {
  override name = 'Migration20261126040000_koreader_sync';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "koreader_progress" ("id" uuid not null, "user_id" uuid not null, "document" varchar(64) not null, "progress" text not null, "percentage" double precision not null, "device" varchar(255) not null, "device_id" varchar(255) null, "pushed_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "koreader_progress_document_index" on "koreader_progress" ("document");`);
    this.addSql(
      `alter table "koreader_progress" add constraint "koreader_progress_user_id_document_unique" unique ("user_id", "document");`,
    );
    this.addSql(
      `alter table "koreader_progress" add constraint "koreader_progress_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`create index "book_files_partial_hash_index" on "book_files" ("partial_hash");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "book_files_partial_hash_index";`);
    this.addSql(`drop table if exists "koreader_progress" cascade;`);
  }
}

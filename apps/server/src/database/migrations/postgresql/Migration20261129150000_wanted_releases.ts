import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 36: the wanted list, the release search job and grabs. `release_searches` holds the latest search of each
 * wanted volume (replaced by the next), `release_candidates` its best releases (the plugin's opaque data with them),
 * `release_grabs` every grab with its outcome; `jobs.type` gains `release_search`. The wanted list is cached per
 * catalog version and reads grabs and the provider links' volumes: writes to those tables notify too.
 */
export class Migration20261129150000_wanted_releases extends Migration {
  override name = 'Migration20261129150000_wanted_releases';

  override up(): void | Promise<void> {
    this.addSql(`create table "release_searches" ("id" uuid not null, "series_id" uuid not null, "volume" double precision not null, "query" varchar(1024) not null, "categories" jsonb not null, "provider" varchar(64) not null, "searched_at" timestamptz not null, "failure_code" varchar(32) null, "job_id" uuid null, primary key ("id"));`);
    this.addSql(`create index "release_searches_job_id_index" on "release_searches" ("job_id");`);
    this.addSql(`alter table "release_searches" add constraint "release_searches_series_id_volume_unique" unique ("series_id", "volume");`);
    this.addSql(`create table "release_candidates" ("id" uuid not null, "search_id" uuid not null, "rank" int not null, "guid" varchar(2048) not null, "title" varchar(1024) not null, "size_bytes" double precision null, "protocol" varchar(16) not null, "indexer" varchar(256) null, "seeders" int null, "leechers" int null, "publish_date" varchar(40) null, "info_url" varchar(2048) null, "volumes" jsonb not null, "exact" boolean not null, "indexer_data" jsonb not null, primary key ("id"));`);
    this.addSql(`create index "release_candidates_search_id_rank_index" on "release_candidates" ("search_id", "rank");`);
    this.addSql(`create table "release_grabs" ("id" uuid not null, "series_id" uuid null, "series_name" varchar(1024) not null, "volume" double precision not null, "title" varchar(1024) not null, "size_bytes" double precision null, "protocol" varchar(16) not null, "indexer" varchar(256) null, "provider" varchar(64) not null, "status" text not null, "failure_code" varchar(32) null, "failure_message" text null, "grabbed_by_id" uuid null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`);
    this.addSql(`create index "release_grabs_series_id_volume_index" on "release_grabs" ("series_id", "volume");`);
    this.addSql(`create index "release_grabs_created_at_index" on "release_grabs" ("created_at");`);
    this.addSql(`alter table "jobs" drop constraint "jobs_type_check";`);
    this.addSql(`alter table "jobs" add constraint "jobs_type_check" check ("type" in ('scan', 'metadata_batch', 'metadata_refresh', 'backup', 'metadata_backfill', 'release_search'));`);
    this.addSql(`alter table "release_searches" add constraint "release_searches_series_id_foreign" foreign key ("series_id") references "series" ("id") on delete cascade;`);
    this.addSql(`alter table "release_searches" add constraint "release_searches_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on delete set null;`);
    this.addSql(`alter table "release_candidates" add constraint "release_candidates_search_id_foreign" foreign key ("search_id") references "release_searches" ("id") on delete cascade;`);
    this.addSql(`alter table "release_grabs" add constraint "release_grabs_series_id_foreign" foreign key ("series_id") references "series" ("id") on delete set null;`);
    this.addSql(`alter table "release_grabs" add constraint "release_grabs_grabbed_by_id_foreign" foreign key ("grabbed_by_id") references "users" ("id") on delete set null;`);
    this.addSql(`alter table "release_grabs" add constraint "release_grabs_status_check" check ("status" in ('grabbed', 'imported', 'failed', 'expired'));`);
    this.addSql(
      `create trigger "catalog_release_grabs_changed" after insert or update or delete or truncate on "release_grabs" for each statement execute function "shelfmark_catalog_changed"();`,
    );
    this.addSql(
      `create trigger "catalog_external_metadata_links_changed" after insert or update or delete or truncate on "external_metadata_links" for each statement execute function "shelfmark_catalog_changed"();`,
    );
    this.addSql(
      `create trigger "catalog_external_book_metadata_changed" after insert or update or delete or truncate on "external_book_metadata" for each statement execute function "shelfmark_catalog_changed"();`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "catalog_release_grabs_changed" on "release_grabs";`);
    this.addSql(`drop trigger if exists "catalog_external_metadata_links_changed" on "external_metadata_links";`);
    this.addSql(`drop trigger if exists "catalog_external_book_metadata_changed" on "external_book_metadata";`);
    this.addSql(`drop table if exists "release_candidates" cascade;`);
    this.addSql(`drop table if exists "release_searches" cascade;`);
    this.addSql(`drop table if exists "release_grabs" cascade;`);
    this.addSql(`alter table "jobs" drop constraint "jobs_type_check";`);
    this.addSql(
      `alter table "jobs" add constraint "jobs_type_check" check ("type" in ('scan', 'metadata_batch', 'metadata_refresh', 'backup', 'metadata_backfill'));`,
    );
  }
}

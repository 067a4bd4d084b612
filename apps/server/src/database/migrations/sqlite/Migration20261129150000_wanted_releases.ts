import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 36: the wanted list, the release search job and grabs. `release_searches` holds the latest search of each
 * wanted volume (replaced by the next), `release_candidates` its best releases (the plugin's opaque data with them),
 * `release_grabs` every grab with its outcome; `jobs.type` gains `release_search`.
 *
 * The wanted list is cached per catalog version (repositories/list-cache.ts), and it reads grabs and the provider
 * links' volumes: writes to those tables bump the version too.
 *
 * SQLite cannot change the CHECK constraint on `jobs.type` in place, so `jobs` is rebuilt as in
 * Migration20261129080000, outside the migrator's transaction with foreign keys off (dropping `jobs` with them on
 * would delete its item errors and batch results by cascade).
 */
export class Migration20261129150000_wanted_releases extends Migration {
  override name = 'Migration20261129150000_wanted_releases';

  override isTransactional(): boolean {
    return false;
  }

  override up(): void | Promise<void> {
    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`begin;`);
    this.addSql(`create table \`release_searches\` (\`id\` text not null primary key, \`series_id\` text not null, \`volume\` double not null, \`query\` text not null, \`categories\` json not null, \`provider\` text not null, \`searched_at\` datetime not null, \`failure_code\` text null, \`job_id\` text null, constraint \`release_searches_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete cascade, constraint \`release_searches_job_id_foreign\` foreign key (\`job_id\`) references \`jobs\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`release_searches_series_id_index\` on \`release_searches\` (\`series_id\`);`);
    this.addSql(`create index \`release_searches_job_id_index\` on \`release_searches\` (\`job_id\`);`);
    this.addSql(`create unique index \`release_searches_series_id_volume_unique\` on \`release_searches\` (\`series_id\`, \`volume\`);`);
    this.addSql(`create table \`release_candidates\` (\`id\` text not null primary key, \`search_id\` text not null, \`rank\` integer not null, \`guid\` text not null, \`title\` text not null, \`size_bytes\` double null, \`protocol\` text not null, \`indexer\` text null, \`seeders\` integer null, \`leechers\` integer null, \`publish_date\` text null, \`info_url\` text null, \`volumes\` json not null, \`exact\` integer not null, \`indexer_data\` json not null, constraint \`release_candidates_search_id_foreign\` foreign key (\`search_id\`) references \`release_searches\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`release_candidates_search_id_index\` on \`release_candidates\` (\`search_id\`);`);
    this.addSql(`create index \`release_candidates_search_id_rank_index\` on \`release_candidates\` (\`search_id\`, \`rank\`);`);
    this.addSql(`create table \`release_grabs\` (\`id\` text not null primary key, \`series_id\` text null, \`series_name\` text not null, \`volume\` double not null, \`title\` text not null, \`size_bytes\` double null, \`protocol\` text not null, \`indexer\` text null, \`provider\` text not null, \`status\` text check (\`status\` in ('grabbed', 'imported', 'failed', 'expired')) not null, \`failure_code\` text null, \`failure_message\` text null, \`grabbed_by_id\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`release_grabs_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete set null, constraint \`release_grabs_grabbed_by_id_foreign\` foreign key (\`grabbed_by_id\`) references \`users\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`release_grabs_series_id_index\` on \`release_grabs\` (\`series_id\`);`);
    this.addSql(`create index \`release_grabs_grabbed_by_id_index\` on \`release_grabs\` (\`grabbed_by_id\`);`);
    this.addSql(`create index \`release_grabs_series_id_volume_index\` on \`release_grabs\` (\`series_id\`, \`volume\`);`);
    this.addSql(`create index \`release_grabs_created_at_index\` on \`release_grabs\` (\`created_at\`);`);
    this.addSql(`create table \`jobs__temp_alter\` (\`id\` text not null primary key, \`type\` text check (\`type\` in ('scan', 'metadata_batch', 'metadata_refresh', 'backup', 'metadata_backfill', 'release_search')) not null, \`status\` text check (\`status\` in ('queued', 'running', 'succeeded', 'completed_with_errors', 'failed', 'cancelled')) not null default 'queued', \`library_id\` text null, \`params\` json not null, \`processed\` integer not null default 0, \`total\` integer null, \`current_item\` text null, \`stage\` text null, \`error\` text null, \`error_code\` text null, \`error_params\` json null, \`item_errors_count\` integer not null default 0, \`cancel_requested\` integer not null default false, \`report\` json null, \`agenda_job_id\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`started_at\` datetime null, \`finished_at\` datetime null, constraint \`jobs_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete set null);`);
    this.addSql(
      `insert into \`jobs__temp_alter\` (\`id\`, \`type\`, \`status\`, \`library_id\`, \`params\`, \`processed\`, \`total\`, \`current_item\`, \`error\`, \`item_errors_count\`, \`cancel_requested\`, \`report\`, \`agenda_job_id\`, \`created_at\`, \`updated_at\`, \`started_at\`, \`finished_at\`, \`stage\`, \`error_code\`, \`error_params\`) select \`id\`, \`type\`, \`status\`, \`library_id\`, \`params\`, \`processed\`, \`total\`, \`current_item\`, \`error\`, \`item_errors_count\`, \`cancel_requested\`, \`report\`, \`agenda_job_id\`, \`created_at\`, \`updated_at\`, \`started_at\`, \`finished_at\`, \`stage\`, \`error_code\`, \`error_params\` from \`jobs\`;`,
    );
    this.addSql(`drop table \`jobs\`;`);
    this.addSql(`alter table \`jobs__temp_alter\` rename to \`jobs\`;`);
    this.addSql(`create index \`jobs_library_id_index\` on \`jobs\` (\`library_id\`);`);
    this.addSql(`create index \`jobs_type_status_index\` on \`jobs\` (\`type\`, \`status\`);`);
    this.addSql(`create index \`jobs_created_at_index\` on \`jobs\` (\`created_at\`);`);
    this.addSql(
      `create unique index \`jobs_one_active_per_library\` on \`jobs\` (\`library_id\`, \`type\`) where \`status\` in ('queued', 'running');`,
    );
    this.addSql(
      `create trigger \`catalog_release_grabs_insert\` after insert on \`release_grabs\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_release_grabs_update\` after update on \`release_grabs\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_release_grabs_delete\` after delete on \`release_grabs\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_external_metadata_links_insert\` after insert on \`external_metadata_links\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_external_metadata_links_update\` after update on \`external_metadata_links\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_external_metadata_links_delete\` after delete on \`external_metadata_links\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_external_book_metadata_insert\` after insert on \`external_book_metadata\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_external_book_metadata_update\` after update on \`external_book_metadata\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(
      `create trigger \`catalog_external_book_metadata_delete\` after delete on \`external_book_metadata\` begin update \`catalog_state\` set \`version\` = \`version\` + 1 where \`id\` = 1; end;`,
    );
    this.addSql(`commit;`);
    this.addSql(`pragma foreign_keys = on;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`release_candidates\`;`);
    this.addSql(`drop table if exists \`release_searches\`;`);
    this.addSql(`drop table if exists \`release_grabs\`;`);
  }
}

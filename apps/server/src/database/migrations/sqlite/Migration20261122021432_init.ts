import { Migration } from '@mikro-orm/migrations';

export class Migration20261122021432_init extends Migration {
  override name = 'Migration20261122021432_init';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`api_tokens\` (\`id\` text not null primary key, \`name\` text not null, \`prefix\` text not null, \`token_hash\` text not null, \`scope\` text check (\`scope\` in ('admin', 'read')) not null, \`created_at\` datetime not null, \`last_used_at\` datetime null, \`expires_at\` datetime null);`,
    );
    this.addSql(`create unique index \`api_tokens_prefix_unique\` on \`api_tokens\` (\`prefix\`);`);

    this.addSql(
      `create table \`libraries\` (\`id\` text not null primary key, \`name\` text not null, \`root_path\` text not null, \`metadata_provider\` text not null default 'none', \`fallback_metadata_provider\` text not null default 'none', \`metadata_refresh_mode\` text check (\`metadata_refresh_mode\` in ('manual', 'hourly', 'daily', 'weekly')) not null default 'manual', \`last_scanned_at\` datetime null, \`last_metadata_refresh_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null);`,
    );
    this.addSql(`create unique index \`libraries_root_path_unique\` on \`libraries\` (\`root_path\`);`);

    this.addSql(
      `create table \`jobs\` (\`id\` text not null primary key, \`type\` text check (\`type\` in ('scan', 'metadata_batch', 'metadata_refresh')) not null, \`status\` text check (\`status\` in ('queued', 'running', 'succeeded', 'failed', 'cancelled')) not null default 'queued', \`library_id\` text null, \`params\` json not null, \`processed\` integer not null default 0, \`total\` integer null, \`current_item\` text null, \`error\` text null, \`item_errors_count\` integer not null default 0, \`cancel_requested\` integer not null default false, \`report\` json null, \`agenda_job_id\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`started_at\` datetime null, \`finished_at\` datetime null, constraint \`jobs_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete set null);`,
    );
    this.addSql(`create index \`jobs_library_id_index\` on \`jobs\` (\`library_id\`);`);
    this.addSql(`create index \`jobs_type_status_index\` on \`jobs\` (\`type\`, \`status\`);`);
    this.addSql(`create index \`jobs_created_at_index\` on \`jobs\` (\`created_at\`);`);
    this.addSql(
      `create unique index \`jobs_one_active_per_library\` on \`jobs\` (\`library_id\`, \`type\`) where \`status\` in ('queued', 'running');`,
    );

    this.addSql(
      `create table \`job_item_errors\` (\`id\` text not null primary key, \`job_id\` text not null, \`item\` text not null, \`message\` text not null, \`created_at\` datetime not null, constraint \`job_item_errors_job_id_foreign\` foreign key (\`job_id\`) references \`jobs\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`job_item_errors_job_id_index\` on \`job_item_errors\` (\`job_id\`);`);

    this.addSql(
      `create table \`directory_mtimes\` (\`id\` text not null primary key, \`library_id\` text not null, \`path\` text not null, \`mtime_ms\` bigint not null, constraint \`directory_mtimes_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`directory_mtimes_library_id_index\` on \`directory_mtimes\` (\`library_id\`);`);
    this.addSql(
      `create unique index \`directory_mtimes_library_id_path_unique\` on \`directory_mtimes\` (\`library_id\`, \`path\`);`,
    );

    this.addSql(
      `create table \`orphaned_progress\` (\`id\` text not null primary key, \`library_id\` text not null, \`path\` text not null, \`file_name\` text not null, \`size_bytes\` bigint not null, \`status\` text check (\`status\` in ('unread', 'reading', 'read')) not null, \`current_page\` integer null, \`last_read_at\` datetime null, \`orphaned_at\` datetime not null, constraint \`orphaned_progress_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`orphaned_progress_library_id_index\` on \`orphaned_progress\` (\`library_id\`);`);
    this.addSql(`create index \`orphaned_progress_orphaned_at_index\` on \`orphaned_progress\` (\`orphaned_at\`);`);
    this.addSql(
      `create index \`orphaned_progress_library_id_path_index\` on \`orphaned_progress\` (\`library_id\`, \`path\`);`,
    );
    this.addSql(
      `create index \`orphaned_progress_library_id_file_name_size_bytes_index\` on \`orphaned_progress\` (\`library_id\`, \`file_name\`, \`size_bytes\`);`,
    );

    this.addSql(
      `create table \`series\` (\`id\` text not null primary key, \`library_id\` text not null, \`name\` text not null, \`folder_path\` text not null, \`status\` text null, \`raw_status\` text null, \`authors\` json not null, \`description\` text null, \`publishers\` json not null, \`start_year\` integer null, \`total_volumes\` integer null, \`genres\` json not null, \`language\` text null, \`cover_url\` text null, \`locked_fields\` json not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`series_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create index \`series_library_id_index\` on \`series\` (\`library_id\`);`);
    this.addSql(`create unique index \`series_library_id_name_unique\` on \`series\` (\`library_id\`, \`name\`);`);

    this.addSql(
      `create table \`external_metadata_links\` (\`id\` text not null primary key, \`series_id\` text not null, \`provider\` text not null, \`external_id\` text not null, \`external_url\` text null, \`title\` text null, \`status\` text check (\`status\` in ('pending', 'approved', 'rejected')) not null default 'pending', \`confidence\` integer null, \`candidate\` json not null, \`total_volumes_external\` integer null, \`matched_at\` datetime not null, \`approved_at\` datetime null, \`synced_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`external_metadata_links_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete cascade);`,
    );
    this.addSql(
      `create index \`external_metadata_links_series_id_index\` on \`external_metadata_links\` (\`series_id\`);`,
    );
    this.addSql(
      `create unique index \`external_metadata_links_series_id_provider_unique\` on \`external_metadata_links\` (\`series_id\`, \`provider\`);`,
    );

    this.addSql(
      `create table \`metadata_batch_results\` (\`id\` text not null primary key, \`job_id\` text not null, \`series_id\` text null, \`series_name\` text not null, \`outcome\` text check (\`outcome\` in ('auto_matched', 'already_linked', 'no_results', 'too_many_results', 'low_confidence', 'error')) not null, \`provider\` text null, \`fallback_used\` integer not null default false, \`candidate_count\` integer not null default 0, \`best_confidence\` integer null, \`best_candidate\` json null, \`link_id\` text null, \`error\` text null, \`created_at\` datetime not null, constraint \`metadata_batch_results_job_id_foreign\` foreign key (\`job_id\`) references \`jobs\` (\`id\`) on delete cascade, constraint \`metadata_batch_results_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete set null, constraint \`metadata_batch_results_link_id_foreign\` foreign key (\`link_id\`) references \`external_metadata_links\` (\`id\`) on delete set null);`,
    );
    this.addSql(`create index \`metadata_batch_results_job_id_index\` on \`metadata_batch_results\` (\`job_id\`);`);
    this.addSql(
      `create index \`metadata_batch_results_series_id_index\` on \`metadata_batch_results\` (\`series_id\`);`,
    );
    this.addSql(`create index \`metadata_batch_results_link_id_index\` on \`metadata_batch_results\` (\`link_id\`);`);
    this.addSql(
      `create unique index \`metadata_batch_results_job_id_series_name_unique\` on \`metadata_batch_results\` (\`job_id\`, \`series_name\`);`,
    );

    this.addSql(
      `create table \`books\` (\`id\` text not null primary key, \`library_id\` text not null, \`series_id\` text null, \`title\` text not null, \`volume\` double null, \`volume_end\` double null, \`volume_kind\` text check (\`volume_kind\` in ('regular', 'hors_serie', 'integrale', 'one_shot', 'chapter')) not null default 'regular', \`format\` text check (\`format\` in ('cbz', 'cbr', 'pdf', 'epub')) not null, \`page_count\` integer null, \`authors\` json not null, \`summary\` text null, \`isbn\` text null, \`publish_date\` text null, \`language\` text null, \`locked_fields\` json not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`books_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade, constraint \`books_series_id_foreign\` foreign key (\`series_id\`) references \`series\` (\`id\`) on delete set null);`,
    );
    this.addSql(`create index \`books_library_id_index\` on \`books\` (\`library_id\`);`);
    this.addSql(`create index \`books_series_id_index\` on \`books\` (\`series_id\`);`);
    this.addSql(
      `create index \`books_library_id_series_id_volume_index\` on \`books\` (\`library_id\`, \`series_id\`, \`volume\`);`,
    );

    this.addSql(
      `create table \`reading_progress\` (\`id\` text not null primary key, \`book_id\` text not null, \`status\` text check (\`status\` in ('unread', 'reading', 'read')) not null, \`current_page\` integer null, \`last_read_at\` datetime null, \`updated_at\` datetime not null, constraint \`reading_progress_book_id_foreign\` foreign key (\`book_id\`) references \`books\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create unique index \`reading_progress_book_id_unique\` on \`reading_progress\` (\`book_id\`);`);

    this.addSql(
      `create table \`external_book_metadata\` (\`id\` text not null primary key, \`link_id\` text not null, \`book_id\` text null, \`external_book_id\` text null, \`volume_number\` double null, \`title\` text null, \`authors\` json not null, \`isbn\` text null, \`summary\` text null, \`cover_url\` text null, \`page_count\` integer null, \`language\` text null, \`publish_date\` text null, \`created_at\` datetime not null, constraint \`external_book_metadata_link_id_foreign\` foreign key (\`link_id\`) references \`external_metadata_links\` (\`id\`) on delete cascade, constraint \`external_book_metadata_book_id_foreign\` foreign key (\`book_id\`) references \`books\` (\`id\`) on delete set null);`,
    );
    this.addSql(`create index \`external_book_metadata_link_id_index\` on \`external_book_metadata\` (\`link_id\`);`);
    this.addSql(`create index \`external_book_metadata_book_id_index\` on \`external_book_metadata\` (\`book_id\`);`);

    this.addSql(
      `create table \`book_files\` (\`id\` text not null primary key, \`book_id\` text not null, \`library_id\` text not null, \`path\` text not null, \`format\` text check (\`format\` in ('cbz', 'cbr', 'pdf', 'epub')) not null, \`size_bytes\` bigint not null, \`mtime_ms\` bigint not null, \`parse_status\` text check (\`parse_status\` in ('pending', 'ok', 'error')) not null default 'pending', \`parse_error\` text null, \`thumbnail_path\` text null, \`analyzed_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`book_files_book_id_foreign\` foreign key (\`book_id\`) references \`books\` (\`id\`) on delete cascade, constraint \`book_files_library_id_foreign\` foreign key (\`library_id\`) references \`libraries\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create unique index \`book_files_book_id_unique\` on \`book_files\` (\`book_id\`);`);
    this.addSql(`create index \`book_files_library_id_index\` on \`book_files\` (\`library_id\`);`);
    this.addSql(
      `create unique index \`book_files_library_id_path_unique\` on \`book_files\` (\`library_id\`, \`path\`);`,
    );

    this.addSql(
      `create table \`settings\` (\`key\` text not null primary key, \`value\` json not null, \`updated_at\` datetime not null);`,
    );

    this.addSql(
      `create table \`status_mappings\` (\`id\` text not null primary key, \`provider_status\` text not null, \`mapped_status\` text check (\`mapped_status\` in ('ongoing', 'ended', 'hiatus', 'cancelled', 'upcoming')) null, \`created_at\` datetime not null, \`updated_at\` datetime not null);`,
    );
    this.addSql(
      `create unique index \`status_mappings_provider_status_unique\` on \`status_mappings\` (\`provider_status\`);`,
    );

    this.addSql(
      `create table \`users\` (\`id\` text not null primary key, \`username\` text not null, \`password_hash\` text not null, \`locale\` text check (\`locale\` in ('en', 'fr')) not null default 'en', \`created_at\` datetime not null, \`updated_at\` datetime not null);`,
    );
    this.addSql(`create unique index \`users_username_unique\` on \`users\` (\`username\`);`);

    this.addSql(
      `create table \`sessions\` (\`id\` text not null primary key, \`token_hash\` text not null, \`user_id\` text not null, \`created_at\` datetime not null, \`last_seen_at\` datetime not null, \`expires_at\` datetime not null, constraint \`sessions_user_id_foreign\` foreign key (\`user_id\`) references \`users\` (\`id\`) on delete cascade);`,
    );
    this.addSql(`create unique index \`sessions_token_hash_unique\` on \`sessions\` (\`token_hash\`);`);
    this.addSql(`create index \`sessions_user_id_index\` on \`sessions\` (\`user_id\`);`);
    this.addSql(`create index \`sessions_expires_at_index\` on \`sessions\` (\`expires_at\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`api_tokens\`;`);
    this.addSql(`drop table if exists \`libraries\`;`);
    this.addSql(`drop table if exists \`jobs\`;`);
    this.addSql(`drop table if exists \`job_item_errors\`;`);
    this.addSql(`drop table if exists \`directory_mtimes\`;`);
    this.addSql(`drop table if exists \`orphaned_progress\`;`);
    this.addSql(`drop table if exists \`series\`;`);
    this.addSql(`drop table if exists \`external_metadata_links\`;`);
    this.addSql(`drop table if exists \`metadata_batch_results\`;`);
    this.addSql(`drop table if exists \`books\`;`);
    this.addSql(`drop table if exists \`reading_progress\`;`);
    this.addSql(`drop table if exists \`external_book_metadata\`;`);
    this.addSql(`drop table if exists \`book_files\`;`);
    this.addSql(`drop table if exists \`settings\`;`);
    this.addSql(`drop table if exists \`status_mappings\`;`);
    this.addSql(`drop table if exists \`users\`;`);
    this.addSql(`drop table if exists \`sessions\`;`);
  }
}

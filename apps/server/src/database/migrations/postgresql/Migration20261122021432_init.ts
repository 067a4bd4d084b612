import { Migration } from '@mikro-orm/migrations';

export class Migration20261122021432_init extends Migration {
  override name = 'Migration20261122021432_init';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "api_tokens" ("id" uuid not null, "name" varchar(100) not null, "prefix" varchar(16) not null, "token_hash" varchar(64) not null, "scope" text not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, "expires_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_prefix_unique" unique ("prefix");`);

    this.addSql(
      `create table "libraries" ("id" uuid not null, "name" varchar(200) not null, "root_path" varchar(4096) not null, "metadata_provider" varchar(64) not null default 'none', "fallback_metadata_provider" varchar(64) not null default 'none', "metadata_refresh_mode" text not null default 'manual', "last_scanned_at" timestamptz null, "last_metadata_refresh_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "libraries" add constraint "libraries_root_path_unique" unique ("root_path");`);

    this.addSql(
      `create table "jobs" ("id" uuid not null, "type" text not null, "status" text not null default 'queued', "library_id" uuid null, "params" jsonb not null, "processed" int not null default 0, "total" int null, "current_item" varchar(4096) null, "error" text null, "item_errors_count" int not null default 0, "cancel_requested" boolean not null default false, "report" jsonb null, "agenda_job_id" varchar(64) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "started_at" timestamptz null, "finished_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "jobs_type_status_index" on "jobs" ("type", "status");`);
    this.addSql(`create index "jobs_created_at_index" on "jobs" ("created_at");`);
    this.addSql(
      `create unique index "jobs_one_active_per_library" on "jobs" ("library_id", "type") where "status" in ('queued', 'running');`,
    );

    this.addSql(
      `create table "job_item_errors" ("id" uuid not null, "job_id" uuid not null, "item" varchar(4096) not null, "message" text not null, "created_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "directory_mtimes" ("id" uuid not null, "library_id" uuid not null, "path" varchar(4096) not null, "mtime_ms" bigint not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "directory_mtimes" add constraint "directory_mtimes_library_id_path_unique" unique ("library_id", "path");`,
    );

    this.addSql(
      `create table "orphaned_progress" ("id" uuid not null, "library_id" uuid not null, "path" varchar(4096) not null, "file_name" varchar(1024) not null, "size_bytes" bigint not null, "status" text not null, "current_page" int null, "last_read_at" timestamptz null, "orphaned_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "orphaned_progress_orphaned_at_index" on "orphaned_progress" ("orphaned_at");`);
    this.addSql(
      `create index "orphaned_progress_library_id_path_index" on "orphaned_progress" ("library_id", "path");`,
    );
    this.addSql(
      `create index "orphaned_progress_library_id_file_name_size_bytes_index" on "orphaned_progress" ("library_id", "file_name", "size_bytes");`,
    );

    this.addSql(
      `create table "series" ("id" uuid not null, "library_id" uuid not null, "name" varchar(1024) not null, "folder_path" varchar(4096) not null, "status" varchar(200) null, "raw_status" varchar(200) null, "authors" jsonb not null, "description" text null, "publishers" jsonb not null, "start_year" int null, "total_volumes" int null, "genres" jsonb not null, "language" varchar(35) null, "cover_url" varchar(2048) null, "locked_fields" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "series" add constraint "series_library_id_name_unique" unique ("library_id", "name");`);

    this.addSql(
      `create table "external_metadata_links" ("id" uuid not null, "series_id" uuid not null, "provider" varchar(64) not null, "external_id" varchar(512) not null, "external_url" varchar(2048) null, "title" varchar(1024) null, "status" text not null default 'pending', "confidence" int null, "candidate" jsonb not null, "total_volumes_external" int null, "matched_at" timestamptz not null, "approved_at" timestamptz null, "synced_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "external_metadata_links" add constraint "external_metadata_links_series_id_provider_unique" unique ("series_id", "provider");`,
    );

    this.addSql(
      `create table "metadata_batch_results" ("id" uuid not null, "job_id" uuid not null, "series_id" uuid null, "series_name" varchar(1024) not null, "outcome" text not null, "provider" varchar(64) null, "fallback_used" boolean not null default false, "candidate_count" int not null default 0, "best_confidence" int null, "best_candidate" jsonb null, "link_id" uuid null, "error" text null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "metadata_batch_results" add constraint "metadata_batch_results_job_id_series_name_unique" unique ("job_id", "series_name");`,
    );

    this.addSql(
      `create table "books" ("id" uuid not null, "library_id" uuid not null, "series_id" uuid null, "title" varchar(1024) not null, "volume" double precision null, "volume_end" double precision null, "volume_kind" text not null default 'regular', "format" text not null, "page_count" int null, "authors" jsonb not null, "summary" text null, "isbn" varchar(17) null, "publish_date" varchar(10) null, "language" varchar(35) null, "locked_fields" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `create index "books_library_id_series_id_volume_index" on "books" ("library_id", "series_id", "volume");`,
    );

    this.addSql(
      `create table "reading_progress" ("id" uuid not null, "book_id" uuid not null, "status" text not null, "current_page" int null, "last_read_at" timestamptz null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "reading_progress" add constraint "reading_progress_book_id_unique" unique ("book_id");`);

    this.addSql(
      `create table "external_book_metadata" ("id" uuid not null, "link_id" uuid not null, "book_id" uuid null, "external_book_id" varchar(512) null, "volume_number" double precision null, "title" varchar(1024) null, "authors" jsonb not null, "isbn" varchar(17) null, "summary" text null, "cover_url" varchar(2048) null, "page_count" int null, "language" varchar(35) null, "publish_date" varchar(10) null, "created_at" timestamptz not null, primary key ("id"));`,
    );

    this.addSql(
      `create table "book_files" ("id" uuid not null, "book_id" uuid not null, "library_id" uuid not null, "path" varchar(4096) not null, "format" text not null, "size_bytes" bigint not null, "mtime_ms" bigint not null, "parse_status" text not null default 'pending', "parse_error" text null, "thumbnail_path" varchar(4096) null, "analyzed_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "book_files" add constraint "book_files_book_id_unique" unique ("book_id");`);
    this.addSql(
      `alter table "book_files" add constraint "book_files_library_id_path_unique" unique ("library_id", "path");`,
    );

    this.addSql(
      `create table "settings" ("key" varchar(128) not null, "value" jsonb not null, "updated_at" timestamptz not null, primary key ("key"));`,
    );

    this.addSql(
      `create table "status_mappings" ("id" uuid not null, "provider_status" varchar(200) not null, "mapped_status" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "status_mappings" add constraint "status_mappings_provider_status_unique" unique ("provider_status");`,
    );

    this.addSql(
      `create table "users" ("id" uuid not null, "username" varchar(64) not null, "password_hash" varchar(255) not null, "locale" text not null default 'en', "created_at" timestamptz not null, "updated_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);

    this.addSql(
      `create table "sessions" ("id" uuid not null, "token_hash" varchar(64) not null, "user_id" uuid not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`alter table "sessions" add constraint "sessions_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(
      `alter table "api_tokens" add constraint "api_tokens_scope_check" check ("scope" in ('admin', 'read'));`,
    );

    this.addSql(
      `alter table "libraries" add constraint "libraries_metadata_refresh_mode_check" check ("metadata_refresh_mode" in ('manual', 'hourly', 'daily', 'weekly'));`,
    );

    this.addSql(
      `alter table "jobs" add constraint "jobs_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_type_check" check ("type" in ('scan', 'metadata_batch', 'metadata_refresh'));`,
    );
    this.addSql(
      `alter table "jobs" add constraint "jobs_status_check" check ("status" in ('queued', 'running', 'succeeded', 'failed', 'cancelled'));`,
    );

    this.addSql(
      `alter table "job_item_errors" add constraint "job_item_errors_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "directory_mtimes" add constraint "directory_mtimes_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "orphaned_progress" add constraint "orphaned_progress_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "orphaned_progress" add constraint "orphaned_progress_status_check" check ("status" in ('unread', 'reading', 'read'));`,
    );

    this.addSql(
      `alter table "series" add constraint "series_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "external_metadata_links" add constraint "external_metadata_links_series_id_foreign" foreign key ("series_id") references "series" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "external_metadata_links" add constraint "external_metadata_links_status_check" check ("status" in ('pending', 'approved', 'rejected'));`,
    );

    this.addSql(
      `alter table "metadata_batch_results" add constraint "metadata_batch_results_job_id_foreign" foreign key ("job_id") references "jobs" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "metadata_batch_results" add constraint "metadata_batch_results_series_id_foreign" foreign key ("series_id") references "series" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "metadata_batch_results" add constraint "metadata_batch_results_link_id_foreign" foreign key ("link_id") references "external_metadata_links" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "metadata_batch_results" add constraint "metadata_batch_results_outcome_check" check ("outcome" in ('auto_matched', 'already_linked', 'no_results', 'too_many_results', 'low_confidence', 'error'));`,
    );

    this.addSql(
      `alter table "books" add constraint "books_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "books" add constraint "books_series_id_foreign" foreign key ("series_id") references "series" ("id") on delete set null;`,
    );
    this.addSql(
      `alter table "books" add constraint "books_volume_kind_check" check ("volume_kind" in ('regular', 'hors_serie', 'integrale', 'one_shot', 'chapter'));`,
    );
    this.addSql(
      `alter table "books" add constraint "books_format_check" check ("format" in ('cbz', 'cbr', 'pdf', 'epub'));`,
    );

    this.addSql(
      `alter table "reading_progress" add constraint "reading_progress_book_id_foreign" foreign key ("book_id") references "books" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "reading_progress" add constraint "reading_progress_status_check" check ("status" in ('unread', 'reading', 'read'));`,
    );

    this.addSql(
      `alter table "external_book_metadata" add constraint "external_book_metadata_link_id_foreign" foreign key ("link_id") references "external_metadata_links" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "external_book_metadata" add constraint "external_book_metadata_book_id_foreign" foreign key ("book_id") references "books" ("id") on delete set null;`,
    );

    this.addSql(
      `alter table "book_files" add constraint "book_files_book_id_foreign" foreign key ("book_id") references "books" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "book_files" add constraint "book_files_library_id_foreign" foreign key ("library_id") references "libraries" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "book_files" add constraint "book_files_format_check" check ("format" in ('cbz', 'cbr', 'pdf', 'epub'));`,
    );
    this.addSql(
      `alter table "book_files" add constraint "book_files_parse_status_check" check ("parse_status" in ('pending', 'ok', 'error'));`,
    );

    this.addSql(
      `alter table "status_mappings" add constraint "status_mappings_mapped_status_check" check ("mapped_status" in ('ongoing', 'ended', 'hiatus', 'cancelled', 'upcoming'));`,
    );

    this.addSql(`alter table "users" add constraint "users_locale_check" check ("locale" in ('en', 'fr'));`);

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "jobs" drop constraint "jobs_library_id_foreign";`);
    this.addSql(`alter table "directory_mtimes" drop constraint "directory_mtimes_library_id_foreign";`);
    this.addSql(`alter table "orphaned_progress" drop constraint "orphaned_progress_library_id_foreign";`);
    this.addSql(`alter table "series" drop constraint "series_library_id_foreign";`);
    this.addSql(`alter table "books" drop constraint "books_library_id_foreign";`);
    this.addSql(`alter table "book_files" drop constraint "book_files_library_id_foreign";`);
    this.addSql(`alter table "job_item_errors" drop constraint "job_item_errors_job_id_foreign";`);
    this.addSql(`alter table "metadata_batch_results" drop constraint "metadata_batch_results_job_id_foreign";`);
    this.addSql(`alter table "external_metadata_links" drop constraint "external_metadata_links_series_id_foreign";`);
    this.addSql(`alter table "metadata_batch_results" drop constraint "metadata_batch_results_series_id_foreign";`);
    this.addSql(`alter table "books" drop constraint "books_series_id_foreign";`);
    this.addSql(`alter table "metadata_batch_results" drop constraint "metadata_batch_results_link_id_foreign";`);
    this.addSql(`alter table "external_book_metadata" drop constraint "external_book_metadata_link_id_foreign";`);
    this.addSql(`alter table "reading_progress" drop constraint "reading_progress_book_id_foreign";`);
    this.addSql(`alter table "external_book_metadata" drop constraint "external_book_metadata_book_id_foreign";`);
    this.addSql(`alter table "book_files" drop constraint "book_files_book_id_foreign";`);
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);

    this.addSql(`drop table if exists "api_tokens" cascade;`);
    this.addSql(`drop table if exists "libraries" cascade;`);
    this.addSql(`drop table if exists "jobs" cascade;`);
    this.addSql(`drop table if exists "job_item_errors" cascade;`);
    this.addSql(`drop table if exists "directory_mtimes" cascade;`);
    this.addSql(`drop table if exists "orphaned_progress" cascade;`);
    this.addSql(`drop table if exists "series" cascade;`);
    this.addSql(`drop table if exists "external_metadata_links" cascade;`);
    this.addSql(`drop table if exists "metadata_batch_results" cascade;`);
    this.addSql(`drop table if exists "books" cascade;`);
    this.addSql(`drop table if exists "reading_progress" cascade;`);
    this.addSql(`drop table if exists "external_book_metadata" cascade;`);
    this.addSql(`drop table if exists "book_files" cascade;`);
    this.addSql(`drop table if exists "settings" cascade;`);
    this.addSql(`drop table if exists "status_mappings" cascade;`);
    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
  }
}

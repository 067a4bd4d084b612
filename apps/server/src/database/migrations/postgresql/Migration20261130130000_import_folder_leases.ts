import { Migration } from '@mikro-orm/migrations';

/** Issue 37: one process at a time polls an import folder, as one watches a library (ADR 13). */
export class Migration20261130130000_import_folder_leases extends Migration {
  override name = 'Migration20261130130000_import_folder_leases';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "import_folder_leases" ("id" uuid not null, "folder" varchar(4096) not null, "holder" varchar(200) not null, "expires_at_ms" bigint not null, primary key ("id"));`,
    );
    this.addSql(
      `alter table "import_folder_leases" add constraint "import_folder_leases_folder_unique" unique ("folder");`,
    );
  }
}

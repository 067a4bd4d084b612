import { Migration } from '@mikro-orm/migrations';

/** Issue 37: one process at a time polls an import folder, as one watches a library (ADR 13). */
export class Migration20261130130000_import_folder_leases extends Migration {
  override name = 'Migration20261130130000_import_folder_leases';

  override up(): void | Promise<void> {
    this.addSql(
      `create table \`import_folder_leases\` (\`id\` text not null primary key, \`folder\` text not null, \`holder\` text not null, \`expires_at_ms\` bigint not null);`,
    );
    this.addSql(`create unique index \`import_folder_leases_folder_unique\` on \`import_folder_leases\` (\`folder\`);`);
  }
}

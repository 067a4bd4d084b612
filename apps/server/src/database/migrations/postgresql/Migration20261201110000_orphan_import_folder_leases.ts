import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 37: taking a folder out of `import_folders` deletes its lease now; before, a lease whose holder died before
 * it gave the folder back stayed for good. Those rows are the expired ones: a live lease is held by a running
 * process, which gives back at its next pass the folders that left the setting. An expired lease of a folder still
 * listed goes too, at no cost: an expired row is free to take, the same as no row.
 */
export class Migration20261201110000_orphan_import_folder_leases extends Migration {
  override name = 'Migration20261201110000_orphan_import_folder_leases';

  override up(): void | Promise<void> {
    this.addSql(`delete from import_folder_leases where expires_at_ms < ${Date.now()};`);
  }
}

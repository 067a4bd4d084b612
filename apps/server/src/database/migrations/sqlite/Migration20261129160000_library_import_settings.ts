import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 37: whether and how imports write into a library (`import_mode`, `off` for every existing library, so no
 * library becomes writable by an upgrade) and where they put a book (`naming_template`, domain/naming-template.ts).
 * Columns added in place: rebuilding `libraries` would drop its catalog-version triggers.
 */
export class Migration20261129160000_library_import_settings extends Migration {
  override name = 'Migration20261129160000_library_import_settings';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table \`libraries\` add column \`import_mode\` text check (\`import_mode\` in ('off', 'hardlink', 'copy', 'move')) not null default 'off';`,
    );
    this.addSql(
      `alter table \`libraries\` add column \`naming_template\` text not null default '{series}/{series} - T{volume:02}{ - title}.{ext}';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`libraries\` drop column \`naming_template\`;`);
    this.addSql(`alter table \`libraries\` drop column \`import_mode\`;`);
  }
}

import { Migration } from '@mikro-orm/migrations';

export class Migration20261124210000_hors_serie_order extends Migration {
  override name = 'Migration20261124210000_hors_serie_order';

  override up(): void | Promise<void> {
    // Hors-séries now sort after the numbered run (domain/search-text.ts volumeSort): recompute stored books.
    this.addSql(
      `update books set volume_sort = 2000000000 + coalesce(volume, 1000000000) where volume_kind = 'hors_serie';`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`update books set volume_sort = coalesce(volume, 1000000000) where volume_kind = 'hors_serie';`);
  }
}

import { Migration } from '@mikro-orm/migrations';
import { fillSeriesMatchKeys } from '../../series-match-keys.js';

/**
 * Issue 32: each series' name as the matching compares names, indexed, so a `.cbl` import of 5,000 entries looks
 * its series up instead of reading and normalising every series per import. Filled here for the series there are;
 * the scan sets it on the series it makes. An added column and an index: no table rebuild.
 */
export class Migration20261129140000_series_match_key extends Migration {
  override name = 'Migration20261129140000_series_match_key';

  override async up(): Promise<void> {
    await this.execute(`alter table \`series\` add column \`match_key\` text not null default '';`);
    await this.execute(
      `create index \`series_match_key_library_id_index\` on \`series\` (\`match_key\`, \`library_id\`);`,
    );
    await fillSeriesMatchKeys(this.getEntityManager(), 'sqlite');
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`series_match_key_library_id_index\`;`);
    this.addSql(`alter table \`series\` drop column \`match_key\`;`);
  }
}

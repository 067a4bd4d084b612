import { Migration } from '@mikro-orm/migrations';
import { reparseBookNames } from '../../reparse-book-names.js';

/**
 * Existing books get what today's parser reads in their file names (the classes of issue 34: a number before title
 * words, counters after their number, `Vol.2000` run years, halves and dates), as reparse_book_names did, locked
 * fields aside (no file I/O); and, title not locked, the title it reads when theirs is one an earlier parser gave.
 */
export class Migration20261129034000_reparse_book_names_and_titles extends Migration {
  override name = 'Migration20261129034000_reparse_book_names_and_titles';

  override async up(): Promise<void> {
    await reparseBookNames(this.getEntityManager(), 'sqlite', { titles: true });
  }

  override down(): void | Promise<void> {
    // The numbers and titles before the re-parse are not kept; the columns stay valid for the previous version.
  }
}

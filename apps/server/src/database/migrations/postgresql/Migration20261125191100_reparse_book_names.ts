import { Migration } from '@mikro-orm/migrations';
import { reparseBookNames } from '../../reparse-book-names.js';

/** Existing books get the numbers today's parser reads in their file names, locked fields aside (no file I/O). */
export class Migration20261125191100_reparse_book_names extends Migration {
  override name = 'Migration20261125191100_reparse_book_names';

  override async up(): Promise<void> {
    await reparseBookNames(this.getEntityManager(), 'postgresql', { chosenCovers: false });
  }

  override down(): void | Promise<void> {
    // The numbers before the re-parse are not kept; the columns stay valid for the previous version.
  }
}

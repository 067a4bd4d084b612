import { hasEpubContainer } from './epub-book.js';
import { toBookFileError } from './errors.js';
import { sniffContainer } from './sniff.js';
import type { BookFormat } from './types.js';
import { ZipArchive } from './zip-archive.js';

/**
 * The format a file is by its content alone, for a file that comes with no trustworthy name (an upload): its
 * signature decides the container, as for the scanner, and a ZIP is an EPUB when it carries an EPUB container and a
 * comic otherwise. Reading a ZIP's central directory also refuses one that is truncated or not a ZIP past its
 * first bytes. Throws a BookFileError for anything that is not a book.
 */
export async function formatOfContent(path: string): Promise<BookFormat> {
  const container = await sniffContainer(path);
  switch (container) {
    case 'rar':
      return 'cbr';
    case '7z':
      return 'cb7';
    case 'tar':
      return 'cbt';
    case 'pdf':
      return 'pdf';
    case 'zip':
      break;
  }
  let zip: ZipArchive;
  try {
    zip = await ZipArchive.open(path);
  } catch (error) {
    throw toBookFileError(error, 'the ZIP');
  }
  try {
    return hasEpubContainer(zip) ? 'epub' : 'cbz';
  } finally {
    zip.close();
  }
}

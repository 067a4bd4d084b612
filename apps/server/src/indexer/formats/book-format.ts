import { extname } from 'node:path';

import type { Container } from './sniff.js';
import type { BookFormat } from './types.js';

const BY_EXTENSION: Readonly<Record<string, BookFormat>> = {
  '.cbz': 'cbz',
  '.cbr': 'cbr',
  '.cb7': 'cb7',
  '.cbt': 'cbt',
  '.pdf': 'pdf',
  '.epub': 'epub',
};

/**
 * The format a file name claims, or null when the scanner should ignore the file. Only .cbz, .cbr, .cb7, .cbt, .pdf
 * and .epub count (any case): plain .zip/.rar/.7z/.tar files are too often not books. Skipping hidden and `._` files is the scanner's
 * job; this looks at the extension only.
 */
export function formatFromExtension(fileName: string): BookFormat | null {
  return BY_EXTENSION[extname(fileName).toLowerCase()] ?? null;
}

/**
 * The format to read a file as, given what its name claims and what its bytes are. The bytes win: a RAR is a CBR
 * whatever it is called (likewise 7z and tar), a PDF is a PDF. A ZIP is an EPUB when it is named .epub (and must then hold an OPF), or
 * when a misnamed file carries an EPUB container; otherwise it is a comic.
 */
export function formatForContainer(
  claimed: BookFormat,
  container: Container,
  zipHasEpubContainer: boolean,
): BookFormat {
  if (container === 'rar') return 'cbr';
  if (container === '7z') return 'cb7';
  if (container === 'tar') return 'cbt';
  if (container === 'pdf') return 'pdf';
  if (claimed === 'epub') return 'epub';
  if (claimed === 'pdf' && zipHasEpubContainer) return 'epub';
  return 'cbz';
}

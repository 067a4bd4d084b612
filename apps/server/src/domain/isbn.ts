/**
 * ISBNs, for every caller: what a user or a metadata provider types (`normaliseIsbn`) and what a book file's metadata
 * says (`parseIsbn`, `isExplicitIsbn`). Both give the canonical form, digits with an ISBN-10 ending in upper-case X,
 * and both insist on the checksum: an ISBN with a typo would only mislead metadata providers.
 */

const DASHES_AND_SPACES = /[\s\u2010-\u2015-]/g;

function isValidIsbn10(digits: string): boolean {
  if (!/^\d{9}[\dX]$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (digits[i] === 'X' ? 10 : Number(digits[i])) * (10 - i);
  return sum % 11 === 0;
}

function hasIsbn13Checksum(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/**
 * An ISBN-10/13 typed by hand or given by a provider, hyphens (any Unicode dash) or spaces allowed; returns the
 * canonical form or null if invalid. A 13-digit number is taken on its EAN-13 checksum alone, whatever its prefix:
 * someone who types it into the ISBN field means it as the book's number.
 */
export function normaliseIsbn(input: string): string | null {
  const digits = input.replace(DASHES_AND_SPACES, '').toUpperCase();
  return isValidIsbn10(digits) || hasIsbn13Checksum(digits) ? digits : null;
}

/**
 * The ISBN in a book file's metadata, such as `urn:isbn:978-2-8001-…`, `ISBN 2-8001-…` or a bare number, or null.
 * ISBN-10s are kept as ISBN-10 (what the file says). Stricter than `normaliseIsbn` on 13 digits: files put any GTIN
 * in these fields, and one that is not an ISBN (UPC, EAN outside 978/979) is not the book's ISBN.
 */
export function parseIsbn(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const digits = raw
    .trim()
    .replace(/^(urn:)?isbn(-1[03])?[:\s]*/i, '')
    .replace(DASHES_AND_SPACES, '')
    .toUpperCase();
  if (isValidIsbn10(digits)) return digits;
  if (/^97[89]/.test(digits) && hasIsbn13Checksum(digits)) return digits;
  return null;
}

/** Whether a string says outright that it is an ISBN (`urn:isbn:`, `isbn:`), as opposed to a number that happens to be. */
export function isExplicitIsbn(raw: string): boolean {
  return /^\s*(urn:)?isbn/i.test(raw);
}

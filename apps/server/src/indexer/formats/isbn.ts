function isValidIsbn10(digits: string): boolean {
  if (!/^\d{9}[\dX]$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += (digits[i] === 'X' ? 10 : Number(digits[i])) * (10 - i);
  return sum % 11 === 0;
}

function isValidIsbn13(digits: string): boolean {
  if (!/^97[89]\d{10}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/**
 * The ISBN in a string such as `urn:isbn:978-2-8001-…`, `ISBN 2-8001-…` or a bare number, as digits (ISBN-10 may end
 * in X), or null. The checksum must hold: an ISBN with a typo would only mislead metadata providers. ISBN-10s are
 * kept as ISBN-10 (what the file says); GTINs that are not ISBNs (UPC, EAN outside 978/979) are not ISBNs.
 */
export function parseIsbn(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  const digits = raw
    .trim()
    .replace(/^(urn:)?isbn(-1[03])?[:\s]*/i, '')
    .replace(/[\s‐-―-]/g, '')
    .toUpperCase();
  if (digits.length === 10 && isValidIsbn10(digits)) return digits;
  if (digits.length === 13 && isValidIsbn13(digits)) return digits;
  return null;
}

/** Whether a string says outright that it is an ISBN (`urn:isbn:`, `isbn:`), as opposed to a number that happens to be. */
export function isExplicitIsbn(raw: string): boolean {
  return /^\s*(urn:)?isbn/i.test(raw);
}

/** Digits (and a final X for ISBN-10) only: Open Library stores ISBNs as typed, hyphens and spaces included. */
export function normaliseIsbn(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

export function isIsbn13(value: string): boolean {
  if (!/^97[89]\d{10}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i += 1) sum += Number(value[i]) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

export function isIsbn10(value: string): boolean {
  if (!/^\d{9}[\dX]$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += (value[i] === 'X' ? 10 : Number(value[i])) * (10 - i);
  return sum % 11 === 0;
}

/**
 * A work's `isbn[]` mixes every edition's ISBN-10 and ISBN-13 in no useful order, with the odd typo: the first valid
 * ISBN-13 wins, else the first valid ISBN-10 (the reference took whatever came first).
 */
export function pickIsbn(values: readonly string[]): string | null {
  const candidates = values.map(normaliseIsbn);
  return candidates.find(isIsbn13) ?? candidates.find(isIsbn10) ?? null;
}

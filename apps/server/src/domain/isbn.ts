/** ISBN-10/13 with hyphens or spaces allowed; returns the canonical form (digits, X upper-case) or null if invalid. */
export function normaliseIsbn(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(digits)) {
    const sum = [...digits].reduce((acc, char, i) => acc + (char === 'X' ? 10 : Number(char)) * (10 - i), 0);
    return sum % 11 === 0 ? digits : null;
  }
  if (/^\d{13}$/.test(digits)) {
    const sum = [...digits].reduce((acc, char, i) => acc + Number(char) * (i % 2 === 0 ? 1 : 3), 0);
    return sum % 10 === 0 ? digits : null;
  }
  return null;
}

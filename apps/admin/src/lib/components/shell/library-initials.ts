/**
 * A library's mark in the side navigation (collapsed to icons, every library would otherwise be the same folder):
 * the first letters of its first two words ("Bandes dessinées" → "BD"), or the first two of a single word
 * ("Comics" → "Co"). Letters and digits only, whatever the script; accents kept.
 */
export function libraryInitials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return '?';
  const letters = (word: string) => [...word];
  if (words.length === 1) {
    const [first = '', second = ''] = letters(words[0]!);
    return first.toLocaleUpperCase() + second.toLocaleLowerCase();
  }
  return (letters(words[0]!)[0]! + letters(words[1]!)[0]!).toLocaleUpperCase();
}

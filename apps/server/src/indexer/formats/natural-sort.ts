const CHUNK = /(\d+)|(\D+)/g;

function chunks(text: string): string[] {
  return text.match(CHUNK) ?? [];
}

const isDigits = (chunk: string): boolean => chunk.charCodeAt(0) >= 48 && chunk.charCodeAt(0) <= 57;

/** Compares digit runs by value, without parsing (runs can be longer than a safe integer). */
function compareNumbers(a: string, b: string): number {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  if (x.length !== y.length) return x.length - y.length;
  return x < y ? -1 : x > y ? 1 : 0;
}

function compareSegment(a: string, b: string): number {
  const left = chunks(a);
  const right = chunks(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = left[i] ?? '';
    const y = right[i] ?? '';
    const byValue = isDigits(x) && isDigits(y) ? compareNumbers(x, y) : 0;
    if (byValue !== 0) return byValue;
    if (isDigits(x) && isDigits(y)) continue;
    const lx = x.toLowerCase();
    const ly = y.toLowerCase();
    if (lx !== ly) return lx < ly ? -1 : 1;
  }
  return left.length - right.length;
}

/**
 * Natural ("human") order for archive paths: `page2` before `page10`, case-insensitive, compared folder by folder so
 * a folder's pages stay together. Ties (`01` vs `1`, `A` vs `a`) fall back to plain code-unit order, so the result is
 * total and the same on every machine (no locale involved).
 */
export function naturalCompare(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const byName = compareSegment(left[i] ?? '', right[i] ?? '');
    if (byName !== 0) return byName;
  }
  if (left.length !== right.length) return left.length - right.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

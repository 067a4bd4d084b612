/**
 * ICU's natural order, with a fixed locale ('en', the root collation: the same on every machine whatever its
 * LANG). `numeric` compares digit runs by value, of any length and in any script (`p٩` before `p١٠`); `base`
 * ignores case and accents, so `Page2` sits between `page1` and `page10` and `é` next to `e` (our former
 * code-unit comparison put accented letters after `z`). Punctuation and spaces follow ICU's order
 * (`_` `-` `,` `;` `:` `!` `?` `.` `'` `(` `)` `[` `]` …, all before digits and letters) instead of ASCII's.
 */
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Natural ("human") order for archive paths: `page2` before `page10`, case-insensitive, compared folder by folder so
 * a folder's pages stay together (`ch1/p1` before `ch1 extra/p1`, which a whole-path comparison would invert, space
 * sorting before `/`). Names the collator calls equal (`01` vs `1`, `A` vs `a`, `é` vs `e`) fall back to plain
 * code-unit order, so the result is a total order, as `Array.prototype.sort` needs for a stable page order.
 */
export function naturalCompare(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const byName = collator.compare(left[i] ?? '', right[i] ?? '');
    if (byName !== 0) return byName;
  }
  if (left.length !== right.length) return left.length - right.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** `vol`, `vol.`, `volume`, `tome`, `t.`, `#`, not glued to a preceding letter or digit ("Robot. 3" has no marker). */
const MARKER = String.raw`(?<![\p{L}\p{N}])(?:volume|vol\.?|tome|t\.|#)\s*`;

const SERIES_STRIPPERS: readonly RegExp[] = [
  // "Blacksad - Tome 2 - Arctic Nation", "Saga — Vol. 3"
  new RegExp(String.raw`\s*[-–—]\s*${MARKER}\d+.*$`, 'iu'),
  // "Akira, Tome 3 : Rébellion", "Blacksad Vol. 1"
  new RegExp(String.raw`\s*,?\s*${MARKER}\d+.*$`, 'iu'),
  // "Monster (4)"
  /\s*\(\d+\)\s*$/u,
  // "Bone 7"
  /\s+\d+\s*$/u,
];

/** Separators left dangling once the volume part is gone ("Akira :" from "Akira : Tome 3"). */
const DANGLING_SEPARATORS = /[\s,:;–—-]+$/u;

/**
 * The series a provider's book title belongs to (PROVIDERS.md §2.0, "Series-name stripping"): the first removal
 * that changes the title and leaves something is kept.
 */
export function seriesNameFromVolumeTitle(title: string): string {
  const trimmed = title.trim();
  for (const stripper of SERIES_STRIPPERS) {
    const stripped = trimmed.replace(stripper, '').replace(DANGLING_SEPARATORS, '').trim();
    if (stripped !== trimmed && stripped.length > 0) return stripped;
  }
  return trimmed;
}

const MARKED_NUMBER = new RegExp(String.raw`${MARKER}(\d+(?:\.\d+)?)`, 'iu');
const PARENTHESISED_NUMBER = /\((\d+)\)\s*$/u;

/**
 * The volume number in a provider's book title (PROVIDERS.md §2.0, the later rule): an explicit marker first, then a
 * trailing `(digits)`. A bare trailing number is ignored: in provider titles it is as often part of the name
 * ("1984", "Paris 2024") as a volume.
 */
export function volumeNumberFromTitle(title: string): number | null {
  const marked = MARKED_NUMBER.exec(title)?.[1] ?? PARENTHESISED_NUMBER.exec(title)?.[1];
  if (marked === undefined) return null;
  const value = Number(marked);
  return Number.isFinite(value) ? value : null;
}

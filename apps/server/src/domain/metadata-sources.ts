/**
 * Where a stored metadata value came from. A scan writes `file` values and refreshes them; it never changes a value a
 * provider (`provider`) or an admin (`admin`) wrote, nor a locked one. A field with no entry was stored before sources
 * were kept: the scan treats it as its own.
 */
export const METADATA_SOURCES = ['file', 'provider', 'admin'] as const;
export type MetadataSource = (typeof METADATA_SOURCES)[number];

export type MetadataSources<Field extends string> = Partial<Record<Field, MetadataSource>>;

/** Whether the scan (or the series' books) may write `field`: not locked, and not a provider's or an admin's value. */
export function fileMayWrite<Field extends string>(
  field: Field,
  locked: readonly Field[],
  sources: MetadataSources<Field>,
): boolean {
  const source = sources[field];
  return !locked.includes(field) && source !== 'provider' && source !== 'admin';
}

/** Whether a stored value counts as empty: nothing for a series to show. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

/**
 * `sources` with `written` fields marked as written by `source`. An empty value the file or a provider wrote has no
 * source (nothing there to protect); one the admin cleared stays theirs, so the scan does not fill it again.
 */
export function withSources<Field extends string>(
  sources: MetadataSources<Field>,
  source: MetadataSource,
  written: ReadonlyArray<readonly [Field, unknown]>,
): MetadataSources<Field> {
  const next: MetadataSources<Field> = { ...sources };
  for (const [field, value] of written) {
    if (source !== 'admin' && isEmptyValue(value)) delete next[field];
    else next[field] = source;
  }
  return next;
}

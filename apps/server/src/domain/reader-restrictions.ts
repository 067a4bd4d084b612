/**
 * What a reader may see inside the libraries granted to them (issue 39): books up to an age (`age_rating_age`), books
 * with no rating or not, and series carrying some labels only or none of others. Null when the reader is limited by
 * their libraries alone, as admins always are.
 */
export interface ReaderRestrictions {
  /** The highest `age_rating_age` shown; null: any age. */
  readonly ageMax: number | null;
  /** Whether books (and series) with no age rating are shown. */
  readonly allowUnrated: boolean;
  /** Label names a series must carry one of to be shown; empty: no such condition. */
  readonly labelsInclude: readonly string[];
  /** Label names a series must carry none of to be shown. */
  readonly labelsExclude: readonly string[];
}

/** The restrictions of a user's settings, or null when they restrict nothing (so no query pays for them). */
export function readerRestrictions(settings: ReaderRestrictions): ReaderRestrictions | null {
  const { ageMax, allowUnrated, labelsInclude, labelsExclude } = settings;
  if (ageMax === null && allowUnrated && labelsInclude.length === 0 && labelsExclude.length === 0) return null;
  return {
    ageMax,
    allowUnrated,
    labelsInclude: [...new Set(labelsInclude)].sort(),
    labelsExclude: [...new Set(labelsExclude)].sort(),
  };
}

/** The restrictions as part of a cache key: two viewers with the same text see the same rows. */
export function restrictionsKey(restrictions: ReaderRestrictions | null | undefined): string {
  if (!restrictions) return '-';
  const { ageMax, allowUnrated, labelsInclude, labelsExclude } = restrictions;
  return JSON.stringify([ageMax, allowUnrated, labelsInclude, labelsExclude]);
}

import type { NormalisedSeriesStatus } from '../entities/status-mapping.entity.js';

/**
 * The rule that turns a provider's series status into the status a series stores (SPEC §3 "Status mapping"):
 * exact match on a mapped key, else the longest mapped key contained in the raw value, else the raw value itself.
 */

export interface StatusRule {
  providerStatus: string;
  mappedStatus: NormalisedSeriesStatus | null;
}

/** The width of `status_mappings.provider_status`, `series.status` and `series.raw_status`. */
export const STATUS_KEY_MAX_LENGTH = 200;

/**
 * The form raw statuses are stored and compared in: NFC (so "annulée" typed with a combining accent matches the
 * precomposed key), whitespace runs (French sites use no-break spaces) collapsed, trimmed, lowercased, and cut to
 * the column width. Empty when the provider sent nothing usable.
 */
export function statusKey(raw: string): string {
  const key = raw.normalize('NFC').replace(/\s+/gu, ' ').trim().toLowerCase();
  const chars = Array.from(key);
  return chars.length <= STATUS_KEY_MAX_LENGTH ? key : chars.slice(0, STATUS_KEY_MAX_LENGTH).join('').trimEnd();
}

/**
 * Longest key first, so "série en cours" → ongoing wins over a shorter "en cours" mapped otherwise; equal lengths
 * in ordinal order, so the answer never depends on the order the database returned the rows in.
 */
function byLongestKey(a: StatusRule, b: StatusRule): number {
  const length = Array.from(b.providerStatus).length - Array.from(a.providerStatus).length;
  return length !== 0 ? length : ordinal(a.providerStatus, b.providerStatus);
}

/** Plain UTF-16 order: total and the same everywhere, unlike collations. */
function ordinal(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The normalised status of a key (see statusKey), or null when no mapped rule covers it. */
export function resolveStatus(key: string, rules: readonly StatusRule[]): NormalisedSeriesStatus | null {
  if (key === '') return null;
  const mapped = rules.filter(
    (rule): rule is StatusRule & { mappedStatus: NormalisedSeriesStatus } =>
      rule.mappedStatus !== null && rule.providerStatus !== '',
  );
  const exact = mapped.find((rule) => rule.providerStatus === key);
  if (exact) return exact.mappedStatus;
  const contained = mapped.filter((rule) => key.includes(rule.providerStatus)).sort(byLongestKey)[0];
  return contained?.mappedStatus ?? null;
}

/** What a series with this raw status stores: the normalised status, or the key itself when unmapped. */
export function seriesStatusFor(key: string, rules: readonly StatusRule[]): string {
  return resolveStatus(key, rules) ?? key;
}

/** The settings list order: mapped first, then by provider status (the same collation on both databases). */
export function compareForListing(a: StatusRule, b: StatusRule): number {
  const unmapped = Number(a.mappedStatus === null) - Number(b.mappedStatus === null);
  if (unmapped !== 0) return unmapped;
  return a.providerStatus.localeCompare(b.providerStatus) || ordinal(a.providerStatus, b.providerStatus);
}

/**
 * The statuses the providers are known to send (PROVIDERS.md §2.6): AniList's enum values, lowercased, and the
 * French catalogue's words. ComicVine, Google Books and Open Library send none.
 */
export const SEED_STATUS_RULES: readonly StatusRule[] = [
  { providerStatus: 'finished', mappedStatus: 'ended' },
  { providerStatus: 'releasing', mappedStatus: 'ongoing' },
  { providerStatus: 'not_yet_released', mappedStatus: 'upcoming' },
  { providerStatus: 'cancelled', mappedStatus: 'cancelled' },
  { providerStatus: 'hiatus', mappedStatus: 'hiatus' },
  { providerStatus: 'finie', mappedStatus: 'ended' },
  { providerStatus: 'terminée', mappedStatus: 'ended' },
  { providerStatus: 'en cours', mappedStatus: 'ongoing' },
  { providerStatus: 'suspendue', mappedStatus: 'hiatus' },
  { providerStatus: 'annulée', mappedStatus: 'cancelled' },
  { providerStatus: 'arrêtée', mappedStatus: 'cancelled' },
];

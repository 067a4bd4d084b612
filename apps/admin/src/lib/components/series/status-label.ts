import type { TranslationFunctions } from '../../../i18n/i18n-types.js';

const NORMALISED = ['ongoing', 'ended', 'hiatus', 'cancelled', 'upcoming'] as const;
type NormalisedStatus = (typeof NORMALISED)[number];

/**
 * A series status for people: the normalised ones translated, a provider's raw status (kept when no mapping exists
 * for it) shown as the provider wrote it, since there is nothing to translate it from.
 */
export function seriesStatusLabel(LL: TranslationFunctions, status: string | null): string {
  if (status === null) return LL.series.noStatus();
  const normalised = NORMALISED.find((each): each is NormalisedStatus => each === status);
  return normalised ? LL.series.statuses[normalised]() : status;
}

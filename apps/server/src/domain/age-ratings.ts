/**
 * The minimum age of each ComicInfo `AgeRating` value (the ComicRack schema's list, v2.0 and the v2.1 draft),
 * compared without case or spaces. A value not in the table is kept as the file wrote it with no age (null): an
 * unknown rating is never guessed into a number that would open a book to a child.
 *
 * | Rating                                  | Age  |
 * | --------------------------------------- | ---- |
 * | Everyone, G                             | 0    |
 * | Early Childhood                         | 3    |
 * | Kids to Adults                          | 6    |
 * | Everyone 10+, PG                        | 10   |
 * | Teen                                    | 13   |
 * | MA15+                                   | 15   |
 * | Mature 17+, M                           | 17   |
 * | Adults Only 18+, R18+, X18+             | 18   |
 * | Unknown, Rating Pending, anything else  | null |
 */
const AGE_BY_RATING: Readonly<Record<string, number>> = {
  everyone: 0,
  g: 0,
  earlychildhood: 3,
  kidstoadults: 6,
  'everyone10+': 10,
  pg: 10,
  teen: 13,
  'ma15+': 15,
  'mature17+': 17,
  m: 17,
  'adultsonly18+': 18,
  'r18+': 18,
  'x18+': 18,
};

/** The minimum age for a rating, or null when the rating is unknown or says nothing ("Unknown", "Rating Pending"). */
export function ageOfRating(rating: string | null | undefined): number | null {
  if (!rating) return null;
  const key = rating.toLowerCase().replace(/[\s_-]+/g, '');
  return AGE_BY_RATING[key] ?? null;
}

/** Ratings that say no rating: not stored at all. */
export function isNoRating(rating: string): boolean {
  const key = rating.toLowerCase().replace(/[\s_-]+/g, '');
  return key === '' || key === 'unknown' || key === 'ratingpending';
}

/**
 * The shape of an AniList `Media` as our queries ask for it (PROVIDERS.md §2.4). Every field can be null: AniList
 * leaves unknown values null, e.g. `volumes` and `chapters` while a series is still running. The mapping reads the
 * real answers as `unknown`; this type documents the shape and types the test fake's dataset.
 */
export interface AniListMedia {
  id: number;
  title: { romaji: string | null; english: string | null; native: string | null } | null;
  synonyms: string[] | null;
  description: string | null;
  coverImage: { extraLarge: string | null; large: string | null; medium: string | null } | null;
  startDate: { year: number | null; month: number | null; day: number | null } | null;
  /** FINISHED, RELEASING, NOT_YET_RELEASED, CANCELLED, HIATUS. */
  status: string | null;
  volumes: number | null;
  chapters: number | null;
  /** ISO 3166-1 alpha-2 country the work comes from (JP, KR, CN, TW). */
  countryOfOrigin: string | null;
  /** MANGA, NOVEL or ONE_SHOT (the queries ask for type MANGA); absent in answers recorded before it was asked. */
  format?: string | null;
  staff: { edges: { role: string | null; node: { name: { full: string | null } | null } | null }[] | null } | null;
  siteUrl: string | null;
  genres: string[] | null;
}

/** One entry of a GraphQL `errors[]`; AniList adds the HTTP-like `status`. */
export interface AniListGraphQLError {
  message: string;
  status?: number;
  locations?: { line: number; column: number }[];
}

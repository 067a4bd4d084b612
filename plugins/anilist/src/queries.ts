/** Only the fields the mapping reads: AniList counts query complexity, and smaller answers are faster. */
const MEDIA_FIELDS = `
  id
  title { romaji english native }
  synonyms
  description(asHtml: false)
  coverImage { extraLarge large medium }
  startDate { year month day }
  status
  volumes
  chapters
  countryOfOrigin
  format
  staff(perPage: 25, sort: [RELEVANCE, ID]) { edges { role node { name { full } } } }
  siteUrl
  genres
`;

/** At most 20 candidates, as the SDK contract allows; SEARCH_MATCH keeps AniList's own relevance order. */
export const SEARCH_QUERY = `query ShelfmarkSearch($search: String!, $perPage: Int!) {
  Page(page: 1, perPage: $perPage) {
    media(search: $search, type: MANGA, sort: SEARCH_MATCH) {${MEDIA_FIELDS}}
  }
}`;

export const MEDIA_QUERY = `query ShelfmarkMedia($id: Int!) {
  Media(id: $id, type: MANGA) {${MEDIA_FIELDS}}
}`;

export const SEARCH_PAGE_SIZE = 20;

import type { AniListMedia } from '../src/anilist-types.js';

/** A few real-looking AniList manga, in the shape the GraphQL API returns for our field selection. */

const cover = (file: string): AniListMedia['coverImage'] => ({
  extraLarge: `https://s4.anilist.co/file/anilistcdn/media/manga/cover/large/${file}`,
  large: `https://s4.anilist.co/file/anilistcdn/media/manga/cover/medium/${file}`,
  medium: `https://s4.anilist.co/file/anilistcdn/media/manga/cover/small/${file}`,
});

const staff = (...edges: [role: string, name: string][]): AniListMedia['staff'] => ({
  edges: edges.map(([role, full]) => ({ role, node: { name: { full } } })),
});

export const ATTACK_ON_TITAN: AniListMedia = {
  id: 53390,
  title: { romaji: 'Shingeki no Kyojin', english: 'Attack on Titan', native: '進撃の巨人' },
  synonyms: ["L'Attaque des Titans", 'AoT', 'SnK'],
  description:
    'Several hundred years ago, humans were nearly exterminated by titans.<br><br>\n' +
    '<i>Attack on Titan</i> won the Kodansha Manga Award &amp; more.<br><br>\n(Source: Kodansha)',
  coverImage: cover('bx53390-1RsuABC34P9D.jpg'),
  startDate: { year: 2009, month: 9, day: 9 },
  status: 'FINISHED',
  volumes: 34,
  chapters: 141,
  countryOfOrigin: 'JP',
  format: 'MANGA',
  staff: staff(['Story & Art', 'Hajime Isayama'], ['Translator (English)', 'Sheldon Drzka']),
  siteUrl: 'https://anilist.co/manga/53390',
  genres: ['Action', 'Drama', 'Fantasy', 'Mystery'],
};

export const NARUTO: AniListMedia = {
  id: 30011,
  title: { romaji: 'NARUTO', english: 'Naruto', native: 'NARUTO -ナルト-' },
  synonyms: [],
  description:
    "Before Naruto's birth, a great demon fox had attacked the Hidden Leaf Village.<br>\n(Source: VIZ Media)",
  coverImage: cover('bx30011-9yUF1dXWgDOx.jpg'),
  startDate: { year: 1999, month: 9, day: 21 },
  status: 'FINISHED',
  volumes: 72,
  chapters: 700,
  countryOfOrigin: 'JP',
  staff: staff(['Story & Art', 'Masashi Kishimoto'], ['Touch-up Art & Lettering (English)', 'Sabrina Heep']),
  siteUrl: 'https://anilist.co/manga/30011',
  genres: ['Action', 'Adventure', 'Comedy', 'Drama', 'Fantasy'],
};

export const BORUTO: AniListMedia = {
  id: 97922,
  title: {
    romaji: 'BORUTO: -NARUTO NEXT GENERATIONS-',
    english: 'Boruto: Naruto Next Generations',
    native: 'BORUTO-ボルト- -NARUTO NEXT GENERATIONS-',
  },
  synonyms: [],
  description: 'The son of the Seventh Hokage.',
  coverImage: cover('bx97922-6ZzqkU6kV0Yn.jpg'),
  startDate: { year: 2016, month: 5, day: 9 },
  status: 'FINISHED',
  volumes: 20,
  chapters: 80,
  countryOfOrigin: 'JP',
  staff: staff(['Original Creator', 'Masashi Kishimoto'], ['Art', 'Mikio Ikemoto'], ['Story', 'Ukyou Kodachi']),
  siteUrl: 'https://anilist.co/manga/97922',
  genres: ['Action', 'Adventure'],
};

/** Two hundred volumes, no English title, only a small cover over plain http, no description. */
export const KOCHIKAME: AniListMedia = {
  id: 30960,
  title: {
    romaji: 'Kochira Katsushika-ku Kameari Kouen-mae Hashutsujo',
    english: null,
    native: 'こちら葛飾区亀有公園前派出所',
  },
  synonyms: ['Kochikame'],
  description: null,
  coverImage: {
    extraLarge: null,
    large: null,
    medium: 'http://s4.anilist.co/file/anilistcdn/media/manga/cover/small/30960.jpg',
  },
  startDate: { year: 1976, month: null, day: null },
  status: 'FINISHED',
  volumes: 201,
  chapters: 1960,
  countryOfOrigin: 'JP',
  staff: staff(['Story & Art', 'Osamu Akimoto']),
  siteUrl: 'https://anilist.co/manga/30960',
  genres: ['Comedy', 'Slice of Life'],
};

export const FRIEREN: AniListMedia = {
  id: 118586,
  title: { romaji: 'Sousou no Frieren', english: 'Frieren: Beyond Journey’s End', native: '葬送のフリーレン' },
  synonyms: ['Frieren', 'Frieren - Après la fin du voyage'],
  description: 'The adventure is over but life goes on for an elf mage. ~!She outlives them all.!~',
  coverImage: cover('bx118586-F0Lp86XQV7du.jpg'),
  startDate: { year: 2020, month: 4, day: 28 },
  status: 'RELEASING',
  volumes: null,
  chapters: null,
  countryOfOrigin: 'JP',
  staff: staff(['Story', 'Kanehito Yamada'], ['Art', 'Tsukasa Abe']),
  siteUrl: 'https://anilist.co/manga/118586',
  genres: ['Adventure', 'Drama', 'Fantasy'],
};

/** A running series AniList counts in chapters only (PROVIDERS.md §2.4's example). */
export const KAIJU_NO_8: AniListMedia = {
  id: 119257,
  title: { romaji: 'Kaijuu 8-gou', english: 'Kaiju No. 8', native: '怪獣８号' },
  synonyms: [],
  description: 'A monster story',
  coverImage: cover('bx119257-GEbvSFxNDLdY.jpg'),
  startDate: { year: 2020, month: 7, day: 3 },
  status: 'RELEASING',
  volumes: null,
  chapters: 110,
  countryOfOrigin: 'JP',
  staff: staff(['Story & Art', 'Naoya Matsumoto']),
  siteUrl: 'https://anilist.co/manga/119257',
  genres: ['Action', 'Sci-Fi'],
};

export const SOLO_LEVELING: AniListMedia = {
  id: 105398,
  title: { romaji: 'Na Honjaman Level Up', english: 'Solo Leveling', native: '나 혼자만 레벨업' },
  synonyms: ['Only I Level Up'],
  description: 'Ten years ago, "the Gate" appeared.',
  coverImage: cover('bx105398-b673Vt5ZSuz3.jpg'),
  startDate: { year: 2018, month: 3, day: 4 },
  status: 'FINISHED',
  volumes: 14,
  chapters: 201,
  countryOfOrigin: 'KR',
  format: 'MANGA',
  staff: staff(['Original Creator', 'Chugong'], ['Art', 'DUBU'], ['Story', 'h-goon']),
  siteUrl: 'https://anilist.co/manga/105398',
  genres: ['Action', 'Adventure', 'Fantasy'],
};

export const HUNTER_X_HUNTER: AniListMedia = {
  id: 30026,
  title: { romaji: 'HUNTER×HUNTER', english: 'Hunter x Hunter', native: 'HUNTER×HUNTER' },
  synonyms: [],
  description: 'Gon Freecss aspires to become a Hunter.',
  coverImage: cover('bx30026-Ru3w4LnDbEqr.jpg'),
  startDate: { year: 1998, month: 3, day: 3 },
  status: 'HIATUS',
  volumes: null,
  chapters: null,
  countryOfOrigin: 'JP',
  staff: staff(['Story & Art', 'Yoshihiro Togashi']),
  siteUrl: 'https://anilist.co/manga/30026',
  genres: ['Action', 'Adventure', 'Fantasy'],
};

export const ANILIST_MANGA: readonly AniListMedia[] = [
  ATTACK_ON_TITAN,
  NARUTO,
  BORUTO,
  KOCHIKAME,
  FRIEREN,
  KAIJU_NO_8,
  SOLO_LEVELING,
  HUNTER_X_HUNTER,
];

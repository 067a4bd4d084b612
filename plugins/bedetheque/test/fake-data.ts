/** A small Bédéthèque catalogue for the fake: real series names, invented ids and ISBNs. */

export interface FakeAlbum {
  id: number;
  /** Between the series slug and the id in the album's address: `Tome-1-La-Magicienne-trahie`, `INT-1-…`, `HS-…`. */
  slug: string;
  title: string;
  /** "Last, First", as the site files people; placeholders included. */
  writers: string[];
  artists: string[];
  publisher: string;
  /** As printed, dashes included; may be garbage. */
  isbn?: string;
  pages?: number;
  /** The `datePublished` content: "YYYY-MM-DD", zeros for what the site does not know. */
  published?: string;
  /** Thumbnail path; absent when the site has no scan. */
  cover?: string;
}

export interface FakeSeries {
  id: number;
  name: string;
  /** In the series address: `/serie-<id>-BD-<slug>.html`. */
  slug: string;
  description: string;
  genres: string;
  status: string;
  origin: string;
  language: string;
  /** The "Tomes :" count the site prints: numbered tomes only, not intégrales or hors-séries. */
  tomes: number;
  /**
   * `grouped`: each album in its own list item with its cover beside it (the site's album list);
   * `flat`: covers listed apart from the albums and people at page level (PROVIDERS.md's minimal page).
   */
  layout: 'grouped' | 'flat';
  /** Whether the page declares its canonical address. */
  canonical?: boolean;
  /** Answers only its own slug or none, not the placeholder `BD-Serie` slug (exercises the fallback address). */
  strictSlug?: boolean;
  /** The site fails to build this page (500). */
  broken?: boolean;
  albums: FakeAlbum[];
}

const VAN_HAMME = 'Van Hamme, Jean';
const ROSINSKI = 'Rosinski, Grzegorz';
const LOMBARD = 'Le Lombard';

function thorgalTome(number: number, id: number, slug: string, title: string, published: string): FakeAlbum {
  return {
    id,
    slug: `Tome-${number}-${slug}`,
    title,
    writers: [VAN_HAMME],
    artists: [ROSINSKI],
    publisher: LOMBARD,
    isbn: `978-2-8036-${String(number).padStart(4, '0')}-1`,
    pages: 46 + (number % 3) * 2,
    published,
    cover: `/cache/thb_couv/Couv_${id}.jpg`,
  };
}

const THORGAL_TOMES: FakeAlbum[] = [
  thorgalTome(1, 501, 'La-Magicienne-trahie', 'La Magicienne trahie', '1980-01-01'),
  // The site does not know the month or day of this one.
  { ...thorgalTome(2, 502, 'L-Ile-des-mers-gelees', "L'Île des mers gelées", '1980-00-00'), isbn: '2-8036-0002-X' },
  {
    ...thorgalTome(3, 503, 'Les-Trois-Vieillards-du-pays-d-Aran', "Les Trois Vieillards du pays d'Aran", '1981-05-01'),
  },
  thorgalTome(4, 504, 'La-Galere-noire', 'La Galère noire', '1982-03-01'),
  { ...thorgalTome(5, 505, 'Au-dela-des-ombres', 'Au-delà des ombres', '1983-09-00'), isbn: '<vide>' },
  { ...thorgalTome(6, 506, 'La-Chute-de-Brek-Zarith', 'La Chute de Brek Zarith', '1984-04-01'), pages: undefined },
  thorgalTome(7, 507, 'L-Enfant-des-etoiles', "L'Enfant des étoiles", '1984-10-01'),
  thorgalTome(8, 508, 'Alinoe', 'Alinoë', '1985-06-01'),
  thorgalTome(9, 509, 'Les-Archers', 'Les Archers', '1985-11-01'),
  thorgalTome(10, 510, 'Le-Pays-Qa', 'Le Pays Qâ', '1986-09-01'),
  thorgalTome(11, 511, 'Les-Yeux-de-Tanatloc', 'Les Yeux de Tanatloc', '1986-12-01'),
  thorgalTome(12, 512, 'La-Cite-du-dieu-perdu', 'La Cité du dieu perdu', '1987-05-01'),
];

export const THORGAL_INTEGRALE: FakeAlbum = {
  id: 990,
  slug: 'INT-1-Integrale-1',
  title: "La Magicienne trahie - L'Île des mers gelées - Les Trois Vieillards du pays d'Aran",
  writers: [VAN_HAMME],
  artists: [ROSINSKI],
  publisher: LOMBARD,
  isbn: '978-2-8036-2471-6',
  pages: 144,
  published: '2007-11-01',
  cover: '/cache/thb_couv/Couv_990.jpg',
};

export const THORGAL_HORS_SERIE: FakeAlbum = {
  id: 995,
  slug: 'HS-Calendrier-1990',
  title: 'Calendrier Thorgal 1990',
  writers: ['Collectif'],
  artists: [ROSINSKI, '<Indéterminé>'],
  publisher: LOMBARD,
  published: '1989-10-00',
};

export const SERIES: FakeSeries[] = [
  {
    id: 3,
    name: 'Blacksad',
    slug: 'Blacksad',
    description: "Dans l'Amérique des années 50, un détective privé chat enquête.",
    genres: 'Polar, Animalier',
    status: 'Série en cours',
    origin: 'Europe',
    language: 'Français',
    tomes: 3,
    layout: 'flat',
    albums: [
      {
        id: 21434,
        slug: 'Tome-1-Quelque-part-entre-les-ombres',
        title: 'Quelque part entre les ombres',
        writers: ['Díaz Canales, Juan'],
        artists: ['Guarnido, Juanjo'],
        publisher: 'Dargaud',
        isbn: '978-2-205-04900-3',
        pages: 48,
        published: '2000-11-01',
        cover: '/cache/thb_couv/Couv_21434.jpg',
      },
      {
        id: 1064,
        slug: 'Tome-2-Arctic-Nation',
        title: 'Arctic-Nation',
        writers: ['Díaz Canales, Juan'],
        artists: ['Guarnido, Juanjo'],
        publisher: 'Dargaud',
        isbn: '978-2-205-05197-6',
        pages: 56,
        published: '2003-03-01',
        cover: '/cache/thb_couv/Couv_1064.jpg',
      },
      {
        id: 45210,
        slug: 'Tome-3-Ame-rouge',
        title: 'Âme rouge',
        writers: ['Díaz Canales, Juan'],
        artists: ['Guarnido, Juanjo'],
        publisher: 'Dargaud',
        isbn: '978-2-205-05557-8',
        pages: 56,
        published: '2005-11-01',
        cover: '/cache/thb_couv/Couv_45210.jpg',
      },
    ],
  },
  {
    id: 12,
    name: 'Thorgal',
    slug: 'Thorgal',
    description: 'Saga viking mêlant fantastique et science-fiction.',
    genres: 'Fantastique, Aventure, Heroic Fantasy',
    status: 'Série en cours',
    origin: 'Europe',
    language: 'Français',
    tomes: 12,
    layout: 'grouped',
    canonical: true,
    // The page's own order: the hors-série first, the intégrale among the tomes.
    albums: [THORGAL_HORS_SERIE, ...THORGAL_TOMES.slice(0, 6), THORGAL_INTEGRALE, ...THORGAL_TOMES.slice(6)],
  },
  {
    id: 13,
    name: 'Jeunesse de Thorgal (La)',
    slug: 'Jeunesse-de-Thorgal-La',
    description: 'Les années de formation du héros.',
    genres: 'Fantastique, Aventure',
    status: 'Série en cours',
    origin: 'Europe',
    language: 'Français',
    tomes: 1,
    layout: 'grouped',
    albums: [
      {
        id: 30001,
        slug: 'Tome-1-Les-Trois-Soeurs-Minkelsonn',
        title: 'Les Trois Sœurs Minkelsönn',
        writers: ['Yann'],
        artists: ['Surzhenko, Roman'],
        publisher: LOMBARD,
        isbn: '978-2-8036-7000-3',
        pages: 48,
        published: '2013-01-11',
        cover: '/cache/thb_couv/Couv_30001.jpg',
      },
    ],
  },
  {
    id: 14,
    name: 'Mondes de Thorgal (Les) - Kriss de Valnor',
    slug: 'Mondes-de-Thorgal-Les-Kriss-de-Valnor',
    description: 'Le destin de Kriss de Valnor.',
    genres: 'Fantastique',
    status: 'Série finie',
    origin: 'Europe',
    language: 'Français',
    tomes: 1,
    layout: 'grouped',
    albums: [
      {
        id: 31001,
        slug: 'Tome-1-Je-n-oublie-rien',
        title: "Je n'oublie rien !",
        writers: ['Sente, Yves'],
        artists: ['Surzhenko, Roman'],
        publisher: LOMBARD,
        published: '2010-11-01',
      },
    ],
  },
  {
    id: 3476,
    name: 'Légendaires (Les)',
    slug: 'Legendaires-Les',
    description: "Des héros d'Alysia retombés en enfance.",
    genres: 'Fantastique, Humour',
    status: 'Série en cours',
    origin: 'Europe',
    language: 'Français',
    tomes: 2,
    layout: 'grouped',
    albums: [
      {
        id: 7001,
        slug: 'Tome-1-La-Pierre-de-Jovenia',
        title: 'La Pierre de Jovénia',
        writers: ['Sobral, Patrick'],
        artists: ['Sobral, Patrick'],
        publisher: 'Delcourt',
        isbn: '978-2-84055-407-7',
        pages: 48,
        published: '2004-01-14',
        cover: 'http://www.bedetheque.com/cache/thb_couv/Couv_7001.jpg',
      },
      {
        id: 7002,
        slug: 'Tome-2-Le-Gardien',
        title: 'Le Gardien',
        writers: ['Sobral, Patrick'],
        artists: ['Sobral, Patrick'],
        publisher: 'Delcourt',
        isbn: '978-2-84055-408-4',
        pages: 48,
        published: '2004-06-16',
        cover: '/cache/thb_couv/Couv_7002.jpg',
      },
    ],
  },
  {
    id: 1880,
    name: "Épervier (L')",
    slug: 'Epervier-L',
    description: 'Aventures du corsaire Yann de Kermeur au XVIIIe siècle.',
    genres: 'Aventure, Maritime, Historique',
    status: 'Série finie',
    origin: 'Europe',
    language: 'Français',
    tomes: 1,
    layout: 'grouped',
    strictSlug: true,
    albums: [
      {
        id: 8801,
        slug: 'Tome-1-Le-Trepasse',
        title: 'Le Trépassé',
        writers: ['Pellerin, Patrice'],
        artists: ['Pellerin, Patrice'],
        publisher: 'Dupuis',
        isbn: '978-2-8001-2003-4',
        pages: 48,
        published: '1994-09-01',
        cover: '/cache/thb_couv/Couv_8801.jpg',
      },
    ],
  },
  {
    id: 5555,
    name: 'Kiekeboe',
    slug: 'Kiekeboe',
    description: 'De avonturen van Marcel Kiekeboe.',
    genres: 'Humour',
    status: 'Série en cours',
    origin: 'Europe',
    language: 'Néerlandais',
    tomes: 1,
    layout: 'grouped',
    albums: [
      {
        id: 9901,
        slug: 'Tome-1-De-Wollebollen',
        title: 'De Wollebollen',
        writers: ['Merho'],
        artists: ['Merho'],
        publisher: 'Standaard',
        pages: 48,
        published: '1977-00-00',
        cover: '/cache/thb_couv/Couv_9901.jpg',
      },
    ],
  },
  {
    id: 77,
    name: 'Rork',
    slug: 'Rork',
    description: 'Un passeur entre les mondes.',
    genres: 'Fantastique',
    status: 'Série finie',
    origin: 'Europe',
    language: 'Français',
    tomes: 0,
    layout: 'grouped',
    broken: true,
    albums: [],
  },
];

export function seriesById(id: number): FakeSeries | undefined {
  return SERIES.find((series) => series.id === id);
}

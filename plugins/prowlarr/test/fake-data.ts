/**
 * A small Prowlarr instance: four indexers (one disabled) and releases in the shapes of Prowlarr's `ReleaseResource`
 * and `IndexerResource` (GET /api/v1/search, GET /api/v1/indexer). Written for these tests, not copied.
 */

export const FAKE_API_KEY = '3f9c2a7d81e64b0c9a5d17e2b6f40c88';

export interface FakeIndexer {
  id: number;
  name: string;
  protocol: 'torrent' | 'usenet';
  enable: boolean;
  privacy: 'public' | 'semiPrivate' | 'private';
  language: string;
}

export const INDEXERS: FakeIndexer[] = [
  { id: 1, name: 'Nyaa.si', protocol: 'torrent', enable: true, privacy: 'public', language: 'en-US' },
  { id: 2, name: 'YggTorrent', protocol: 'torrent', enable: true, privacy: 'semiPrivate', language: 'fr-FR' },
  { id: 3, name: 'NZBgeek', protocol: 'usenet', enable: true, privacy: 'private', language: 'en-US' },
  { id: 4, name: '1337x', protocol: 'torrent', enable: false, privacy: 'public', language: 'en-US' },
];

const CATEGORY_NAMES: Record<number, string> = {
  7000: 'Books',
  7020: 'Books/EBook',
  7030: 'Books/Comics',
  7010: 'Books/Mags',
  100417: 'BD',
  100418: 'Manga',
};

export interface FakeRelease {
  guid: string;
  title: string;
  size: number;
  indexerId: number;
  /** Newznab ids first, then the tracker's own (≥ 100000), as Prowlarr lists them. */
  categories: number[];
  publishDate: string;
  seeders?: number;
  leechers?: number;
  grabs?: number;
  files?: number;
  infoHash?: string;
}

function onePieceVolume(volume: number): FakeRelease {
  const padded = String(volume).padStart(2, '0');
  return {
    guid: `https://www.yggtorrent.top/torrent/ebook/bd/9${String(volume).padStart(5, '0')}`,
    title: `One Piece - Tome ${padded} [Glénat] (CBZ)`,
    size: 70_000_000 + volume * 1_234_567,
    indexerId: 2,
    categories: [7030, 100418],
    publishDate: `2023-${String(1 + (volume % 12)).padStart(2, '0')}-${String(1 + (volume % 27)).padStart(2, '0')}T18:${padded}:00Z`,
    seeders: 40 - volume,
    leechers: volume % 4,
    grabs: 300 + volume,
    files: 1,
    infoHash: `${padded}a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2`.slice(0, 40),
  };
}

export const RELEASES: FakeRelease[] = [
  {
    guid: 'https://nyaa.si/view/1753201',
    title: 'One Piece T01-T105 (Glénat) [Intégrale CBZ]',
    size: 10_523_566_080,
    indexerId: 1,
    categories: [7030, 100418],
    publishDate: '2024-03-14T10:22:31Z',
    seeders: 128,
    leechers: 17,
    grabs: 2045,
    files: 105,
    infoHash: '5e0c2f6f1c3a4b9e8d7c6b5a4f3e2d1c0b9a8f7e',
  },
  ...Array.from({ length: 12 }, (_, index) => onePieceVolume(index + 1)),
  {
    guid: 'https://api.nzbgeek.info/details/9f2e61d0b3c7a8e4',
    title: 'One.Piece.v107.2024.Digital.Comic.cbz-Oak',
    size: 214_958_080,
    indexerId: 3,
    categories: [7030],
    publishDate: '2024-08-02T06:41:09.1234567Z',
    grabs: 88,
    files: 3,
  },
  {
    guid: 'https://www.yggtorrent.top/torrent/ebook/bd/1188420',
    title: "Astérix - Tome 40 - L'Iris blanc (2023) [CBR]",
    size: 96_468_992,
    indexerId: 2,
    categories: [7030, 100417],
    publishDate: '2023-10-26T08:00:00Z',
    seeders: 54,
    leechers: 3,
    grabs: 1210,
    files: 1,
    infoHash: 'a4c1f0e2d3b4958677a6b5c4d3e2f1a0b9c8d7e6',
  },
  {
    guid: 'https://www.yggtorrent.top/torrent/ebook/bd/1093377',
    title: "L'Arabe du futur - Intégrale T01 à T06 - Riad Sattouf (EPUB)",
    size: 0,
    indexerId: 2,
    categories: [7020, 100417],
    publishDate: '2022-11-30T21:15:00Z',
    seeders: 0,
    leechers: 0,
    grabs: 97,
    infoHash: 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00',
  },
  {
    guid: 'https://nyaa.si/view/1698004',
    title: '[Kodansha] 進撃の巨人 第01-34巻 (完) [Digital]',
    size: 6_871_947_673,
    indexerId: 1,
    categories: [7030, 100418],
    publishDate: '2021-06-09T15:03:27Z',
    seeders: 61,
    leechers: 5,
    grabs: 3380,
    files: 34,
    infoHash: 'be7a7e0ffa1d0c2b3a4958677a6b5c4d3e2f1a0b',
  },
  {
    guid: 'https://api.nzbgeek.info/details/1c0d3e5f7a9b2d4f',
    title: 'Blacksad.Vol.01-06.FRENCH.CBZ-NoGroup',
    size: 1_288_490_188,
    indexerId: 3,
    categories: [7030],
    publishDate: '2020-01-05T12:00:00Z',
    grabs: 412,
  },
];

export function categoryResource(id: number): { id: number; name: string; subCategories: never[] } {
  return { id, name: CATEGORY_NAMES[id] ?? `Category ${id}`, subCategories: [] };
}

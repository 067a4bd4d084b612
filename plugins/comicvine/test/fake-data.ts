/**
 * A small ComicVine catalogue in the API's own field names and types: ids are numbers, `start_year` and `issue_number`
 * are strings, descriptions are HTML, images carry every size, aliases are one newline-separated string.
 */

export interface FakeVolume {
  id: number;
  name: string;
  aliases: string | null;
  deck: string | null;
  description: string | null;
  publisher: { id: number; name: string } | null;
  start_year: string | null;
  count_of_issues: number;
  image: Record<string, string> | null;
  site_detail_url: string;
}

export interface FakeIssue {
  id: number;
  volumeId: number;
  name: string | null;
  issue_number: string;
  deck: string | null;
  description: string | null;
  image: Record<string, string> | null;
  cover_date: string | null;
  store_date: string | null;
  person_credits: { id: number; name: string; role: string }[];
}

function images(path: string, scheme = 'https'): Record<string, string> {
  const sizes = ['icon_url', 'medium_url', 'screen_url', 'screen_large_url', 'small_url', 'super_url', 'thumb_url'];
  const result: Record<string, string> = {};
  for (const size of sizes) {
    const folder = size.replace('_url', '').replace('_large', '_kubrick');
    result[size] = `${scheme}://comicvine.gamespot.com/a/uploads/scale_${folder}/${path}`;
  }
  result.original_url = `${scheme}://comicvine.gamespot.com/a/uploads/original/${path}`;
  result.image_tags = 'All Images';
  return result;
}

function siteUrl(slug: string, id: number): string {
  return `https://comicvine.gamespot.com/${slug}/4050-${id}/`;
}

export const HELLBOY_ID = 18166;
export const SAGA_ID = 49901;
export const DETECTIVE_ID = 796;
export const LEGENDAIRES_ID = 25853;
export const AKIRA_ID = 2127;
export const BLACKSAD_ID = 147381;
export const OOKU_ID = 27447;

export const volumes: FakeVolume[] = [
  {
    id: HELLBOY_ID,
    name: 'Hellboy: Seed of Destruction',
    aliases: 'Hellboy\nHellboy: Seed of Destruction',
    deck: 'The first Hellboy mini-series.',
    description:
      '<p><em>Hellboy</em> investigates the occult for the <a href="/bprd/4060-1/" data-ref-id="4060-1">B.P.R.D.</a> &amp; uncovers Rasputin&#39;s plan.</p><h2>Collected Editions</h2><ul><li>Hellboy Vol. 1</li></ul>',
    publisher: { id: 364, name: 'Dark Horse Comics' },
    start_year: '1994',
    count_of_issues: 4,
    // Old records still point at plain http.
    image: images('0/4/18166-hellboy.jpg', 'http'),
    site_detail_url: siteUrl('hellboy-seed-of-destruction', HELLBOY_ID),
  },
  {
    id: SAGA_ID,
    name: 'Saga',
    aliases: null,
    deck: 'Star-crossed lovers from warring races go on the run.',
    description: '<p>An epic space opera by Brian K. Vaughan and Fiona Staples.</p>',
    publisher: { id: 513, name: 'Image' },
    start_year: '2012',
    count_of_issues: 12,
    image: images('6/67663/saga-1.jpg'),
    site_detail_url: siteUrl('saga', SAGA_ID),
  },
  {
    id: DETECTIVE_ID,
    name: 'Detective Comics',
    aliases: 'Detective\nDetective Comics Starring Batman',
    deck: 'The series that gave DC its name.',
    description: '<p>Home of <b>Batman</b> since issue #27.</p>',
    publisher: { id: 10, name: 'DC Comics' },
    start_year: '1937',
    count_of_issues: 230,
    image: images('1/18166/796-detective.jpg'),
    site_detail_url: siteUrl('detective-comics', DETECTIVE_ID),
  },
  {
    id: LEGENDAIRES_ID,
    name: 'Les Légendaires',
    aliases: 'Legendaires\nThe Legendaries',
    deck: null,
    description: '<p>Danaël, Jadina, Gryf, Shimy et Razzia&nbsp;: les héros d&eacute;chus d’Alysia.</p>',
    publisher: { id: 2050, name: 'Delcourt' },
    start_year: '2004',
    count_of_issues: 5,
    image: images('11/117763/legendaires-1.jpg'),
    site_detail_url: siteUrl('les-legendaires', LEGENDAIRES_ID),
  },
  {
    id: AKIRA_ID,
    name: 'Akira',
    aliases: null,
    deck: 'Katsuhiro Otomo’s colourised edition for the American market.',
    description: null,
    publisher: { id: 1386, name: 'Epic' },
    start_year: '1988',
    count_of_issues: 3,
    image: null,
    site_detail_url: siteUrl('akira', AKIRA_ID),
  },
  {
    id: BLACKSAD_ID,
    name: 'Blacksad',
    aliases: '',
    deck: null,
    description: '',
    publisher: null,
    start_year: '',
    count_of_issues: 0,
    image: { original_url: 'https://comicvine.gamespot.com/a/uploads/original/blacksad.png' },
    site_detail_url: siteUrl('blacksad', BLACKSAD_ID),
  },
  {
    id: OOKU_ID,
    name: 'Ōoku: The Inner Chambers',
    aliases: '大奥',
    deck: 'Fumi Yoshinaga’s alternate history of the shogunate.',
    description: null,
    publisher: { id: 1190, name: 'VIZ' },
    start_year: '2009',
    count_of_issues: 2,
    image: images('3/31666/ooku-1.jpg'),
    site_detail_url: siteUrl('ooku-the-inner-chambers', OOKU_ID),
  },
];

function issue(
  id: number,
  volumeId: number,
  issueNumber: string,
  fields: Partial<Omit<FakeIssue, 'id' | 'volumeId' | 'issue_number'>> = {},
): FakeIssue {
  return {
    id,
    volumeId,
    issue_number: issueNumber,
    name: null,
    deck: null,
    description: null,
    image: images(`issue-${id}.jpg`),
    cover_date: null,
    store_date: null,
    person_credits: [],
    ...fields,
  };
}

const mignola = [
  { id: 4260, name: 'Mike Mignola', role: 'writer, penciler, cover' },
  { id: 4261, name: 'John Byrne', role: 'writer' },
  { id: 4262, name: 'Mark Chiarello', role: 'colorist' },
];

function detectiveIssues(): FakeIssue[] {
  const result: FakeIssue[] = [];
  for (let number = 1; number <= 227; number += 1) {
    const year = 1937 + Math.floor((number - 1) / 12);
    const month = String(((number + 2) % 12) + 1).padStart(2, '0');
    result.push(
      issue(100_000 + number, DETECTIVE_ID, String(number), {
        name: number === 27 ? 'The Case of the Chemical Syndicate' : null,
        cover_date: `${year}-${month}-01`,
      }),
    );
  }
  // Entered later in ComicVine's database, so they come last in its order.
  result.push(issue(200_000, DETECTIVE_ID, '0', { name: 'Zero Hour', cover_date: '1994-10-01' }));
  result.push(issue(200_001, DETECTIVE_ID, '1000', { name: 'Batman: 80 Years', cover_date: '2019-05-01' }));
  result.push(issue(200_002, DETECTIVE_ID, '27.1', { cover_date: '2011-09-00' }));
  return result;
}

export const issues: FakeIssue[] = [
  issue(900, HELLBOY_ID, '1', {
    name: 'Seed of Destruction, Part One',
    description: '<p>First.</p>',
    cover_date: '1994-03-01',
    store_date: '1994-01-18',
    person_credits: mignola,
  }),
  // Out of order on purpose: ComicVine's own order is not by issue number.
  issue(903, HELLBOY_ID, '4', {
    name: 'Seed of Destruction, Part Four',
    cover_date: '1994-06-01',
    person_credits: mignola,
  }),
  issue(901, HELLBOY_ID, '2', {
    name: 'Seed of Destruction, Part Two',
    cover_date: '1994-04-01',
    person_credits: mignola,
  }),
  issue(902, HELLBOY_ID, '3', {
    name: 'Seed of Destruction, Part Three',
    cover_date: '1994-05-01',
    person_credits: mignola,
  }),
  ...Array.from({ length: 12 }, (_, index) =>
    issue(300_000 + index, SAGA_ID, String(index + 1), {
      name: `Chapter ${['One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve'][index]}`,
      cover_date: `2012-${String(index + 3).padStart(2, '0')}-00`,
      store_date: index === 0 ? '2012-03-14' : null,
    }),
  ),
  ...detectiveIssues(),
  issue(400_001, LEGENDAIRES_ID, '1', {
    name: 'La Pierre de Jovénia',
    description: '<p>Les Légendaires ne sont plus que l&#8217;ombre d&rsquo;eux-mêmes.</p>',
    cover_date: '2004-01-00',
    person_credits: [{ id: 70001, name: 'Patrick Sobral', role: 'writer, artist, cover' }],
  }),
  issue(400_002, LEGENDAIRES_ID, '2', { name: 'Le Gardien', cover_date: '2004-09-00' }),
  issue(400_003, LEGENDAIRES_ID, '3', { name: 'Frères ennemis', cover_date: '2005-06-00' }),
  issue(400_004, LEGENDAIRES_ID, '4', { name: 'Le Réveil du Kréa-Kaos', cover_date: '2006-01-00' }),
  issue(400_005, LEGENDAIRES_ID, '5', { name: 'Coeur du passé', cover_date: '2006-11-00' }),
  issue(500_001, AKIRA_ID, '1', { name: 'Akira', deck: 'Tetsuo and Kaneda', cover_date: '1988-09-01' }),
  issue(500_002, AKIRA_ID, '2', { cover_date: '1988-10-01', image: null }),
  issue(500_003, AKIRA_ID, '3', { cover_date: '0000-00-00' }),
  issue(600_001, OOKU_ID, '1', { name: '大奥 第1巻', cover_date: '2009-08-18' }),
  issue(600_002, OOKU_ID, '½', { name: 'Special', cover_date: '2010-02-00' }),
];

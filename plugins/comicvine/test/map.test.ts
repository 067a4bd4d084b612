import { describe, expect, it } from 'vitest';
import {
  aliasesOf,
  authorsOf,
  coverUrlOf,
  issueNumberOf,
  mapIssues,
  mapSearchResults,
  mapSeries,
  mapVolume,
  publishDateOf,
  startYearOf,
  summaryOf,
  volumeIdOf,
} from '../src/map.js';

const hellboy = {
  id: 18166,
  name: 'Hellboy: Seed of Destruction',
  aliases: 'Hellboy\r\nhellboy: seed of destruction\nHB',
  deck: 'The first mini-series.',
  description: '<p>Occult <b>detective</b> &amp; B.P.R.D.</p><p>Second.</p>',
  publisher: { id: 364, name: 'Dark Horse Comics' },
  start_year: '1994',
  count_of_issues: 4,
  image: { small_url: 'http://cv.example/s.jpg', medium_url: 'http://cv.example/m.jpg' },
  site_detail_url: 'https://comicvine.gamespot.com/hellboy/4050-18166/',
};

describe('mapSeries', () => {
  it('maps every field ComicVine gives for a volume', () => {
    expect(mapSeries(hellboy)).toEqual({
      externalId: '18166',
      title: 'Hellboy: Seed of Destruction',
      alternativeTitles: ['Hellboy', 'HB'],
      authors: [],
      description: 'Occult detective & B.P.R.D.\n\nSecond.',
      publishers: ['Dark Horse Comics'],
      startYear: 1994,
      totalVolumes: 4,
      totalChapters: null,
      rawStatus: null,
      genres: [],
      language: null,
      coverUrl: 'https://cv.example/m.jpg',
      externalUrl: 'https://comicvine.gamespot.com/hellboy/4050-18166/',
    });
  });

  it('keeps unknown values null or empty instead of inventing them', () => {
    const series = mapSeries({ id: 7, name: '  Blacksad ', start_year: '', count_of_issues: 0, publisher: null });
    expect(series).toMatchObject({
      externalId: '7',
      title: 'Blacksad',
      alternativeTitles: [],
      description: null,
      publishers: [],
      startYear: null,
      totalVolumes: null,
      coverUrl: null,
      externalUrl: null,
    });
  });

  it('drops a volume without an id or a name', () => {
    expect(mapSeries({ name: 'No id' })).toBeNull();
    expect(mapSeries({ id: 5, name: '   ' })).toBeNull();
    expect(mapSeries({ id: '5', name: 'Numeric string id' })?.externalId).toBe('5');
    expect(mapSeries({ id: -1, name: 'Negative' })).toBeNull();
    expect(mapSeries(null)).toBeNull();
    expect(mapSeries([hellboy])).toBeNull();
  });

  it('falls back to the deck when there is no description', () => {
    expect(mapSeries({ ...hellboy, description: null })?.description).toBe('The first mini-series.');
    expect(mapSeries({ ...hellboy, description: '<p> </p>' })?.description).toBe('The first mini-series.');
  });

  it('ignores a count of issues that is not a positive whole number', () => {
    expect(mapSeries({ ...hellboy, count_of_issues: '12' })?.totalVolumes).toBe(12);
    expect(mapSeries({ ...hellboy, count_of_issues: 2.5 })?.totalVolumes).toBeNull();
    expect(mapSeries({ ...hellboy, count_of_issues: null })?.totalVolumes).toBeNull();
  });
});

describe('startYearOf', () => {
  it('reads the year ComicVine sends as a string', () => {
    expect(startYearOf('1994')).toBe(1994);
    expect(startYearOf(' 2012 ')).toBe(2012);
    expect(startYearOf(1988)).toBe(1988);
  });

  it('refuses what is not a plausible year', () => {
    expect(startYearOf('')).toBeNull();
    expect(startYearOf('19??')).toBeNull();
    expect(startYearOf('0000')).toBeNull();
    expect(startYearOf('20121')).toBeNull();
    expect(startYearOf(null)).toBeNull();
  });
});

describe('coverUrlOf', () => {
  it('prefers the medium size and upgrades http to https', () => {
    expect(coverUrlOf({ small_url: 'https://cv/s.jpg', medium_url: 'http://cv/m.jpg' })).toBe('https://cv/m.jpg');
  });

  it('falls back to another size when medium is missing or empty', () => {
    expect(coverUrlOf({ medium_url: '', small_url: 'https://cv/s.jpg' })).toBe('https://cv/s.jpg');
    expect(coverUrlOf({ original_url: '//cv/o.jpg' })).toBe('https://cv/o.jpg');
  });

  it('ignores what is not an absolute web address', () => {
    expect(coverUrlOf({ medium_url: '/a/uploads/m.jpg' })).toBeNull();
    expect(coverUrlOf({ medium_url: 'ftp://cv/m.jpg' })).toBeNull();
    expect(coverUrlOf(null)).toBeNull();
    expect(coverUrlOf('https://cv/m.jpg')).toBeNull();
  });
});

describe('aliasesOf', () => {
  it('splits the newline-separated aliases, without blanks, duplicates or the title itself', () => {
    expect(aliasesOf('Légendaires\n\nThe Legendaries\nlégendaires\nLes Légendaires', 'Les Légendaires')).toEqual([
      'Légendaires',
      'The Legendaries',
    ]);
    expect(aliasesOf(null, 'X')).toEqual([]);
  });
});

describe('summaryOf', () => {
  it('turns ComicVine HTML into text', () => {
    expect(summaryOf('<p>Les h&eacute;ros d&#8217;Alysia&nbsp;!</p>', null)).toBe('Les héros d’Alysia !');
  });
});

describe('mapSearchResults', () => {
  it('keeps ComicVine order, drops unusable results, other resource types and duplicates', () => {
    const results = mapSearchResults([
      { ...hellboy, resource_type: 'volume' },
      { id: 1, name: 'A character', resource_type: 'character' },
      { name: 'no id' },
      { ...hellboy },
      { id: 49901, name: 'Saga' },
    ]);
    expect(results.map((series) => series.externalId)).toEqual(['18166', '49901']);
  });

  it('answers nothing for what is not a list', () => {
    expect(mapSearchResults({})).toEqual([]);
    expect(mapSearchResults(undefined)).toEqual([]);
  });
});

describe('issueNumberOf', () => {
  it('reads plain and decimal issue numbers', () => {
    expect(issueNumberOf('1')).toBe(1);
    expect(issueNumberOf('001')).toBe(1);
    expect(issueNumberOf('0')).toBe(0);
    expect(issueNumberOf('27.1')).toBe(27.1);
    expect(issueNumberOf(' 12 ')).toBe(12);
    expect(issueNumberOf(3)).toBe(3);
  });

  it('keeps a decimal issue apart from the whole one instead of truncating it', () => {
    expect(issueNumberOf('1.5')).not.toBe(issueNumberOf('1'));
  });

  it('reads the half issues of specials', () => {
    expect(issueNumberOf('½')).toBe(0.5);
    expect(issueNumberOf('1/2')).toBe(0.5);
  });

  it('gives no number to variants, specials with words, negatives and blanks', () => {
    expect(issueNumberOf('1.MU')).toBeNull();
    expect(issueNumberOf('1A')).toBeNull();
    expect(issueNumberOf('Annual 1')).toBeNull();
    expect(issueNumberOf('-1')).toBeNull();
    expect(issueNumberOf('')).toBeNull();
    expect(issueNumberOf(null)).toBeNull();
    expect(issueNumberOf(-1)).toBeNull();
  });
});

describe('publishDateOf', () => {
  it('keeps a full date', () => {
    expect(publishDateOf('1994-03-01')).toBe('1994-03-01');
  });

  it('cuts the zeros ComicVine uses for an unknown day or month', () => {
    expect(publishDateOf('2012-03-00')).toBe('2012-03');
    expect(publishDateOf('1987-00-00')).toBe('1987');
    expect(publishDateOf('1987-00-15')).toBe('1987');
  });

  it('drops a time part', () => {
    expect(publishDateOf('2008-06-06 11:08:00')).toBe('2008-06-06');
  });

  it('refuses impossible dates rather than passing them on', () => {
    expect(publishDateOf('0000-00-00')).toBeNull();
    expect(publishDateOf('2004-13-01')).toBeNull();
    expect(publishDateOf('2023-02-30')).toBe('2023-02');
    expect(publishDateOf('March 1994')).toBeNull();
    expect(publishDateOf('')).toBeNull();
    expect(publishDateOf(19940301)).toBeNull();
  });
});

describe('authorsOf', () => {
  it('keeps the writers and artists, in credit order, once each', () => {
    expect(
      authorsOf([
        { name: 'Mike Mignola', role: 'writer, penciler, cover' },
        { name: 'Mark Chiarello', role: 'colorist' },
        { name: 'John Byrne', role: 'writer' },
        { name: 'Mike Mignola', role: 'inker' },
        { name: 'Pat Brosseau', role: 'letterer' },
      ]),
    ).toEqual(['Mike Mignola', 'John Byrne']);
  });

  it('keeps every credited name when no credit carries an authoring role', () => {
    expect(authorsOf([{ name: 'Patrick Sobral' }, { name: 'Anon', role: 'editor' }])).toEqual([
      'Patrick Sobral',
      'Anon',
    ]);
  });

  it('answers no author for a missing or malformed list', () => {
    expect(authorsOf(undefined)).toEqual([]);
    expect(authorsOf([null, 'x', { role: 'writer' }])).toEqual([]);
  });
});

describe('mapVolume', () => {
  it('maps an issue', () => {
    expect(
      mapVolume({
        id: 900,
        name: 'Seed of Destruction',
        issue_number: '1',
        description: '<p>First.</p>',
        image: { small_url: 'http://cv.example/i1.jpg' },
        cover_date: '1994-03-01',
        store_date: '1994-01-18',
        person_credits: [{ name: 'Mike Mignola', role: 'writer' }],
      }),
    ).toEqual({
      externalId: '900',
      volumeNumber: 1,
      title: 'Seed of Destruction',
      authors: ['Mike Mignola'],
      isbn: null,
      summary: 'First.',
      coverUrl: 'https://cv.example/i1.jpg',
      pageCount: null,
      language: null,
      publishDate: '1994-03-01',
    });
  });

  it('leaves what ComicVine does not say empty, and uses the store date when there is no cover date', () => {
    expect(mapVolume({ id: 5, issue_number: 'Annual', name: '', store_date: '2012-03-14' })).toEqual({
      externalId: '5',
      volumeNumber: null,
      title: null,
      authors: [],
      isbn: null,
      summary: null,
      coverUrl: null,
      pageCount: null,
      language: null,
      publishDate: '2012-03-14',
    });
  });

  it('drops an issue without an id', () => {
    expect(mapVolume({ issue_number: '1' })).toBeNull();
  });
});

describe('mapIssues', () => {
  it('orders by number, numberless issues last, and keeps ComicVine order between equals', () => {
    const volumes = mapIssues([
      { id: 10, issue_number: '10' },
      { id: 2, issue_number: '2' },
      { id: 99, issue_number: 'Special' },
      { id: 3, issue_number: '1.5' },
      { id: 1, issue_number: '1' },
      { id: 4, issue_number: '2' },
      { id: 2, issue_number: '2' },
      { issue_number: '7' },
    ]);
    expect(volumes.map((volume) => volume.externalId)).toEqual(['1', '3', '2', '4', '10', '99']);
  });
});

describe('volumeIdOf', () => {
  it('accepts the bare number and the 4050- form of a volume id', () => {
    expect(volumeIdOf('18166')).toBe('18166');
    expect(volumeIdOf('4050-18166')).toBe('18166');
    expect(volumeIdOf(' 796 ')).toBe('796');
  });

  it('refuses other resources and anything that is not a number', () => {
    expect(volumeIdOf('4000-900')).toBeNull();
    expect(volumeIdOf('hellboy')).toBeNull();
    expect(volumeIdOf('')).toBeNull();
    expect(volumeIdOf('12/../search')).toBeNull();
  });
});

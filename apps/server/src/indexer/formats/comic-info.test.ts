import { describe, expect, it } from 'vitest';

import {
  EXPECTED_FULL_COMIC_INFO,
  EXPECTED_ODD_COMIC_INFO,
  FULL_COMIC_INFO_XML,
  ODD_COMIC_INFO_XML,
} from '../../../test/support/metadata-fixtures.js';
import { parseComicInfo } from './comic-info.js';

const parse = (body: string) => parseComicInfo(`<ComicInfo>${body}</ComicInfo>`).metadata;

describe('parseComicInfo: every field', () => {
  it('reads every field of a complete ComicInfo (v2.0 and the v2.1 draft)', () => {
    const info = parseComicInfo(FULL_COMIC_INFO_XML);
    expect(info.metadata).toEqual(EXPECTED_FULL_COMIC_INFO);
    expect(info.frontCoverIndex).toBe(0);
  });

  it('reads the odd spellings real taggers write', () => {
    expect(parseComicInfo(ODD_COMIC_INFO_XML).metadata).toEqual(EXPECTED_ODD_COMIC_INFO);
  });

  it('credits all eight roles, each element in any case, writers first', () => {
    const metadata = parse(
      '<translator>T</translator><EDITOR>E</EDITOR><coverArtist>C</coverArtist><letterer>L</letterer>' +
        '<Colorist>K</Colorist><INKER>I</INKER><penciller>P</penciller><wRiTeR>W</wRiTeR>',
    );
    expect(metadata.authors).toEqual([
      { name: 'W', role: 'writer' },
      { name: 'P', role: 'penciller' },
      { name: 'I', role: 'inker' },
      { name: 'K', role: 'colorist' },
      { name: 'L', role: 'letterer' },
      { name: 'C', role: 'cover' },
      { name: 'E', role: 'editor' },
      { name: 'T', role: 'translator' },
    ]);
  });

  it('keeps one person under each of their roles, once per role whatever the case', () => {
    expect(parse('<Writer>Jo, JO</Writer><Penciller>jo</Penciller>').authors).toEqual([
      { name: 'Jo', role: 'writer' },
      { name: 'jo', role: 'penciller' },
    ]);
  });

  it('keeps an age rating as written unless it says there is none', () => {
    expect(parse('<AgeRating>Mature 17+</AgeRating>').ageRating).toBe('Mature 17+');
    expect(parse('<AgeRating>Kids 7+ (house rating)</AgeRating>').ageRating).toBe('Kids 7+ (house rating)');
    expect(parse('<AgeRating>Unknown</AgeRating>')).toEqual({});
    expect(parse('<AgeRating>Rating Pending</AgeRating>')).toEqual({});
    expect(parse('<AgeRating> </AgeRating>')).toEqual({});
  });

  it('keeps http(s) web links only, as the URL parser spells them', () => {
    expect(
      parse(
        '<Web>HTTPS://Example.org/a%20b ftp://x.org/f data:text/html,x //no-scheme.org mailto:a@b.c ' +
          'https://[::1]:8080/v6</Web>',
      ).webLinks,
    ).toEqual(['https://example.org/a%20b', 'https://[::1]:8080/v6']);
    expect(parse('<Web>javascript:alert(1)</Web>')).toEqual({});
    expect(parse(`<Web>https://example.org/${'x'.repeat(2100)}</Web>`)).toEqual({});
  });

  it('pairs story arcs with their numbers by position', () => {
    expect(parse('<StoryArc>A, B, C</StoryArc><StoryArcNumber>3;1.5</StoryArcNumber>').storyArcs).toEqual([
      { name: 'A', number: 3 },
      { name: 'B', number: 1.5 },
      { name: 'C', number: null },
    ]);
    expect(parse('<StoryArc>A,,B</StoryArc><StoryArcNumber>1,2,3</StoryArcNumber>').storyArcs).toEqual([
      { name: 'A', number: 1 },
      { name: 'B', number: 3 },
    ]);
    expect(parse('<StoryArcNumber>4</StoryArcNumber>')).toEqual({});
  });

  it('reads Count only when it is a total (the schema writes -1 for unknown)', () => {
    expect(parse('<Count>7</Count>').count).toBe(7);
    expect(parse('<Count>-1</Count>')).toEqual({});
    expect(parse('<Count>0</Count>')).toEqual({});
    expect(parse('<Count>twelve</Count>')).toEqual({});
  });

  it('reads BlackAndWhite Yes and No, and nothing from Unknown', () => {
    expect(parse('<BlackAndWhite>yes</BlackAndWhite>').blackAndWhite).toBe(true);
    expect(parse('<BlackAndWhite>No</BlackAndWhite>').blackAndWhite).toBe(false);
    expect(parse('<BlackAndWhite>Unknown</BlackAndWhite>')).toEqual({});
  });

  it('keeps a publisher whole and Format, Imprint and SeriesGroup as written', () => {
    expect(
      parse(
        '<Publisher>Dark Horse Comics, Inc.</Publisher><Imprint> Vertigo </Imprint><Format>One-Shot</Format>' +
          '<SeriesGroup>Bat-family, Gotham</SeriesGroup>',
      ),
    ).toEqual({
      publishers: ['Dark Horse Comics, Inc.'],
      imprint: 'Vertigo',
      comicFormat: 'One-Shot',
      seriesGroup: 'Bat-family, Gotham',
    });
  });

  it('bounds lists, however many values a file holds', () => {
    const many = Array.from({ length: 500 }, (_, i) => `Tag ${i}`).join(',');
    const writers = Array.from({ length: 500 }, (_, i) => `Writer ${i}`).join(';');
    const links = Array.from({ length: 50 }, (_, i) => `https://example.org/${i}`).join(' ');
    const metadata = parse(`<Tags>${many}</Tags><Writer>${writers}</Writer><Web>${links}</Web>`);
    expect(metadata.tags).toHaveLength(100);
    expect(metadata.authors).toHaveLength(100);
    expect(metadata.webLinks).toHaveLength(20);
  });
});

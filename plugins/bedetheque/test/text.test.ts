import { describe, expect, it } from 'vitest';
import {
  bestIsbn,
  comparableTitle,
  foldAccents,
  isbnFrom,
  languageCodeFromFrenchName,
  personName,
  positiveInteger,
  publishDateFrom,
} from '../src/text.js';

describe('foldAccents', () => {
  it('strips French diacritics of both cases and keeps everything else', () => {
    expect(foldAccents("Épervier (L') à Noël, ça où Ïle Ñ")).toBe("Epervier (L') a Noel, ca ou Ile N");
  });
});

describe('comparableTitle', () => {
  it('makes the filed form and the reading form of a title equal', () => {
    expect(comparableTitle('Légendaires (Les)')).toBe(comparableTitle('Les Légendaires'));
    expect(comparableTitle("Épervier (L')")).toBe(comparableTitle("L'Épervier"));
    expect(comparableTitle('Jeunesse de Thorgal (La)')).toBe(comparableTitle('la jeunesse de thorgal'));
  });

  it('keeps titles that differ by more than an article apart', () => {
    expect(comparableTitle('Blacksad - Tome 1')).not.toBe(comparableTitle('Blacksad'));
    expect(comparableTitle('Mondes de Thorgal (Les) - Kriss de Valnor')).not.toBe(comparableTitle('Thorgal'));
  });

  it('does not remove a title that is only an article', () => {
    expect(comparableTitle('Les')).toBe('les');
  });
});

describe('personName', () => {
  it('rewrites "Last, First" as "First Last"', () => {
    expect(personName('Van Hamme, Jean')).toBe('Jean Van Hamme');
    expect(personName(' Díaz Canales ,  Juan ')).toBe('Juan Díaz Canales');
  });

  it('keeps single names and half-filled ones', () => {
    expect(personName('Yann')).toBe('Yann');
    expect(personName('Merho,')).toBe('Merho');
    expect(personName(', Hergé')).toBe('Hergé');
  });

  it('drops placeholders that name nobody', () => {
    expect(personName('<Indéterminé>')).toBeNull();
    expect(personName('<Collectif>')).toBeNull();
    expect(personName('Collectif')).toBeNull();
    expect(personName('  ')).toBeNull();
  });
});

describe('ISBNs', () => {
  it('keeps the digits (and a final X) of an ISBN-13 or ISBN-10', () => {
    expect(isbnFrom('978-2-8036-0001-1')).toBe('9782803600011');
    expect(isbnFrom('2-8036-0002-x')).toBe('280360002X');
    expect(isbnFrom('ISBN : 978 2 205 04900 3')).toBe('9782205049003');
  });

  it('refuses what is not one', () => {
    expect(isbnFrom('<vide>')).toBeNull();
    expect(isbnFrom('978-2-8036')).toBeNull();
    expect(isbnFrom('X-8036-0002-1')).toBeNull();
  });

  it('prefers an ISBN-13, wherever it is printed', () => {
    expect(bestIsbn(['2-8036-0002-X', '978-2-8036-0002-1'])).toBe('9782803600021');
    expect(bestIsbn(['n/a', '2-8036-0002-X'])).toBe('280360002X');
    expect(bestIsbn([])).toBeNull();
  });
});

describe('publishDateFrom', () => {
  it('keeps only the parts of the date the site knows', () => {
    expect(publishDateFrom('2004-01-14')).toBe('2004-01-14');
    expect(publishDateFrom('1983-09-00')).toBe('1983-09');
    expect(publishDateFrom('1980-00-00')).toBe('1980');
    expect(publishDateFrom('1980-13-01')).toBe('1980');
    expect(publishDateFrom('1980')).toBe('1980');
  });

  it('is null when the year is unknown or the value is not a date', () => {
    expect(publishDateFrom('0000-00-00')).toBeNull();
    expect(publishDateFrom('janvier 1980')).toBeNull();
    expect(publishDateFrom('')).toBeNull();
    expect(publishDateFrom(undefined)).toBeNull();
  });
});

describe('positiveInteger', () => {
  it('reads a page count, and nothing else', () => {
    expect(positiveInteger(' 46 ')).toBe(46);
    expect(positiveInteger('0')).toBeNull();
    expect(positiveInteger('46 pages')).toBeNull();
    expect(positiveInteger(undefined)).toBeNull();
  });
});

describe('languageCodeFromFrenchName', () => {
  it('maps the language names of the series pages to ISO 639-1', () => {
    expect(languageCodeFromFrenchName('Français')).toBe('fr');
    expect(languageCodeFromFrenchName(' néerlandais ')).toBe('nl');
    expect(languageCodeFromFrenchName('Japonais')).toBe('ja');
    expect(languageCodeFromFrenchName('Klingon')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { i18nObject } from '../../../i18n/i18n-util.js';
import { loadAllLocales } from '../../../i18n/i18n-util.sync.js';
import { fieldText } from '../../problem-text.js';
import { datePattern, dateStyle, formatDate, parseDate } from './date-text.js';

loadAllLocales();
const fr = dateStyle('fr');
const en = dateStyle('en');
const letters = (locale: 'en' | 'fr') => {
  const words = i18nObject(locale).dates.letters;
  return { day: words.day(), month: words.month(), year: words.year() };
};

describe('the date style of a language', () => {
  it('is day first in French and month first in English, as Intl writes dates in the rest of the admin', () => {
    expect(fr).toEqual({ order: ['day', 'month', 'year'], separator: '/' });
    expect(en).toEqual({ order: ['month', 'day', 'year'], separator: '/' });
    expect(datePattern(fr, letters('fr'))).toBe('jj/mm/aaaa');
    expect(datePattern(en, letters('en'))).toBe('mm/dd/yyyy');
    expect(datePattern(fr, letters('fr'), ['month', 'year'])).toBe('mm/aaaa');
    expect(datePattern(en, letters('en'), ['year'])).toBe('yyyy');
  });

  it('formats an API date in that order, and leaves anything else as it is', () => {
    expect(formatDate('2026-11-09', fr)).toBe('09/11/2026');
    expect(formatDate('2026-11-09', en)).toBe('11/09/2026');
    expect(formatDate('', fr)).toBe('');
    expect(formatDate('2026-11', en)).toBe('2026-11');
  });
});

describe('parseDate', () => {
  it('reads a French date day first and an English one month first, into the ISO date the API takes', () => {
    expect(parseDate('09/11/2026', fr)).toEqual({ ok: true, iso: '2026-11-09' });
    expect(parseDate('11/09/2026', en)).toEqual({ ok: true, iso: '2026-11-09' });
    expect(parseDate(' 9.11.2026 ', fr)).toEqual({ ok: true, iso: '2026-11-09' });
    expect(parseDate('9-11-2026', fr)).toEqual({ ok: true, iso: '2026-11-09' });
    expect(parseDate('9 / 11 / 2026', en)).toEqual({ ok: true, iso: '2026-09-11' });
    // An ISO date is unambiguous in either language.
    expect(parseDate('2026-11-09', fr)).toEqual({ ok: true, iso: '2026-11-09' });
    expect(parseDate('2026-11-09', en)).toEqual({ ok: true, iso: '2026-11-09' });
    expect(parseDate('29/02/2024', fr)).toEqual({ ok: true, iso: '2024-02-29' });
  });

  it('takes an empty field as no date', () => {
    expect(parseDate('', fr)).toEqual({ ok: true, iso: '' });
    expect(parseDate('   ', en, { partial: true })).toEqual({ ok: true, iso: '' });
  });

  it('reads a year alone or a month and year as their first day, where partial dates are asked', () => {
    expect(parseDate('1987', fr, { partial: true })).toEqual({ ok: true, iso: '1987-01-01' });
    expect(parseDate('1987', en, { partial: true })).toEqual({ ok: true, iso: '1987-01-01' });
    expect(parseDate('03/1987', fr, { partial: true })).toEqual({ ok: true, iso: '1987-03-01' });
    expect(parseDate('3/1987', en, { partial: true })).toEqual({ ok: true, iso: '1987-03-01' });
    expect(parseDate('1987-03', en, { partial: true })).toEqual({ ok: true, iso: '1987-03-01' });
    expect(parseDate('14/07/1987', fr, { partial: true })).toEqual({ ok: true, iso: '1987-07-14' });
  });

  it('refuses a partial date where a whole one is asked', () => {
    expect(parseDate('1987', fr)).toEqual({ ok: false, code: 'dateFormat' });
    expect(parseDate('03/1987', en)).toEqual({ ok: false, code: 'dateFormat' });
    expect(parseDate('1987-03', fr)).toEqual({ ok: false, code: 'dateFormat' });
  });

  it('says which part is wrong: a day the month does not have, a 13th month, letters', () => {
    expect(parseDate('31/02/2026', fr)).toEqual({ ok: false, code: 'dateDay' });
    expect(parseDate('02/31/2026', en)).toEqual({ ok: false, code: 'dateDay' });
    expect(parseDate('29/02/2025', fr)).toEqual({ ok: false, code: 'dateDay' });
    expect(parseDate('00/01/2026', fr)).toEqual({ ok: false, code: 'dateDay' });
    expect(parseDate('12/13/2026', fr)).toEqual({ ok: false, code: 'dateMonth' });
    expect(parseDate('13/12/2026', en)).toEqual({ ok: false, code: 'dateMonth' });
    expect(parseDate('13/1987', fr, { partial: true })).toEqual({ ok: false, code: 'dateMonth' });
    expect(parseDate('2026-13-01', en)).toEqual({ ok: false, code: 'dateMonth' });
    expect(parseDate('douze/11/2026', fr)).toEqual({ ok: false, code: 'dateFormat' });
    expect(parseDate('Nov 9, 2026', en)).toEqual({ ok: false, code: 'dateFormat' });
    expect(parseDate('abcd', en, { partial: true })).toEqual({ ok: false, code: 'dateFormat' });
    // Two-digit years are ambiguous (19xx or 20xx?): four are asked.
    expect(parseDate('09/11/26', fr)).toEqual({ ok: false, code: 'dateFormat' });
    expect(parseDate('1/2/3/2026', fr)).toEqual({ ok: false, code: 'dateFormat' });
    expect(parseDate('09/11/0000', fr)).toEqual({ ok: false, code: 'dateFormat' });
  });

  it('has a sentence for each problem in both languages, through the field error codes', () => {
    const issue = (code: string) => ({ path: '/body/publish_date', message: code, code });
    expect(fieldText(i18nObject('fr').problems, issue('dateDay'))).toBe('ce jour n’existe pas dans ce mois');
    expect(fieldText(i18nObject('en').problems, issue('dateMonth'))).toBe('no such month: months go from 1 to 12');
    for (const locale of ['en', 'fr'] as const) {
      for (const code of ['dateFormat', 'dateMonth', 'dateDay']) {
        expect(fieldText(i18nObject(locale).problems, issue(code))).not.toBe(code);
      }
    }
  });
});

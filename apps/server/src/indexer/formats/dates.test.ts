import { describe, expect, it } from 'vitest';

import { buildDate, dateFromIso, dateFromParts, dateFromPdf } from './dates.js';

const NOW = new Date('2025-06-15T12:00:00Z');

describe('dates', () => {
  it('builds full or partial dates', () => {
    expect(buildDate(2019, 7, 14, 1000, NOW)).toBe('2019-07-14');
    expect(buildDate(2019, 7, undefined, 1000, NOW)).toBe('2019-07-01');
    expect(buildDate(2019, undefined, 14, 1000, NOW)).toBe('2019-01-01');
    expect(buildDate(2019, 2, 30, 1000, NOW)).toBe('2019-02-01');
    expect(buildDate(2020, 2, 29, 1000, NOW)).toBe('2020-02-29');
    expect(buildDate(2019, 13, 1, 1000, NOW)).toBe('2019-01-01');
  });

  it('drops placeholder and far-future years', () => {
    expect(buildDate(101, 1, 1, 1000, NOW)).toBeUndefined();
    expect(buildDate(2031, 1, 1, 1000, NOW)).toBeUndefined();
    expect(buildDate(undefined)).toBeUndefined();
  });

  it('reads ComicInfo parts', () => {
    expect(dateFromParts('1986', '10', '3')).toBe('1986-10-03');
    expect(dateFromParts('1986', '', '')).toBe('1986-01-01');
    expect(dateFromParts('-1', '10', '3')).toBeUndefined();
    expect(dateFromParts('19x6')).toBeUndefined();
  });

  it('reads W3C-DTF as written, without moving across time zones', () => {
    expect(dateFromIso('2021-06-20T16:00:00+00:00')).toBe('2021-06-20');
    expect(dateFromIso('2011-03-30T23:30:00-05:00')).toBe('2011-03-30');
    expect(dateFromIso('1862-04')).toBe('1862-04-01');
    expect(dateFromIso('1862')).toBe('1862-01-01');
    expect(dateFromIso('0101-01-01T00:00:00+00:00')).toBeUndefined();
    expect(dateFromIso('April 1862')).toBeUndefined();
  });

  it('reads PDF dates, refusing impossible creation dates', () => {
    expect(dateFromPdf("D:20220105095617+01'00'", NOW)).toBe('2022-01-05');
    expect(dateFromPdf('D:2022', NOW)).toBe('2022-01-01');
    expect(dateFromPdf('20220105', NOW)).toBe('2022-01-05');
    expect(dateFromPdf('D:19700101000000Z', NOW)).toBeUndefined();
    expect(dateFromPdf('D:20250616', NOW)).toBeUndefined();
    expect(dateFromPdf('yesterday', NOW)).toBeUndefined();
  });
});

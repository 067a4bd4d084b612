import { describe, expect, it } from 'vitest';
import { SDK_API_VERSION } from '../src/index.js';
import type { PluginManifest, Release, SeriesRecord, VolumeRecord } from '../src/index.js';
import {
  capabilityProblems,
  isPartialDate,
  manifestProblems,
  releaseProblems,
  seriesProblems,
  undeclaredFieldProblems,
  volumeProblems,
} from '../src/testing/shapes.js';

const series: SeriesRecord = {
  externalId: '3',
  title: 'Blacksad',
  alternativeTitles: [],
  authors: ['Juan Díaz Canales'],
  description: null,
  publishers: ['Dargaud'],
  startYear: 2000,
  totalVolumes: 7,
  totalChapters: null,
  rawStatus: 'Ongoing',
  genres: [],
  language: 'fr',
  coverUrl: 'https://covers.test/3.jpg',
  externalUrl: null,
};

const volume: VolumeRecord = {
  externalId: '31',
  volumeNumber: 1,
  title: 'Quelque part entre les ombres',
  authors: [],
  isbn: '9782205049926',
  summary: null,
  coverUrl: null,
  pageCount: 48,
  language: null,
  publishDate: '2000-11-10',
};

const release: Release = {
  guid: 'abc',
  title: 'Blacksad T01 (2000)',
  sizeBytes: 1024,
  indexer: 'Nyaa',
  protocol: 'torrent',
  seeders: 3,
  leechers: 0,
  publishDate: '2024-01-02T03:04:05Z',
  downloadUrl: 'http://prowlarr.test/download/1',
  infoUrl: null,
  categories: [7030],
};

describe('record shape checks', () => {
  it('accept well-formed records', () => {
    expect(seriesProblems(series)).toEqual([]);
    expect(volumeProblems(volume)).toEqual([]);
    expect(releaseProblems(release)).toEqual([]);
  });

  it('name every bad field of a series', () => {
    const problems = seriesProblems({
      ...series,
      title: ' ',
      authors: ['ok', ''],
      description: '',
      startYear: 2000.5,
      language: 'fre',
      coverUrl: 'not a url',
      confidence: 0.9,
      genres: undefined,
    });
    expect(problems).toEqual([
      'series.confidence is not a field of the record',
      'series.title should be a non-blank string, got " "',
      'series.authors should be an array of non-blank strings, got ["ok",""]',
      'series.description should be null or a non-blank string (unknown is null, not ""), got ""',
      'series.startYear should be null or an integer in [1000, 2200], got 2000.5',
      'series.genres should be an array of non-blank strings, got undefined',
      'series.language should be null or an ISO 639-1 code (two lowercase letters), got "fre"',
      'series.coverUrl should be null or an absolute http(s) URL, got "not a url"',
    ]);
  });

  it('catch bad volumes: ISBN, dates, numbers', () => {
    expect(volumeProblems({ ...volume, isbn: '978-2-205' })).toHaveLength(1);
    expect(volumeProblems({ ...volume, publishDate: '10/11/2000' })).toHaveLength(1);
    expect(volumeProblems({ ...volume, volumeNumber: Number.NaN })).toHaveLength(1);
    expect(volumeProblems({ ...volume, pageCount: 0 })).toHaveLength(1);
    expect(volumeProblems({ ...volume, isbn: '220504992X', volumeNumber: 1.5 })).toEqual([]);
    expect(volumeProblems('a string')).toEqual(['volume should be an object']);
  });

  it('catch bad releases', () => {
    expect(releaseProblems({ ...release, protocol: 'ftp' })).toHaveLength(1);
    expect(releaseProblems({ ...release, publishDate: '2024-01-02' })).toHaveLength(1);
    expect(releaseProblems({ ...release, categories: ['7030'] })).toHaveLength(1);
    expect(releaseProblems({ ...release, sizeBytes: -1 })).toHaveLength(1);
  });

  it.each([
    ['2000', true],
    ['2000-11', true],
    ['2000-02-29', true],
    ['2001-02-29', false],
    ['2000-13', false],
    ['2000-1-1', false],
    ['20001110', false],
  ])('partial date %s → %s', (value, expected) => {
    expect(isPartialDate(value)).toBe(expected);
  });

  it('report fields filled but not declared in the capabilities', () => {
    expect(
      undeclaredFieldProblems(series, ['authors', 'publishers'], ['authors', 'publishers', 'startYear', 'genres'], 's'),
    ).toEqual(['s.startYear is filled but not declared in capabilities']);
  });
});

describe('manifest and capability checks', () => {
  const manifest: PluginManifest = {
    id: 'google_books',
    displayName: 'Google Books',
    version: '1.0.0',
    apiVersion: SDK_API_VERSION,
    settings: [{ key: 'api_key', type: 'string', label: 'API key', secret: true }],
    rateLimit: { requests: 1, perMilliseconds: 1000 },
  };

  it('accept a good manifest and name the problems of a bad one', () => {
    expect(manifestProblems(manifest)).toEqual([]);
    const problems = manifestProblems({
      ...manifest,
      id: 'Google-Books',
      apiVersion: SDK_API_VERSION + 1,
      settings: [
        { key: 'api_key', type: 'string', label: 'Key', secret: true, default: 'shared-key' },
        { key: 'api_key', type: 'string', label: '' },
      ],
      rateLimit: { requests: 0, perMilliseconds: 1000 },
    });
    expect(problems).toHaveLength(6);
  });

  it('refuse unknown capability fields', () => {
    expect(
      capabilityProblems({ series: ['authors'], volumes: ['isbn'], hasVolumes: true, honoursLanguage: false }),
    ).toEqual([]);
    expect(
      capabilityProblems({
        series: ['title' as never],
        volumes: ['isbn'],
        hasVolumes: false,
        honoursLanguage: false,
      }),
    ).toHaveLength(2);
  });
});

import type { SeriesRecord, VolumeRecord } from '../../src/index.js';

/** What the imaginary Example Books API answers (only the fields the plugin reads). */
export interface ApiSeries {
  id: number;
  name: string;
  aliases?: string[];
  authors?: { name: string }[];
  summary?: string | null;
  publisher?: string | null;
  first_year?: number | null;
  volume_count?: number | null;
  status?: string | null;
  genres?: string[];
  language?: string | null;
  cover?: string | null;
  url?: string | null;
}

export interface ApiVolume {
  id: number;
  number?: string | null;
  title?: string | null;
  authors?: { name: string }[];
  isbn?: string | null;
  summary?: string | null;
  cover?: string | null;
  pages?: number | null;
  language?: string | null;
  released?: string | null;
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed.length > 0 ? trimmed : null;
};

const names = (list: { name: string }[] | undefined): string[] => [
  ...new Set((list ?? []).map((item) => item.name.trim()).filter((name) => name.length > 0)),
];

/** Pure: the service's answer in, the SDK's record out. Unknown stays null, never invented. */
export function mapSeries(series: ApiSeries): SeriesRecord {
  const publisher = blankToNull(series.publisher);
  return {
    externalId: String(series.id),
    title: series.name.trim(),
    alternativeTitles: (series.aliases ?? []).map((alias) => alias.trim()).filter((alias) => alias.length > 0),
    authors: names(series.authors),
    description: blankToNull(series.summary),
    publishers: publisher ? [publisher] : [],
    startYear: series.first_year ?? null,
    totalVolumes: series.volume_count && series.volume_count > 0 ? series.volume_count : null,
    totalChapters: null,
    rawStatus: blankToNull(series.status),
    genres: series.genres ?? [],
    language: blankToNull(series.language)?.toLowerCase().slice(0, 2) ?? null,
    coverUrl: blankToNull(series.cover),
    externalUrl: blankToNull(series.url),
  };
}

export function mapVolume(volume: ApiVolume): VolumeRecord {
  const number = Number.parseFloat(volume.number ?? '');
  const isbn = volume.isbn?.replace(/[^\dX]/gi, '').toUpperCase() ?? '';
  const released = volume.released?.trim() ?? '';
  return {
    externalId: String(volume.id),
    volumeNumber: Number.isFinite(number) ? number : null,
    title: blankToNull(volume.title),
    authors: names(volume.authors),
    isbn: isbn.length === 13 || isbn.length === 10 ? isbn : null,
    summary: blankToNull(volume.summary),
    coverUrl: blankToNull(volume.cover),
    pageCount: volume.pages && volume.pages > 0 ? volume.pages : null,
    language: blankToNull(volume.language)?.toLowerCase().slice(0, 2) ?? null,
    // The service sends `2019-03-01T00:00:00Z` for a day; keep the date only, as precise as it is.
    publishDate: /^\d{4}(-\d{2}(-\d{2})?)?/.exec(released)?.[0] ?? null,
  };
}

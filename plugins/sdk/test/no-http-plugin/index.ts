// A plugin that answers from a list it carries and never makes an HTTP request: the contract suite must pass it.
import { NotFoundError, SDK_API_VERSION, definePlugin } from '../../src/index.js';
import type { SeriesRecord, VolumeRecord } from '../../src/index.js';

const CATALOGUE: SeriesRecord[] = [
  {
    externalId: 'asterix',
    title: 'Astérix',
    alternativeTitles: ['Asterix'],
    authors: ['René Goscinny', 'Albert Uderzo'],
    description: null,
    publishers: [],
    startYear: 1961,
    totalVolumes: null,
    totalChapters: null,
    rawStatus: null,
    genres: [],
    language: null,
    coverUrl: null,
    externalUrl: null,
  },
];

const VOLUMES: Record<string, VolumeRecord[]> = {
  asterix: [1, 2].map((volumeNumber) => ({
    externalId: `asterix-${volumeNumber}`,
    volumeNumber,
    title: null,
    authors: [],
    isbn: null,
    summary: null,
    coverUrl: null,
    pageCount: null,
    language: null,
    publishDate: null,
  })),
};

export default definePlugin({
  kind: 'metadata',
  manifest: {
    id: 'local_shelf',
    displayName: 'Local Shelf',
    version: '1.0.0',
    apiVersion: SDK_API_VERSION,
    settings: [],
  },
  capabilities: {
    series: ['alternativeTitles', 'authors', 'startYear'],
    volumes: ['volumeNumber'],
    hasVolumes: true,
    honoursLanguage: false,
  },
  searchSeries(query) {
    const wanted = query.name.toLowerCase();
    return Promise.resolve(CATALOGUE.filter((series) => series.title.toLowerCase().includes(wanted)));
  },
  getSeries(externalId) {
    const series = CATALOGUE.find((candidate) => candidate.externalId === externalId);
    if (!series) return Promise.reject(new NotFoundError(`Local Shelf does not know series ${externalId}`));
    return Promise.resolve(series);
  },
  getVolumes(externalId) {
    return Promise.resolve(VOLUMES[externalId] ?? []);
  },
});

import { startFakeService } from '../../src/testing/index.js';
import type { FakeService } from '../../src/testing/index.js';
import type { ApiSeries, ApiVolume } from './map.js';

export const FAKE_API_KEY = 'example-key-5f3a9c';

const BLACKSAD: ApiSeries = {
  id: 3,
  name: 'Blacksad',
  aliases: ['Blacksad (FR)'],
  authors: [{ name: 'Juan Díaz Canales' }, { name: 'Juanjo Guarnido' }],
  summary: 'A cat detective in 1950s America.',
  publisher: 'Dargaud',
  first_year: 2000,
  volume_count: 7,
  status: 'Ongoing',
  genres: ['Noir'],
  language: 'fr',
  cover: 'https://covers.example-books.test/3.jpg',
  url: 'https://example-books.test/series/3',
};

const BLACKSAD_VOLUMES: ApiVolume[] = [
  {
    id: 31,
    number: '1',
    title: 'Quelque part entre les ombres',
    authors: [{ name: 'Juan Díaz Canales' }],
    isbn: '978-2-205-04992-6',
    pages: 48,
    language: 'fr',
    released: '2000-11-10T00:00:00Z',
  },
  { id: 32, number: '2', title: 'Arctic Nation', isbn: null, released: '2003' },
];

/** The imaginary service, as its documentation describes it: key in the query, 401 without a good one. */
export function startExampleBooksFake(): Promise<FakeService> {
  return startFakeService({
    handle(request) {
      if (request.query.get('key') !== FAKE_API_KEY) return { status: 401, json: { error: 'invalid key' } };
      if (request.path === '/api/series') {
        const q = (request.query.get('q') ?? '').toLowerCase();
        return { json: { results: q !== '' && 'blacksad'.includes(q) ? [BLACKSAD] : [] } };
      }
      const match = /^\/api\/series\/(\d+)(\/volumes)?$/.exec(request.path);
      if (match?.[1] === '3') return { json: match[2] ? { volumes: BLACKSAD_VOLUMES } : { series: BLACKSAD } };
      return { status: 404, json: { error: 'not found' } };
    },
  });
}

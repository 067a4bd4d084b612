import { runMetadataProviderContract } from '@shelfmark/plugin-sdk/testing';
import { describe } from 'vitest';
import plugin from '../src/index.js';
import { SAGA_ID } from './fake-data.js';
import { FAKE_API_KEY, startComicVineFake } from './fake-service.js';

runMetadataProviderContract({
  plugin,
  startFake: () => startComicVineFake(),
  settings: (fakeUrl) => ({ base_url: fakeUrl, api_key: FAKE_API_KEY }),
  secrets: [FAKE_API_KEY],
  errorModes: [
    'unauthorized',
    'rate_limited',
    'server_error',
    'truncated_json',
    'html_instead_of_json',
    'timeout',
    'blocked',
  ],
  // ComicVine has no language parameter; a non-default preference must change nothing.
  language: 'fr',
  knownSeries: { query: { name: 'Saga' }, externalId: String(SAGA_ID) },
  emptyQuery: { name: 'Zzyzx Nonexistent Quarterly' },
  unknownExternalId: '999999',
  unconfiguredSettings: (fakeUrl) => ({ base_url: fakeUrl }),
});

// Today's ComicVine sends its failures with a matching HTTP status (401, 404, 420); the contract must hold then too.
describe('with the HTTP statuses ComicVine sends today', () => {
  runMetadataProviderContract({
    plugin,
    startFake: () => startComicVineFake({ httpStatuses: true }),
    settings: (fakeUrl) => ({ base_url: fakeUrl, api_key: FAKE_API_KEY }),
    secrets: [FAKE_API_KEY],
    errorModes: ['unauthorized', 'rate_limited', 'blocked'],
    knownSeries: { query: { name: 'Hellboy' }, externalId: '18166' },
    emptyQuery: { name: 'Zzyzx Nonexistent Quarterly' },
    unknownExternalId: '4050-999999',
    unconfiguredSettings: (fakeUrl) => ({ base_url: fakeUrl, api_key: '   ' }),
  });
});

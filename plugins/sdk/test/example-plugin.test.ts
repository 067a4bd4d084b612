import { describe, expect, it } from 'vitest';
import { runMetadataProviderContract } from '../src/testing/index.js';
import exampleBooks from './example-plugin/index.js';
import { FAKE_API_KEY, startExampleBooksFake } from './example-plugin/fake.js';
import { mapVolume } from './example-plugin/map.js';

runMetadataProviderContract({
  plugin: exampleBooks,
  startFake: startExampleBooksFake,
  settings: (fakeUrl) => ({ base_url: fakeUrl, api_key: FAKE_API_KEY }),
  secrets: [FAKE_API_KEY],
  errorModes: ['unauthorized', 'rate_limited', 'server_error', 'truncated_json', 'html_instead_of_json', 'timeout'],
  knownSeries: { query: { name: 'Blacksad' }, externalId: '3' },
  emptyQuery: { name: 'No such series anywhere' },
  unknownExternalId: '999',
  unconfiguredSettings: (fakeUrl) => ({ base_url: fakeUrl, api_key: null }),
});

describe('Example Books mapping', () => {
  it('keeps the date as precise as the service and normalises the ISBN', () => {
    const volume = mapVolume({ id: 1, number: '2.5', isbn: '2-205-04992-X', released: '2001-04' });
    expect(volume).toMatchObject({ volumeNumber: 2.5, isbn: '220504992X', publishDate: '2001-04' });
  });

  it('leaves unknown values null instead of inventing them', () => {
    const volume = mapVolume({ id: 2, number: 'HS', isbn: '123', released: '', pages: 0 });
    expect(volume).toMatchObject({ volumeNumber: null, isbn: null, publishDate: null, pageCount: null });
  });
});

import { runMetadataProviderContract } from '@shelfmark/plugin-sdk/testing';
import plugin from '../src/index.js';
import { FAKE_API_KEY, IDS, startGoogleBooksFake } from './fake-service.js';

runMetadataProviderContract({
  plugin,
  startFake: () => startGoogleBooksFake(),
  settings: (fakeUrl) => ({ base_url: fakeUrl, api_key: FAKE_API_KEY }),
  secrets: [FAKE_API_KEY],
  // No anti-bot page: the Books API answers JSON errors only.
  errorModes: ['unauthorized', 'rate_limited', 'server_error', 'truncated_json', 'html_instead_of_json', 'timeout'],
  language: 'en',
  knownSeries: { query: { name: 'Saga' }, externalId: IDS.sagaVol1 },
  emptyQuery: { name: 'Zzyzx Nonexistent Title' },
  unknownExternalId: 'zzzzzzzzzzzz',
  // The key is optional; only a base_url that is not a URL leaves the plugin unable to work.
  unconfiguredSettings: () => ({ base_url: 'not a url' }),
});

import { runMetadataProviderContract } from '@shelfmark/plugin-sdk/testing';
import plugin from '../src/index.js';
import { startAniListFake } from './fake-service.js';

runMetadataProviderContract({
  plugin,
  startFake: () => startAniListFake(),
  settings: (fakeUrl) => ({ base_url: fakeUrl }),
  // AniList's public API takes no key: nothing secret to leak.
  secrets: [],
  // No anti-bot page. 401/403 stay in: AniList answers 403 to blocked clients, and a proxy may ask for credentials.
  errorModes: ['unauthorized', 'rate_limited', 'server_error', 'truncated_json', 'html_instead_of_json', 'timeout'],
  language: 'en',
  knownSeries: { query: { name: 'Attack on Titan' }, externalId: '53390' },
  emptyQuery: { name: 'no manga is called this' },
  unknownExternalId: '999999',
});

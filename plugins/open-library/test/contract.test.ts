import { runMetadataProviderContract } from '@shelfmark/plugin-sdk/testing';
import plugin from '../src/index.js';
import { startOpenLibraryFake } from './fake-service.js';

runMetadataProviderContract({
  plugin,
  startFake: () => startOpenLibraryFake(),
  settings: (fakeUrl) => ({ base_url: fakeUrl }),
  // Open Library takes no key.
  secrets: [],
  // No anti-bot page; 'unauthorized' is the 403 Open Library sends to clients it has banned.
  errorModes: ['unauthorized', 'rate_limited', 'server_error', 'truncated_json', 'html_instead_of_json', 'timeout'],
  language: 'fr',
  knownSeries: { query: { name: 'Blacksad' }, externalId: '/works/OL15331214W' },
  emptyQuery: { name: 'Zzyzx Nowhere Chronicles' },
  unknownExternalId: '/works/OL999999999W',
});

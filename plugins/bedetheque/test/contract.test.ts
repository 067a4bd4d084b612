import { runMetadataProviderContract } from '@shelfmark/plugin-sdk/testing';
import plugin from '../src/index.js';
import { startFakeBedetheque } from './fake-service.js';

runMetadataProviderContract({
  plugin,
  startFake: () => startFakeBedetheque(),
  settings: (fakeUrl) => ({ base_url: fakeUrl }),
  // No credentials: Bédéthèque is public.
  secrets: [],
  // An HTML site without credentials: no 401 (its 403 means "blocked", tested in blocking.test.ts) and no JSON to
  // truncate or to confuse with an HTML page.
  errorModes: ['rate_limited', 'server_error', 'timeout', 'blocked'],
  knownSeries: { query: { name: 'Blacksad' }, externalId: '3' },
  emptyQuery: { name: 'Zyxwvut introuvable' },
  unknownExternalId: '999999',
  language: 'fr',
});

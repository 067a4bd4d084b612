import { runReleaseIndexerContract } from '@shelfmark/plugin-sdk/testing';
import plugin from '../src/index.js';
import { FAKE_API_KEY, startProwlarrFake } from './fake-service.js';

runReleaseIndexerContract({
  plugin,
  startFake: () => startProwlarrFake(),
  settings: (fakeUrl) => ({ url: fakeUrl, api_key: FAKE_API_KEY, categories: [7030, 7020] }),
  secrets: [FAKE_API_KEY],
  // Prowlarr has no anti-bot page of its own.
  errorModes: ['unauthorized', 'rate_limited', 'server_error', 'truncated_json', 'html_instead_of_json', 'timeout'],
  query: { query: '"One Piece"', categories: [7030, 7020] },
  emptyQuery: { query: '"Une série que personne n\'a jamais publiée"', categories: [7030, 7020] },
  unconfiguredSettings: (fakeUrl) => ({ url: fakeUrl, api_key: '' }),
});

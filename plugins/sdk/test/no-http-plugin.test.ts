import { runMetadataProviderContract } from '../src/testing/index.js';
import localShelf from './no-http-plugin/index.js';

// No fake, no error modes, no secrets: the suite runs what applies to a plugin that makes no HTTP request and lists
// the User-Agent and abort tests as skipped, with the reason in their names.
runMetadataProviderContract({
  plugin: localShelf,
  usesHttp: false,
  settings: () => ({}),
  secrets: [],
  errorModes: [],
  knownSeries: { query: { name: 'astérix' }, externalId: 'asterix' },
  emptyQuery: { name: 'No such series anywhere' },
  unknownExternalId: 'obelix',
});

import type { ConnectionTest } from './types.js';

/** What a connection test means, as the page says it in its own language. */
export type ConnectionVerdict = 'works' | 'worksNone' | 'badKey' | 'unreachable' | 'wrongUrl' | 'failed';

const VERDICTS: Partial<Record<NonNullable<ConnectionTest['failure']>, ConnectionVerdict>> = {
  refused_key: 'badKey',
  unreachable: 'unreachable',
  wrong_url: 'wrongUrl',
};

/**
 * The kind of a test's result, from its `ok`, indexer count and `failure` (the contract's kind of failure): a bad
 * key, an unreachable host and a wrong URL each have their sentence, any other failure is "the test failed", and
 * the page shows the plugin's message after it.
 */
export function connectionVerdict(result: ConnectionTest): ConnectionVerdict {
  if (result.ok) return result.indexer_count === 0 ? 'worksNone' : 'works';
  return (result.failure && VERDICTS[result.failure]) || 'failed';
}

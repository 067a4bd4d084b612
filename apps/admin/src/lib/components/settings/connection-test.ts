import type { ConnectionTest } from './types.js';

/** What a connection test means, as the page says it in its own language. */
export type ConnectionVerdict = 'works' | 'worksNone' | 'badKey' | 'unreachable' | 'wrongUrl' | 'failed';

/**
 * The contract gives a test's result as `ok`, a message and the indexer count, with no code for the kind of
 * failure; the indexer plugin's message is what tells a bad key, an unreachable host and a wrong URL apart. The
 * page reads those few phrases to say it in the page's language and always shows the message too, so an unknown
 * wording is still understood (as "the test failed" with the plugin's details).
 */
export function connectionVerdict(result: ConnectionTest): ConnectionVerdict {
  if (result.ok) return result.indexer_count === 0 ? 'worksNone' : 'works';
  const message = result.message.toLowerCase();
  if (/refused the api key|api key (?:is )?(?:invalid|wrong|refused)|unauthori[sz]ed/.test(message)) return 'badKey';
  if (/could not reach|unreachable|timed out|econnrefused|enotfound/.test(message)) return 'unreachable';
  if (/does not look like|not a prowlarr|answered 404|is not a url/.test(message)) return 'wrongUrl';
  return 'failed';
}

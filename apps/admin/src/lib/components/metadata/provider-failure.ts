import { TRPCClientError } from '@trpc/client';

/** The kinds of provider failure the server names (apps/server/src/plugins/plugin-runner.ts, FAILURE_WORDS). */
export type FailureKind =
  'not_configured' | 'rate_limited' | 'unavailable' | 'blocked' | 'auth' | 'bad_response' | 'not_found';

export interface ProviderFailure {
  /** The plugin id, e.g. `comicvine`. */
  provider: string;
  kind: FailureKind;
  /** The server's own words, shown after ours. */
  detail: string;
}

// The server's 502 problem names the provider and the kind in its detail ("Provider comicvine failed: rate limited.
// …"); these are the words it uses for each kind.
const KIND_OF_WORDS: Record<string, FailureKind> = {
  'credentials refused': 'auth',
  'not configured': 'not_configured',
  'rate limited': 'rate_limited',
  unavailable: 'unavailable',
  'bad response': 'bad_response',
  'blocked by an anti-bot page': 'blocked',
  'not found': 'not_found',
};

interface ProblemData {
  httpStatus?: number;
  problem?: { type?: string; detail?: string; errors?: unknown[] };
}

/**
 * A provider failure out of a failed call to `provider`, or null when the call failed for another reason. A plugin
 * missing a setting comes back as a 400 validation problem without field errors (the plugin's own message); a failed
 * service as a 502 `provider-failure` problem whose detail names the provider and the kind.
 */
export function providerFailureOf(error: unknown, provider: string): ProviderFailure | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data = (error as TRPCClientError<never>).data as ProblemData | undefined;
  const problem = data?.problem;
  if (!problem) return null;
  const detail = problem.detail ?? '';
  if (problem.type?.endsWith(':provider-failure')) {
    const named = /^Provider ([a-z0-9_]+) failed: ([^.]+)\./.exec(detail);
    const kind = named ? KIND_OF_WORDS[named[2]!.replace(/\s*\(.*$/, '')] : undefined;
    return { provider: named?.[1] ?? provider, kind: kind ?? 'bad_response', detail };
  }
  if (data?.httpStatus === 400 && problem.type?.endsWith(':validation') && (problem.errors ?? []).length === 0) {
    return { provider, kind: 'not_configured', detail };
  }
  return null;
}

/** Whether a "not configured" is a missing API key (the plugin's message names it), so the page can say so. */
export const wantsApiKey = (failure: ProviderFailure): boolean => /api[ _]key/i.test(failure.detail);

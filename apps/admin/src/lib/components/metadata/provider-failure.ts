import { TRPCClientError } from '@trpc/client';
import type { ConnectionTest } from '../settings/types.js';

/** The kinds of provider failure the server names in its problems' `failure` (openapi.yaml `ProviderFailureKind`). */
export type FailureKind = NonNullable<ConnectionTest['failure']>;

export interface ProviderFailure {
  /** The plugin id, e.g. `comicvine`. */
  provider: string;
  kind: FailureKind;
  /** The server's own words, shown after ours. */
  detail: string;
}

interface ProblemData {
  httpStatus?: number;
  problem?: { type?: string; detail?: string; provider?: string; failure?: string };
}

/**
 * A provider failure out of a failed call to `provider`, or null when the call failed for another reason: the
 * problem's `provider` and `failure` fields (a 502 for a failed service, a 400 for a missing setting).
 */
export function providerFailureOf(error: unknown, provider: string): ProviderFailure | null {
  if (!(error instanceof TRPCClientError)) return null;
  const problem = ((error as TRPCClientError<never>).data as ProblemData | undefined)?.problem;
  // The contract lists every kind the server sends in `failure` (a static server test holds it to that list).
  if (!problem?.failure) return null;
  return { provider: problem.provider ?? provider, kind: problem.failure as FailureKind, detail: problem.detail ?? '' };
}

/**
 * Whether a "not configured" is a missing API key, so the page can say which setting to fill. The problem names the
 * kind but not the setting: this one hint still reads the plugin's message (the kind never depends on it).
 */
export const wantsApiKey = (failure: ProviderFailure): boolean => /api[ _]key/i.test(failure.detail);

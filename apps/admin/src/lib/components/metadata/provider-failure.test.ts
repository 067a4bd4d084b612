import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { providerFailureOf, wantsApiKey } from './provider-failure.js';

function failed(
  httpStatus: number,
  type: string,
  detail: string,
  fields: { provider?: string; failure?: string; errors?: unknown[] } = {},
) {
  const error = new TRPCClientError(detail);
  Object.assign(error, {
    data: { httpStatus, problem: { type: `urn:shelfmark:problem:${type}`, detail, errors: [], ...fields } },
  });
  return error;
}

describe('providerFailureOf', () => {
  it("reads the provider and the kind from the problem's fields, whatever the wording", () => {
    const detail = 'Le fournisseur a dit non.';
    expect(
      providerFailureOf(
        failed(502, 'provider-failure', detail, { provider: 'comicvine', failure: 'rate_limited' }),
        'x',
      ),
    ).toEqual({ provider: 'comicvine', kind: 'rate_limited', detail });
    for (const kind of ['blocked', 'unreachable', 'unavailable', 'refused_key', 'bad_response', 'not_found']) {
      const error = failed(502, 'provider-failure', 'Something.', { provider: 'anilist', failure: kind });
      expect(providerFailureOf(error, 'anilist')?.kind).toBe(kind);
    }
  });

  it('takes a 400 carrying failure not_configured as the provider missing a setting', () => {
    const detail = 'ComicVine needs an API key: set api_key in the ComicVine plugin settings';
    const failure = providerFailureOf(
      failed(400, 'validation', detail, { provider: 'comicvine', failure: 'not_configured' }),
      'comicvine',
    );
    expect(failure).toEqual({ provider: 'comicvine', kind: 'not_configured', detail });
    expect(wantsApiKey(failure!)).toBe(true);
  });

  it('leaves other problems to the plain message, even worded like a failure', () => {
    expect(
      providerFailureOf(failed(400, 'validation', 'Bad.', { errors: [{ path: '/body/provider' }] }), 'x'),
    ).toBeNull();
    expect(providerFailureOf(failed(400, 'validation', 'Prowlarr is not configured.'), 'x')).toBeNull();
    expect(providerFailureOf(failed(502, 'provider-failure', 'Provider x failed: rate limited.'), 'x')).toBeNull();
    expect(providerFailureOf(failed(404, 'not-found', 'Series not found.'), 'x')).toBeNull();
    expect(providerFailureOf(new Error('boom'), 'x')).toBeNull();
  });
});

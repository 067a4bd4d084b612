import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { providerFailureOf, wantsApiKey } from './provider-failure.js';

function failed(httpStatus: number, type: string, detail: string, errors: unknown[] = []) {
  const error = new TRPCClientError(detail);
  Object.assign(error, { data: { httpStatus, problem: { type: `urn:shelfmark:problem:${type}`, detail, errors } } });
  return error;
}

describe('providerFailureOf', () => {
  it('reads the provider and the kind from a 502 provider failure', () => {
    const detail = 'Provider comicvine failed: rate limited. Slow down.';
    expect(providerFailureOf(failed(502, 'provider-failure', detail), 'anilist')).toEqual({
      provider: 'comicvine',
      kind: 'rate_limited',
      detail,
    });
    const blocked = 'Provider bedetheque failed: blocked by an anti-bot page. The site answered with its anti-bot page';
    expect(providerFailureOf(failed(502, 'provider-failure', blocked), 'bedetheque')?.kind).toBe('blocked');
    const down = 'Provider anilist failed: unavailable. AniList could not be reached';
    expect(providerFailureOf(failed(502, 'provider-failure', down), 'anilist')?.kind).toBe('unavailable');
  });

  it('takes a 400 without field errors as the asked provider not being configured', () => {
    const detail = 'ComicVine needs an API key: set api_key in the ComicVine plugin settings';
    const failure = providerFailureOf(failed(400, 'validation', detail), 'comicvine');
    expect(failure).toEqual({ provider: 'comicvine', kind: 'not_configured', detail });
    expect(wantsApiKey(failure!)).toBe(true);
  });

  it('leaves other problems to the plain message', () => {
    expect(providerFailureOf(failed(400, 'validation', 'Bad.', [{ path: '/body/provider' }]), 'x')).toBeNull();
    expect(providerFailureOf(failed(404, 'not-found', 'Series not found.'), 'x')).toBeNull();
    expect(providerFailureOf(new Error('boom'), 'x')).toBeNull();
  });
});

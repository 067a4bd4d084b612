import { describe, expect, it } from 'vitest';
import { NotFoundError, ProviderFailureError } from './errors.js';
import {
  autoApplyFailed,
  bookFileFailed,
  jobErrorOf,
  providerItemError,
  providersSkipped,
  refusalOf,
  scanWouldEmpty,
  UNEXPECTED_JOB_ERROR,
} from './job-messages.js';

describe('job messages', () => {
  it('records a coded refusal as it is, another domain error by its problem kind, anything else as unexpected', () => {
    const refused = new NotFoundError('Library', 'x');
    refused.jobError = scanWouldEmpty('BD', 12);
    expect(jobErrorOf(refused)).toEqual({
      code: 'scan_would_empty',
      params: { library: 'BD', count: 12 },
      text: 'Library "BD" would lose all 12 books: its folder looks empty. Nothing was deleted; check that the drive is mounted.',
    });
    expect(jobErrorOf(new NotFoundError('Library', 'x'))).toEqual({
      code: 'problem',
      params: { kind: 'not-found' },
      text: 'Library x not found.',
    });
    // An internal error's message may hold paths or secrets: it stays in the log.
    expect(jobErrorOf(new Error('ECONNRESET at /secret/path'))).toBe(UNEXPECTED_JOB_ERROR);
  });

  it('keeps the words of a book file error as they were (kind: detail), with the kind as its own code', () => {
    expect(bookFileFailed('too_large', 'the cover declares 9 bytes')).toEqual({
      code: 'file_too_large',
      params: { detail: 'the cover declares 9 bytes' },
      text: 'too_large: the cover declares 9 bytes',
    });
  });

  it('says a provider failure by provider and failure kind, and a certain match that could not be applied', () => {
    const failure = new ProviderFailureError('mangadex', 'rate_limited', 'Provider mangadex failed: 429.');
    expect(providerItemError(refusalOf(failure, 'other'))).toEqual({
      code: 'provider_failure',
      params: { provider: 'mangadex', failure: 'rate_limited', detail: 'Provider mangadex failed: 429.' },
      text: 'Provider mangadex failed: 429.',
    });
    const gone = new NotFoundError('Series', 's1');
    expect(providerItemError(refusalOf(gone, 'mangadex'))).toEqual({
      code: 'problem',
      params: { kind: 'not-found', detail: 'Series s1 not found.' },
      text: 'Series s1 not found.',
    });
    expect(autoApplyFailed(refusalOf(failure))).toEqual({
      code: 'auto_apply_failed',
      params: {
        kind: 'provider-failure',
        provider: 'mangadex',
        failure: 'rate_limited',
        detail: 'Provider mangadex failed: 429.',
      },
      text: 'Auto-apply failed: Provider mangadex failed: 429.',
    });
  });

  it('says a series no provider was asked about by the providers skipped, their reasons as detail', () => {
    const refused = { provider: 'google_books', reason: 'the connection was refused (ECONNREFUSED)' };
    expect(providersSkipped([refused])).toEqual({
      code: 'provider_skipped',
      params: { provider: 'google_books', detail: 'the connection was refused (ECONNREFUSED)' },
      text: 'Skipped: provider google_books is unreachable (the connection was refused (ECONNREFUSED)); the batch stopped asking it for a while.',
    });
    const both = providersSkipped([refused, { provider: 'bedetheque', reason: 'its name does not resolve (DNS)' }]);
    expect(both.params).toEqual({
      provider: 'google_books',
      fallback: 'bedetheque',
      detail: 'google_books: the connection was refused (ECONNREFUSED); bedetheque: its name does not resolve (DNS)',
    });
    expect(both.text).toBe(
      'Skipped: provider google_books is unreachable (the connection was refused (ECONNREFUSED)); the batch stopped asking it for a while. ' +
        'Skipped: provider bedetheque is unreachable (its name does not resolve (DNS)); the batch stopped asking it for a while.',
    );
  });
});

import { AuthError, BadResponseError, BlockedError, NotFoundError, RateLimitedError } from '@shelfmark/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { isAbnormalTrafficPage, readEnvelope } from '../src/envelope.js';

function body(statusCode: number, error: string, results: unknown = []): string {
  return JSON.stringify({
    error,
    limit: 0,
    offset: 0,
    number_of_page_results: 0,
    number_of_total_results: 0,
    status_code: statusCode,
    results,
  });
}

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

describe('readEnvelope', () => {
  it('returns the results and the total of a successful answer', () => {
    const text = JSON.stringify({ status_code: 1, error: 'OK', number_of_total_results: 230, results: [{ id: 1 }] });
    expect(readEnvelope(200, text, 'search')).toEqual({ results: [{ id: 1 }], totalResults: 230 });
  });

  it.each([
    [200, 100, 'Invalid API Key', AuthError],
    [401, 100, 'Invalid API Key', AuthError],
    [200, 101, 'Object Not Found', NotFoundError],
    [404, 101, 'Object Not Found', NotFoundError],
    [200, 107, 'Rate limit exceeded.  Slow down cowboy.', RateLimitedError],
    [420, 107, 'Rate limit exceeded.  Slow down cowboy.', RateLimitedError],
    [200, 102, 'Error in URL Format', BadResponseError],
    [200, 104, 'Filter Error', BadResponseError],
  ])('turns HTTP %i with status_code %i into the matching typed error', (httpStatus, statusCode, message, type) => {
    const error = errorOf(() => readEnvelope(httpStatus, body(statusCode, message), 'volume 4050-1'));
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toContain('ComicVine');
    expect((error as Error).message).toContain(message);
  });

  it('tells the admin where to fix a rejected key', () => {
    expect((errorOf(() => readEnvelope(200, body(100, 'Invalid API Key'), 'search')) as Error).message).toMatch(
      /api_key/,
    );
  });

  it('names what was not found', () => {
    expect(
      (errorOf(() => readEnvelope(404, body(101, 'Object Not Found'), 'volume 4050-9')) as Error).message,
    ).toContain('volume 4050-9');
  });

  it('types an error status whose body is not an envelope by the HTTP status', () => {
    expect(errorOf(() => readEnvelope(401, 'Unauthorized', 'search'))).toBeInstanceOf(AuthError);
    expect(errorOf(() => readEnvelope(404, '<html>Not found</html>', 'search'))).toBeInstanceOf(NotFoundError);
    expect(errorOf(() => readEnvelope(420, '', 'search'))).toBeInstanceOf(RateLimitedError);
  });

  it('treats the abnormal-traffic page as a block, whatever its status', () => {
    const page = '<html><head><title>Abnormal Traffic Detected | Comic Vine</title></head><body></body></html>';
    expect(errorOf(() => readEnvelope(200, page, 'search'))).toBeInstanceOf(BlockedError);
    expect(errorOf(() => readEnvelope(420, page, 'search'))).toBeInstanceOf(BlockedError);
  });

  it('refuses HTML, truncated JSON and JSON of another shape as bad responses', () => {
    expect(errorOf(() => readEnvelope(200, '<html><title>Comic Vine</title></html>', 'search'))).toBeInstanceOf(
      BadResponseError,
    );
    expect(errorOf(() => readEnvelope(200, body(1, 'OK').slice(0, 40), 'search'))).toBeInstanceOf(BadResponseError);
    expect(errorOf(() => readEnvelope(200, '[]', 'search'))).toBeInstanceOf(BadResponseError);
    expect(errorOf(() => readEnvelope(200, '{"status_code":1,"error":"OK"}', 'search'))).toBeInstanceOf(
      BadResponseError,
    );
  });

  it('never quotes the body, which may echo the request URL and its key', () => {
    const echo = '<html><body>Bad request: /api/search/?api_key=secret-key-123</body></html>';
    expect((errorOf(() => readEnvelope(200, echo, 'search')) as Error).message).not.toContain('secret-key-123');
  });
});

describe('isAbnormalTrafficPage', () => {
  it('recognises the ban page by its title only', () => {
    expect(isAbnormalTrafficPage('<title>Abnormal Traffic Detected | Comic Vine</title>')).toBe(true);
    expect(isAbnormalTrafficPage('<p>We saw abnormal traffic detected in your area</p>')).toBe(false);
    expect(isAbnormalTrafficPage(body(1, 'OK'))).toBe(false);
  });
});

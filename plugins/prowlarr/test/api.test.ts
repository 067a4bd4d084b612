import { describe, expect, it } from 'vitest';
import type { HttpResponse } from '@shelfmark/plugin-sdk';
import { errorDetail, nonJsonKind } from '../src/api.js';

function response(contentType: string | null, text: string): HttpResponse {
  const headers = new Headers(contentType === null ? {} : { 'content-type': contentType });
  return { status: 200, headers, url: 'http://prowlarr.local:9696/api/v1/search', text, json: () => JSON.parse(text) };
}

describe('errorDetail', () => {
  it("reads Prowlarr's exception body", () => {
    expect(errorDetail('{"message":"Indexer not found","description":"NzbDrone.Core…"}')).toBe('Indexer not found');
  });

  it('joins validation failures', () => {
    const body = JSON.stringify([
      { propertyName: 'Query', errorMessage: 'Query is too short', severity: 'error' },
      { propertyName: 'Categories', errorMessage: 'Unknown category 9999', severity: 'error' },
    ]);
    expect(errorDetail(body)).toBe('Query is too short; Unknown category 9999');
  });

  it('gives null for bodies without a message', () => {
    expect(errorDetail('')).toBeNull();
    expect(errorDetail('<html>Bad Request</html>')).toBeNull();
    expect(errorDetail('{"error":""}')).toBeNull();
    expect(errorDetail('[1, null, {"message":"  "}]')).toBeNull();
  });

  it('caps a very long message', () => {
    expect(errorDetail(JSON.stringify({ message: 'x'.repeat(1000) }))?.length).toBe(300);
  });
});

describe('nonJsonKind', () => {
  it('is null for a JSON answer, even a broken one (a Prowlarr answer gone wrong, not another server)', () => {
    expect(nonJsonKind(response('application/json; charset=utf-8', '[{"guid":'))).toBeNull();
    expect(nonJsonKind(response('application/problem+json', '{'))).toBeNull();
  });

  it('recognises an HTML page by its type or by its first tag', () => {
    expect(nonJsonKind(response('text/html; charset=utf-8', 'Maintenance'))).toBe('an HTML page');
    expect(nonJsonKind(response(null, '\n<!DOCTYPE html><html></html>'))).toBe('an HTML page');
    expect(nonJsonKind(response('text/plain', '<html><body>login</body></html>'))).toBe('an HTML page');
  });

  it('names other types', () => {
    expect(nonJsonKind(response('text/plain', 'Unauthorized'))).toBe('a text/plain body');
    expect(nonJsonKind(response(null, 'ok'))).toBe('a body that is not JSON');
  });
});

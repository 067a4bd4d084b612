import { AuthError, BadResponseError, NotFoundError, RateLimitedError, UnavailableError } from '@shelfmark/plugin-sdk';
import { describe, expect, it } from 'vitest';
import { errorFromGraphQL, readGraphQLErrors } from '../src/graphql-errors.js';

describe('AniList GraphQL errors', () => {
  it('reads errors[] with their status, tolerating odd entries', () => {
    expect(
      readGraphQLErrors({ errors: [{ message: 'Not Found.', status: 404 }, { status: '500' }, 'junk'], data: null }),
    ).toEqual([
      { message: 'Not Found.', status: 404 },
      { message: 'no message', status: null },
      { message: 'no message', status: null },
    ]);
    expect(readGraphQLErrors({ data: {} })).toEqual([]);
  });

  it('maps each AniList failure to the SDK error that says what to do', () => {
    expect(errorFromGraphQL([{ message: 'Not Found.', status: 404 }], 404)).toBeInstanceOf(NotFoundError);
    expect(errorFromGraphQL([{ message: 'Not Found.', status: 404 }], 200)).toBeInstanceOf(NotFoundError);
    expect(errorFromGraphQL([{ message: 'Too Many Requests.', status: 429 }], 200)).toBeInstanceOf(RateLimitedError);
    expect(errorFromGraphQL([{ message: 'Invalid token', status: 400 }], 400)).toBeInstanceOf(AuthError);
    expect(errorFromGraphQL([{ message: 'Unauthorized.', status: 401 }], 401)).toBeInstanceOf(AuthError);
    expect(errorFromGraphQL([{ message: 'Internal Server Error', status: 500 }], 200)).toBeInstanceOf(UnavailableError);
    expect(errorFromGraphQL([{ message: 'Cannot query field "x"', status: 400 }], 400)).toBeInstanceOf(
      BadResponseError,
    );
    expect(errorFromGraphQL([{ message: 'Something', status: null }], 400)).toBeInstanceOf(BadResponseError);
  });

  it('quotes the service message, shortened, in an error that names AniList', () => {
    const error = errorFromGraphQL([{ message: `Syntax Error: ${'x'.repeat(500)}`, status: 400 }], 400);
    expect(error.message).toMatch(/^AniList rejected the query \(it answered "Syntax Error: x+…"\)$/);
    expect(error.message.length).toBeLessThan(260);
  });
});

import { expect } from 'vitest';
import type { CallResult } from './http-client.js';

/** A problem+json response of the given status, free of stack traces. */
export function expectProblem(result: CallResult<any>, status: number): void {
  expect(result.status, result.text).toBe(status);
  expect(result.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(result.body).toMatchObject({
    status,
    type: expect.any(String),
    title: expect.any(String),
    detail: expect.any(String),
  });
  expect(result.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
}

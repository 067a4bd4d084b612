import { describe, expect, it, vi } from 'vitest';
import { AuthError, NotFoundError, PluginError, RateLimitedError, isPluginError } from '../src/index.js';
import type * as ErrorsModule from '../src/errors.js';

/** A second, separate instance of the SDK's modules: what a plugin that brings its own copy of the SDK runs on. */
async function anotherCopy(): Promise<typeof ErrorsModule> {
  vi.resetModules();
  return import('../src/errors.js');
}

describe('plugin errors across copies of the SDK', () => {
  it('recognises the errors of another copy by class, as the host must', async () => {
    const other = await anotherCopy();
    expect(other.NotFoundError).not.toBe(NotFoundError);
    const error = new other.NotFoundError('Example does not know series 9');
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(PluginError);
    expect(error).toBeInstanceOf(Error);
    expect(isPluginError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(AuthError);
    expect(new other.RateLimitedError('slow down', 3)).toBeInstanceOf(RateLimitedError);
  });

  it('recognises a subclass a plugin made of another copy’s error', async () => {
    const other = await anotherCopy();
    class ExpiredKeyError extends other.AuthError {}
    const error = new ExpiredKeyError('Example refused the key');
    expect(error).toBeInstanceOf(AuthError);
    expect(error).not.toBeInstanceOf(NotFoundError);
  });

  it('does not take an ordinary error with the same name for a plugin error', () => {
    const lookalike = Object.assign(new Error('no'), { name: 'NotFoundError', code: 'not_found' });
    expect(lookalike).not.toBeInstanceOf(NotFoundError);
    expect(isPluginError(lookalike)).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { TooManyRequestsError } from '../domain/errors.js';
import { passwordCredential, SignInLimiter, tokenCredential } from './sign-in-limiter.js';

const ADDRESS = '10.0.0.1';
const TOKEN = `smk_abcdefghijkl_${'A'.repeat(43)}`;

describe('SignInLimiter', () => {
  it('locks the credential tried: a user name’s passwords, never a token that came with that name', async () => {
    const limiter = new SignInLimiter({ attempts: 2, windowMs: 60_000 });
    for (let i = 0; i < 2; i++) limiter.recordFailure(ADDRESS, passwordCredential('lena'));
    await expect(limiter.admit(ADDRESS, passwordCredential('LENA'), 'no')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(limiter.admit(ADDRESS, tokenCredential(TOKEN), 'no', { throttle: false })).resolves.toBeUndefined();
    for (let i = 0; i < 2; i++) limiter.recordFailure(ADDRESS, tokenCredential('smk_wrong'), { guessable: false });
    await expect(limiter.admit(ADDRESS, tokenCredential('smk_wrong'), 'no', { throttle: false })).rejects.toThrow();
    await expect(limiter.admit(ADDRESS, tokenCredential(TOKEN), 'no', { throttle: false })).resolves.toBeUndefined();
  });

  it('slows an address’s password checks for wrong passwords only, never for wrong tokens', async () => {
    // A throttled password check would wait a minute, past maxWaitMs: refused at once, so nothing here waits.
    const limiter = new SignInLimiter({
      attempts: 30,
      windowMs: 60_000,
      addressAttempts: 3,
      throttleMs: 60_000,
      maxWaitMs: 1,
    });
    for (let i = 0; i < 10; i++) limiter.recordFailure(ADDRESS, tokenCredential(`smk_${i}`), { guessable: false });
    await expect(limiter.admit(ADDRESS, passwordCredential('lena'), 'no')).resolves.toBeUndefined();
    for (const name of ['a', 'b', 'c']) limiter.recordFailure(ADDRESS, passwordCredential(name));
    await expect(limiter.admit(ADDRESS, passwordCredential('lena'), 'no')).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(limiter.admit(ADDRESS, tokenCredential(TOKEN), 'no', { throttle: false })).resolves.toBeUndefined();
  });

  it('never holds a token itself', () => {
    expect(tokenCredential(TOKEN)).not.toContain(TOKEN.slice(4));
    expect(tokenCredential(TOKEN)).toBe(tokenCredential(TOKEN));
    expect(tokenCredential(TOKEN)).not.toBe(passwordCredential(TOKEN));
  });
});

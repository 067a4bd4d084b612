import { describe, expect, it } from 'vitest';
import { issueApiToken, parseApiToken, secretsEqual, sha256 } from './secret-tokens.js';

describe('API token format', () => {
  it('issues distinct tokens whose prefix finds them and whose hash proves them', () => {
    const tokens = Array.from({ length: 200 }, () => issueApiToken());
    expect(new Set(tokens.map((t) => t.token)).size).toBe(200);
    expect(new Set(tokens.map((t) => t.prefix)).size).toBe(200);
    for (const { token, prefix, hash } of tokens) {
      expect(parseApiToken(token)).toEqual({ prefix });
      expect(hash).toBe(sha256(token));
      expect(hash).not.toContain(token);
    }
  });

  it('rejects anything that is not a well-formed token', () => {
    const { token } = issueApiToken();
    for (const bad of ['', 'smk_', token.slice(0, -1), `${token}x`, token.replace('smk_', 'stl_'), ` ${token}`]) {
      expect(parseApiToken(bad)).toBeUndefined();
    }
  });

  it('compares secrets of any length', () => {
    expect(secretsEqual('abc', 'abc')).toBe(true);
    expect(secretsEqual('abc', 'abcd')).toBe(false);
    expect(secretsEqual('', 'x')).toBe(false);
  });
});

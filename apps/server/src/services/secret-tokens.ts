import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * API tokens look like `smk_<prefix>_<secret>`: the prefix (public, unique) finds the row, the hash of
 * the whole token proves it. 32 random bytes of secret make brute force pointless, so SHA-256 is
 * enough here; passwords, which people choose, get scrypt instead.
 */
const TOKEN_PATTERN = /^smk_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/;

export interface IssuedToken {
  token: string;
  prefix: string;
  hash: string;
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomAlphanumeric(length: number): string {
  // 248 = 62 * 4: bytes at or above it are dropped so every character is equally likely.
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62];
    }
  }
  return out;
}

export function issueApiToken(): IssuedToken {
  const prefix = randomAlphanumeric(12);
  const token = `smk_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { token, prefix, hash: sha256(token) };
}

export function parseApiToken(token: string): { prefix: string } | undefined {
  const match = TOKEN_PATTERN.exec(token);
  return match?.[1] === undefined ? undefined : { prefix: match[1] };
}

/** Constant-time comparison of two secrets of any length (compares their hashes). */
export function secretsEqual(a: string, b: string): boolean {
  return timingSafeEqual(Buffer.from(sha256(a), 'hex'), Buffer.from(sha256(b), 'hex'));
}

/** Session cookie values: 32 random bytes; only their hash is stored. */
export function issueSessionSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: sha256(secret) };
}

import { TooManyRequestsError } from '../domain/errors.js';
import { FailedSignIns } from '../opds/failed-sign-ins.js';
import { sha256 } from '../services/secret-tokens.js';

export interface SignInLimits {
  /**
   * Failed sign-ins with one credential (a user name's passwords, or one token) from one client address before that
   * pair is refused until its window ends.
   */
  attempts: number;
  windowMs: number;
  /**
   * Failed password sign-ins from one address across all user names before its password checks are throttled. Behind a
   * proxy that is not trusted every user shares one address, so past this ceiling attempts are slowed, not refused:
   * the right password for a user nobody guessed still signs in.
   */
  addressAttempts?: number;
  /** The pace of password checks from a throttled address: one per this many milliseconds. */
  throttleMs?: number;
  /** The longest wait in line at a throttled address; past it the attempt is refused with a Retry-After. */
  maxWaitMs?: number;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Failed sign-ins counted per (client address, credential tried) and, for passwords, per address. The credential is
 * what was actually checked: a user name for a password, a token's digest for a token (`tokenCredential`), never a
 * user name a token happens to arrive with, so wrong passwords sent under a name do not lock out a good token sent
 * under the same name. Guessing one user's password from one address locks that pair out; failures spread over many
 * names slow the whole address to one password check per `throttleMs`, so a password spray stays slow while the
 * others behind the same address can still sign in.
 */
export class SignInLimiter {
  private readonly pairs: FailedSignIns;
  private readonly addresses: FailedSignIns;
  private readonly throttleMs: number;
  private readonly maxWaitMs: number;
  private readonly nextCheckAt = new Map<string, number>();

  constructor(limits: SignInLimits) {
    this.pairs = new FailedSignIns(limits.attempts, limits.windowMs);
    this.addresses = new FailedSignIns(limits.addressAttempts ?? limits.attempts * 5, limits.windowMs);
    this.throttleMs = limits.throttleMs ?? 1000;
    this.maxWaitMs = limits.maxWaitMs ?? 10_000;
  }

  /**
   * Call before checking a credential: refuses a locked-out pair (429 with Retry-After) and, when the address is past
   * its ceiling, waits for the address's next check slot. `throttle: false` for a credential that cannot be
   * guessed (a random token), whose check is cheap and never slowed.
   */
  async admit(address: string, credential: string, message: string, { throttle = true } = {}): Promise<void> {
    const locked = this.pairs.blockedFor(pairKey(address, credential));
    if (locked > 0) throw new TooManyRequestsError(message, locked);
    if (!throttle) return;
    if (this.addresses.blockedFor(address) === 0) {
      this.nextCheckAt.delete(address);
      return;
    }
    const now = Date.now();
    const slot = Math.max(now, this.nextCheckAt.get(address) ?? 0);
    const wait = slot + this.throttleMs - now;
    if (wait > this.maxWaitMs) throw new TooManyRequestsError(message, Math.ceil(wait / 1000));
    this.nextCheckAt.set(address, slot + this.throttleMs);
    if (this.nextCheckAt.size > 10_000) {
      for (const [key, at] of this.nextCheckAt) if (at < now) this.nextCheckAt.delete(key);
    }
    await sleep(wait);
  }

  /**
   * A failed check of `credential`. `guessable: false` for a token: it counts against that token only, not towards
   * the address's ceiling, which is there to slow password guessing (an app left with a revoked token retries for
   * ever, and must not slow the passwords of everyone behind the same proxy).
   */
  recordFailure(address: string, credential: string, { guessable = true } = {}): void {
    this.pairs.recordFailure(pairKey(address, credential));
    if (guessable) this.addresses.recordFailure(address);
  }
}

/** A user's passwords as a limiter that also counts tokens counts them (apart from any token, whatever the name). */
export function passwordCredential(username: string): string {
  return `user\u0000${username}`;
}

/** A token as the limiter counts it: a digest, so the limiter's memory never holds a credential. */
export function tokenCredential(token: string): string {
  return `token\u0000${sha256(token).slice(0, 32)}`;
}

// User names are matched without regard to case, so that changing case is not a fresh set of guesses.
function pairKey(address: string, credential: string): string {
  return `${address}\u0000${credential.toLowerCase()}`;
}

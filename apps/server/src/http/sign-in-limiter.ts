import { TooManyRequestsError } from '../domain/errors.js';
import { FailedSignIns } from '../opds/failed-sign-ins.js';

export interface SignInLimits {
  /** Failed sign-ins for one user name from one client address before that pair is refused until its window ends. */
  attempts: number;
  windowMs: number;
  /**
   * Failed sign-ins from one address across all user names before its password checks are throttled. Behind a
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
 * Failed sign-ins counted per (client address, user name) and per address. Guessing one user's password from one
 * address locks that pair out; failures spread over many names slow the whole address to one check per
 * `throttleMs`, so a password spray stays slow while the others behind the same address can still sign in.
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
   * Call before checking a password: refuses a locked-out pair (429 with Retry-After) and, when the address is past
   * its ceiling, waits for the address's next check slot. `throttle: false` for a credential that cannot be
   * guessed (a random token), whose check is cheap and never slowed.
   */
  async admit(address: string, username: string, message: string, { throttle = true } = {}): Promise<void> {
    const locked = this.pairs.blockedFor(pairKey(address, username));
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

  recordFailure(address: string, username: string): void {
    this.pairs.recordFailure(pairKey(address, username));
    this.addresses.recordFailure(address);
  }
}

// User names are matched without regard to case, so that changing case is not a fresh set of guesses.
function pairKey(address: string, username: string): string {
  return `${address}\u0000${username.toLowerCase()}`;
}

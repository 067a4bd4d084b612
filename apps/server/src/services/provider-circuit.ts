import type { SkippedProvider } from '../domain/job-messages.js';
import { unreachableReason } from '../plugins/unreachable.js';

export interface CircuitOptions {
  /** Consecutive unreachable failures that open the circuit. */
  failures: number;
  /** How long an open circuit refuses calls before letting one through to see whether the provider is back. */
  pauseMs: number;
  now?: () => number;
}

/**
 * A circuit breaker for one provider during one job. Closed, calls go through; after `failures` consecutive calls
 * that found the provider plainly unreachable (DNS, refused connection, timeout) it opens and the job stops asking
 * it, so a batch with the network down does not spend seconds of retries on every series. After `pauseMs` one call
 * goes through (half-open): success closes the circuit, another unreachable failure opens it for a new pause.
 * Other failures (an error status, a bad answer) do not count: the provider answered.
 */
export class ProviderCircuit {
  private consecutive = 0;
  private openUntil: number | null = null;
  private lastReason: string | null = null;
  private readonly now: () => number;

  constructor(
    readonly providerId: string,
    private readonly options: CircuitOptions,
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Whether a call may go now (closed, or open with its pause over: the half-open trial). */
  allows(): boolean {
    return this.openUntil === null || this.now() >= this.openUntil;
  }

  /** Why calls are refused, for the series recorded as skipped. */
  get skipped(): SkippedProvider {
    return { provider: this.providerId, reason: this.lastReason ?? 'unknown' };
  }

  succeeded(): void {
    this.consecutive = 0;
    this.openUntil = null;
  }

  failed(error: unknown): void {
    const reason = unreachableReason(error);
    if (reason === null) {
      this.succeeded();
      return;
    }
    this.lastReason = reason;
    this.consecutive++;
    const halfOpenTrial = this.openUntil !== null;
    if (halfOpenTrial || this.consecutive >= this.options.failures) this.openUntil = this.now() + this.options.pauseMs;
  }
}

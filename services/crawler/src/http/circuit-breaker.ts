import type { Clock } from './clock';

export type CircuitState = 'closed' | 'open' | 'half-open';

export type CircuitBreakerOptions = { failureThreshold: number; cooldownMs: number };

/**
 * One per portal. After `failureThreshold` failed requests in a row the portal is left alone for
 * `cooldownMs`; then one trial request decides whether it closes again or stays open.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private opened = false;
  private trialInFlight = false;

  constructor(private readonly options: CircuitBreakerOptions, private readonly clock: Clock) {}

  get state(): CircuitState {
    if (!this.opened) return 'closed';
    return this.clock.now() - this.openedAt >= this.options.cooldownMs ? 'half-open' : 'open';
  }

  /** When an open circuit lets a trial through, as epoch ms; 0 when closed. */
  get retryAt(): number {
    return this.opened ? this.openedAt + this.options.cooldownMs : 0;
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  /** Whether a request may go out now; in half-open only one trial at a time. */
  tryAcquire(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open' || this.trialInFlight) return false;
    this.trialInFlight = true;
    return true;
  }

  onSuccess(): void {
    this.failures = 0;
    this.opened = false;
    this.trialInFlight = false;
  }

  onFailure(): void {
    this.failures++;
    const trialFailed = this.trialInFlight;
    this.trialInFlight = false;
    if (trialFailed || this.failures >= this.options.failureThreshold) {
      this.opened = true;
      this.openedAt = this.clock.now();
    }
  }

  /** A request that ended without telling anything about the portal (aborted) frees the trial slot. */
  onNeutral(): void {
    this.trialInFlight = false;
  }
}

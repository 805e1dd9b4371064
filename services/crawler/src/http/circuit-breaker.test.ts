import { CircuitBreaker } from './circuit-breaker';
import { fakeClock } from './clock';

const setup = () => {
  const clock = fakeClock(0);
  return { clock, breaker: new CircuitBreaker({ failureThreshold: 3, cooldownMs: 10_000 }, clock) };
};

describe('CircuitBreaker', () => {
  it('opens after the threshold of consecutive failures and refuses requests', () => {
    const { breaker } = setup();
    breaker.onFailure();
    breaker.onFailure();
    expect(breaker.state).toBe('closed');
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.tryAcquire()).toBe(false);
    expect(breaker.retryAt).toBe(10_000);
  });

  it('forgets earlier failures after a success', () => {
    const { breaker } = setup();
    breaker.onFailure();
    breaker.onFailure();
    breaker.onSuccess();
    breaker.onFailure();
    expect(breaker.state).toBe('closed');
  });

  it('lets exactly one trial through after the cooldown and closes when it succeeds', async () => {
    const { breaker, clock } = setup();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    await clock.sleep(10_000);
    expect(breaker.state).toBe('half-open');
    expect(breaker.tryAcquire()).toBe(true);
    expect(breaker.tryAcquire()).toBe(false);
    breaker.onSuccess();
    expect(breaker.state).toBe('closed');
    expect(breaker.tryAcquire()).toBe(true);
  });

  it('opens again for a full cooldown when the trial fails', async () => {
    const { breaker, clock } = setup();
    for (let i = 0; i < 3; i++) breaker.onFailure();
    await clock.sleep(10_000);
    breaker.tryAcquire();
    breaker.onFailure();
    expect(breaker.state).toBe('open');
    expect(breaker.retryAt).toBe(20_000);
  });
});

import { backoffDelay, isRetriableStatus, nextDelay, retryAfterMs } from './backoff';

const options = { baseMs: 500, capMs: 30_000 };

describe('backoff', () => {
  it('doubles the step per attempt and jitters within its upper half', () => {
    expect(backoffDelay(0, options, () => 0)).toBe(250);
    expect(backoffDelay(0, options, () => 1)).toBe(500);
    expect(backoffDelay(3, options, () => 0)).toBe(2_000);
    expect(backoffDelay(3, options, () => 1)).toBe(4_000);
  });

  it('never waits longer than the cap', () => {
    expect(backoffDelay(20, options, () => 1)).toBe(30_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-20T10:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Fri, 20 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 20 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });

  it('waits at least as long as Retry-After says, even when backoff would be shorter', () => {
    expect(nextDelay(0, 7_000, options, () => 0)).toBe(7_000);
    expect(nextDelay(0, 7_000, options, () => 1)).toBe(7_500);
  });

  it('falls back to jittered backoff without Retry-After', () => {
    expect(nextDelay(2, null, options, () => 0)).toBe(1_000);
  });

  it('retries 429, 403 and 5xx but not other answers', () => {
    expect([429, 403, 500, 502, 503].every(isRetriableStatus)).toBe(true);
    expect([200, 304, 404, 410, 400].some(isRetriableStatus)).toBe(false);
  });
});

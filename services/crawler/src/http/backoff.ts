export type BackoffOptions = { baseMs: number; capMs: number };

/** Exponential backoff with "equal jitter": half the step is fixed, half random, so retries spread but never collapse to zero. */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number = Math.random): number {
  const step = Math.min(options.capMs, options.baseMs * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); anything else is ignored. */
export function retryAfterMs(header: string | undefined, now: number): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

/** Answers that say "not now" rather than "no": worth waiting and asking again. */
export const isRetriableStatus = (status: number) => status === 429 || status === 403 || status >= 500;

/**
 * How long to wait before the next attempt: the server's Retry-After when it gives one (never
 * less, plus a little jitter so clients do not return together), otherwise the jittered
 * exponential step.
 */
export function nextDelay(attempt: number, retryAfter: number | null, options: BackoffOptions, random: () => number = Math.random): number {
  if (retryAfter === null) return backoffDelay(attempt, options, random);
  return retryAfter + Math.round(random() * Math.min(options.baseMs, 1000));
}

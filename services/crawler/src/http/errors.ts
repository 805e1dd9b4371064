import type { Portal } from '@rr/proto';

/** The portal's circuit is open: no request goes out until `retryAt`. */
export class CircuitOpenError extends Error {
  override name = 'CircuitOpenError';
  readonly retriable = true;
  constructor(readonly portal: Portal, readonly retryAt: number) {
    super(`${portal}: circuit open until ${new Date(retryAt).toISOString()}`);
  }
}

/** robots.txt does not let us fetch this URL (or could not be read, which counts as a no). */
export class RobotsDisallowedError extends Error {
  override name = 'RobotsDisallowedError';
  readonly retriable = false;
  constructor(readonly portal: Portal, readonly url: string, reason = 'disallowed by robots.txt') {
    super(`${portal}: ${url} ${reason}`);
  }
}

/** The portal kept answering "not now" (429, 403, 5xx) or did not answer at all, through every retry. */
export class PortalRequestError extends Error {
  override name = 'PortalRequestError';
  readonly retriable = true;
  constructor(readonly portal: Portal, readonly url: string, readonly status: number | null, detail: string) {
    super(`${portal}: ${url} failed: ${detail}`);
  }
}

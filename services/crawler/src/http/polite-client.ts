import type { Logger } from '@rr/kit';
import type { Portal } from '@rr/proto';
import type { HttpResponse, PortalClient, RequestOptions } from '../adapters/types';
import { isRetriableStatus, nextDelay, retryAfterMs, type BackoffOptions } from './backoff';
import type { Renderer } from './browser';
import { CircuitBreaker, type CircuitBreakerOptions } from './circuit-breaker';
import { systemClock, type Clock } from './clock';
import { ConditionalCache } from './conditional-cache';
import { CircuitOpenError, PortalRequestError, RobotsDisallowedError } from './errors';
import { ALLOW_ALL, DISALLOW_ALL, parseRobots, type RobotsPolicy } from './robots';
import { HostLimiter } from './token-bucket';
import { createNodeTransport, type Transport } from './transport';

export type PoliteClientOptions = {
  portal: Portal;
  baseUrl: string;
  userAgent: string;
  honourRobots: boolean;
  robotsTtlMs: number;
  ratePerSecond: number;
  /** Token bucket size: requests that may follow one another without the rate's spacing. */
  burst?: number;
  concurrency: number;
  timeoutMs: number;
  maxRetries: number;
  backoff: BackoffOptions;
  maxRetryAfterMs: number;
  circuit: CircuitBreakerOptions;
  log: Logger;
  renderer?: Renderer;
  /** HTTP underneath; node's keep-alive client unless a test lends its own. */
  transport?: Transport;
  clock?: Clock;
  random?: () => number;
  /** Aborts waits and requests in flight when the service stops. */
  signal?: AbortSignal;
};

export type ClientStats = { requests: number; retries: number; throttled: number; notModified: number };

type Attempt = () => Promise<HttpResponse>;

const ROBOTS_RETRY_MS = 60_000;

/**
 * The PortalClient lent to one portal's adapter: robots.txt, a per-host rate limit and
 * concurrency cap, retries with backoff that honour Retry-After, a circuit breaker for the
 * portal, conditional GETs and timeouts. Adapters only see answers worth parsing.
 */
export class PoliteClient implements PortalClient {
  readonly circuit: CircuitBreaker;
  readonly stats: ClientStats = { requests: 0, retries: 0, throttled: 0, notModified: 0 };
  private readonly limiters = new Map<string, HostLimiter>();
  private readonly robots = new Map<string, { policy: Promise<RobotsPolicy>; expiresAt: number }>();
  private readonly cache = new ConditionalCache();
  private readonly clock: Clock;
  private readonly transport: Transport;
  private readonly random: () => number;

  constructor(private readonly options: PoliteClientOptions) {
    this.clock = options.clock ?? systemClock;
    this.transport = options.transport ?? createNodeTransport({ maxSockets: options.concurrency });
    this.random = options.random ?? Math.random;
    this.circuit = new CircuitBreaker(options.circuit, this.clock);
  }

  async request(url: string, options: RequestOptions = {}): Promise<HttpResponse> {
    await this.assertAllowed(url);
    const method = options.method ?? 'GET';
    const conditional = method === 'GET';
    return this.withPoliteness(url, async () => {
      const headers = { ...this.defaultHeaders(), ...options.headers, ...(conditional ? this.cache.headersFor(url) : {}) };
      const response = await this.fetchOnce(url, { method, headers, body: options.body });
      if (response.status === 304 && conditional) {
        const replayed = this.cache.replay(url);
        if (replayed) {
          this.stats.notModified++;
          return replayed;
        }
      }
      if (conditional && response.status === 200) this.cache.remember(url, response);
      return response;
    });
  }

  /** The page fetched like any other, then its scripts run in the browser: politeness applies once. */
  async render(url: string): Promise<string> {
    const renderer = this.options.renderer;
    if (!renderer) throw new Error(`${this.options.portal}: no browser configured for ${url}`);
    const response = await this.request(url);
    if (response.status >= 400) throw new PortalRequestError(this.options.portal, url, response.status, `HTTP ${response.status}`);
    return renderer.render({ url: response.url || url, html: response.body }, { userAgent: this.options.userAgent, timeoutMs: this.options.timeoutMs });
  }

  /** The breaker gates each logical request; the limiter paces each attempt; failures back off. */
  private async withPoliteness(url: string, attempt: Attempt): Promise<HttpResponse> {
    const { portal, maxRetries } = this.options;
    if (!this.circuit.tryAcquire()) throw new CircuitOpenError(portal, this.circuit.retryAt);
    const limiter = this.limiterFor(url);
    let lastFailure = '';
    let lastStatus: number | null = null;
    for (let n = 0; n <= maxRetries; n++) {
      let response: HttpResponse | null = null;
      try {
        this.stats.requests++;
        response = await limiter.schedule(attempt, this.options.signal);
      } catch (err) {
        if (this.options.signal?.aborted) {
          this.circuit.onNeutral();
          throw err;
        }
        lastFailure = (err as Error).message;
        lastStatus = null;
      }
      if (response && !isRetriableStatus(response.status)) {
        this.circuit.onSuccess();
        return response;
      }
      const retryAfter = response ? retryAfterMs(response.headers['retry-after'], this.clock.now()) : null;
      if (response) {
        lastStatus = response.status;
        lastFailure = `HTTP ${response.status}`;
        if (response.status === 429) this.stats.throttled++;
      }
      if (n === maxRetries) break;
      const delay = nextDelay(n, retryAfter, this.options.backoff, this.random);
      // The wait holds every request to the host, not just this one: the server asked us to slow down.
      limiter.pauseUntil(this.clock.now() + delay);
      if (retryAfter !== null && retryAfter > this.options.maxRetryAfterMs) {
        lastFailure += ` with Retry-After ${Math.round(retryAfter / 1000)} s`;
        break;
      }
      this.stats.retries++;
      this.options.log.warn({ portal, url, status: lastStatus, failure: lastFailure, attempt: n + 1, delayMs: delay }, 'portal request failed; backing off');
      await this.clock.sleep(delay, this.options.signal);
    }
    this.circuit.onFailure();
    throw new PortalRequestError(portal, url, lastStatus, lastFailure);
  }

  private fetchOnce(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<HttpResponse> {
    return this.transport(url, { ...init, timeoutMs: this.options.timeoutMs, signal: this.options.signal });
  }

  private defaultHeaders(): Record<string, string> {
    return { 'user-agent': this.options.userAgent, 'accept-language': 'cs,en;q=0.5' };
  }

  private limiterFor(url: string): HostLimiter {
    const host = new URL(url).host;
    let limiter = this.limiters.get(host);
    if (!limiter) {
      limiter = new HostLimiter({ ratePerSecond: this.options.ratePerSecond, burst: this.options.burst, concurrency: this.options.concurrency }, this.clock);
      this.limiters.set(host, limiter);
    }
    return limiter;
  }

  private async assertAllowed(url: string): Promise<void> {
    if (!this.options.honourRobots) return;
    const { root, path } = this.robotsScope(url);
    const policy = await this.robotsFor(root);
    if (!policy.isAllowed(path)) {
      throw new RobotsDisallowedError(this.options.portal, url, policy === DISALLOW_ALL ? 'not fetched: robots.txt unreachable' : undefined);
    }
  }

  /**
   * Under the configured base URL robots.txt is `${baseUrl}/robots.txt` and its paths are relative
   * to the base URL; for the real portal the base URL is the site root so this is plain RFC 9309,
   * and the simulator serves each portal's robots.txt under its own prefix.
   */
  private robotsScope(url: string): { root: string; path: string } {
    const { baseUrl } = this.options;
    const target = new URL(url);
    const base = new URL(baseUrl);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (target.origin === base.origin && (target.pathname === basePath || target.pathname.startsWith(`${basePath}/`))) {
      return { root: `${base.origin}${basePath}`, path: (target.pathname.slice(basePath.length) || '/') + target.search };
    }
    return { root: target.origin, path: target.pathname + target.search };
  }

  private robotsFor(root: string): Promise<RobotsPolicy> {
    const cached = this.robots.get(root);
    if (cached && cached.expiresAt > this.clock.now()) return cached.policy;
    const entry = { policy: this.fetchRobots(root, (ttl) => (entry.expiresAt = this.clock.now() + ttl)), expiresAt: Number.POSITIVE_INFINITY };
    this.robots.set(root, entry);
    return entry.policy;
  }

  private async fetchRobots(root: string, expireIn: (ms: number) => void): Promise<RobotsPolicy> {
    const url = `${root}/robots.txt`;
    try {
      const response = await this.withPoliteness(url, () => this.fetchOnce(url, { method: 'GET', headers: this.defaultHeaders() }));
      expireIn(this.options.robotsTtlMs);
      // RFC 9309 §2.3.1.3: a robots.txt that is "unavailable" (4xx) means no restriction.
      if (response.status >= 400) return ALLOW_ALL;
      const policy = parseRobots(response.body, this.options.userAgent);
      if (policy.crawlDelayMs) this.limiterFor(url).limitTo(policy.crawlDelayMs);
      return policy;
    } catch (err) {
      if (err instanceof CircuitOpenError || this.options.signal?.aborted) {
        expireIn(0);
        throw err;
      }
      // §2.3.1.4: "unreachable" (5xx, network) means assume complete disallow; ask again soon.
      this.options.log.warn({ portal: this.options.portal, url, err: (err as Error).message }, 'robots.txt unreachable; not crawling until it answers');
      expireIn(ROBOTS_RETRY_MS);
      return DISALLOW_ALL;
    }
  }
}

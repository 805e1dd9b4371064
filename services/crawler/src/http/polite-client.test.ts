import { createLogger } from '@rr/kit';
import { fakeClock } from './clock';
import { CircuitOpenError, PortalRequestError, RobotsDisallowedError } from './errors';
import { PoliteClient } from './polite-client';
import type { Transport } from './transport';

type Reply = { status: number; body?: string; headers?: Record<string, string> };

/** A fake portal: routes answer with a queue of replies (the last one repeats) and log requests. */
function fakePortal(routes: Record<string, Reply[]>) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  const transport: Transport = async (url, request) => {
    calls.push({ url, headers: request.headers });
    const path = new URL(url).pathname + new URL(url).search;
    const queue = routes[path] ?? [{ status: 404 }];
    const reply = queue.length > 1 ? queue.shift()! : queue[0];
    return { status: reply.status, headers: reply.headers ?? {}, body: reply.status === 304 ? '' : reply.body ?? '', url };
  };
  return { transport, calls, pathsCalled: () => calls.map((c) => new URL(c.url).pathname) };
}

function clientFor(portal: ReturnType<typeof fakePortal>, overrides: Partial<ConstructorParameters<typeof PoliteClient>[0]> = {}) {
  const clock = fakeClock(Date.parse('2026-11-20T10:00:00Z'));
  const client = new PoliteClient({
    portal: 'sreality',
    baseUrl: 'http://sim.test/sreality',
    userAgent: 'RealityRadarBot/1.0',
    honourRobots: true,
    robotsTtlMs: 3_600_000,
    ratePerSecond: 100,
    concurrency: 2,
    timeoutMs: 1_000,
    maxRetries: 3,
    backoff: { baseMs: 500, capMs: 30_000 },
    maxRetryAfterMs: 120_000,
    circuit: { failureThreshold: 2, cooldownMs: 60_000 },
    log: createLogger('test', 'silent'),
    transport: portal.transport,
    clock,
    random: () => 0.5,
    ...overrides,
  });
  return { client, clock };
}

describe('PoliteClient', () => {
  it('waits as long as Retry-After says after a 429, then returns the answer', async () => {
    const portal = fakePortal({ '/sreality/api': [{ status: 429, headers: { 'retry-after': '7' } }, { status: 200, body: 'ok' }] });
    const { client, clock } = clientFor(portal);
    const response = await client.request('http://sim.test/sreality/api');
    expect(response.body).toBe('ok');
    expect(Math.max(...clock.sleeps)).toBeGreaterThanOrEqual(7_000);
    expect(client.stats).toMatchObject({ throttled: 1, retries: 1 });
  });

  it('backs off exponentially on 5xx and gives up after the retries', async () => {
    const portal = fakePortal({ '/sreality/api': [{ status: 503 }] });
    const { client, clock } = clientFor(portal);
    await expect(client.request('http://sim.test/sreality/api')).rejects.toBeInstanceOf(PortalRequestError);
    expect(portal.pathsCalled().filter((p) => p === '/sreality/api')).toHaveLength(4);
    const backoffs = clock.sleeps.filter((ms) => ms >= 375);
    expect(backoffs).toEqual([375, 750, 1_500]);
  });

  it('gives up at once when Retry-After asks for longer than it is willing to wait', async () => {
    const portal = fakePortal({ '/sreality/api': [{ status: 429, headers: { 'retry-after': '3600' } }] });
    const { client } = clientFor(portal);
    await expect(client.request('http://sim.test/sreality/api')).rejects.toThrow(/Retry-After 3600 s/);
    expect(portal.pathsCalled().filter((p) => p === '/sreality/api')).toHaveLength(1);
  });

  it('opens the circuit after repeated failures and refuses further requests without calling the portal', async () => {
    const portal = fakePortal({ '/sreality/api': [{ status: 500 }] });
    const { client } = clientFor(portal, { maxRetries: 0 });
    await expect(client.request('http://sim.test/sreality/api')).rejects.toBeInstanceOf(PortalRequestError);
    await expect(client.request('http://sim.test/sreality/api')).rejects.toBeInstanceOf(PortalRequestError);
    const before = portal.calls.length;
    await expect(client.request('http://sim.test/sreality/api')).rejects.toBeInstanceOf(CircuitOpenError);
    expect(portal.calls.length).toBe(before);
    expect(client.circuit.state).toBe('open');
  });

  it('returns 404 to the adapter without retrying (a gone listing is an answer)', async () => {
    const portal = fakePortal({});
    const { client } = clientFor(portal);
    const response = await client.request('http://sim.test/sreality/api/v1/estates/1');
    expect(response.status).toBe(404);
    expect(client.stats.retries).toBe(0);
  });

  it('refuses URLs robots.txt disallows, reading rules relative to the base URL', async () => {
    const portal = fakePortal({ '/sreality/robots.txt': [{ status: 200, body: 'User-agent: *\nDisallow: /private\n' }], '/sreality/ok': [{ status: 200, body: 'fine' }] });
    const { client } = clientFor(portal);
    await expect(client.request('http://sim.test/sreality/private/1')).rejects.toBeInstanceOf(RobotsDisallowedError);
    expect((await client.request('http://sim.test/sreality/ok')).body).toBe('fine');
    expect(portal.pathsCalled().filter((p) => p === '/sreality/robots.txt')).toHaveLength(1);
    expect(portal.pathsCalled()).not.toContain('/sreality/private/1');
  });

  it('fetches disallowed URLs when robots.txt is overridden for the portal', async () => {
    const portal = fakePortal({ '/sreality/robots.txt': [{ status: 200, body: 'User-agent: *\nDisallow: /\n' }], '/sreality/x': [{ status: 200, body: 'x' }] });
    const { client } = clientFor(portal, { honourRobots: false });
    expect((await client.request('http://sim.test/sreality/x')).body).toBe('x');
    expect(portal.pathsCalled()).not.toContain('/sreality/robots.txt');
  });

  it('assumes complete disallow while robots.txt is unreachable (5xx)', async () => {
    const portal = fakePortal({ '/sreality/robots.txt': [{ status: 500 }], '/sreality/x': [{ status: 200 }] });
    const { client } = clientFor(portal, { maxRetries: 0, circuit: { failureThreshold: 5, cooldownMs: 1 } });
    await expect(client.request('http://sim.test/sreality/x')).rejects.toThrow(/robots.txt unreachable/);
  });

  it('sends If-None-Match and replays the stored body on 304', async () => {
    const portal = fakePortal({
      '/sreality/list': [{ status: 200, body: 'page', headers: { etag: '"v1"' } }, { status: 304, headers: { etag: '"v1"' } }],
    });
    const { client } = clientFor(portal);
    await client.request('http://sim.test/sreality/list');
    const second = await client.request('http://sim.test/sreality/list');
    expect(second).toMatchObject({ status: 200, body: 'page' });
    expect(second.headers['x-rr-not-modified']).toBe('1');
    expect(portal.calls.at(-1)!.headers['if-none-match']).toBe('"v1"');
    expect(client.stats.notModified).toBe(1);
  });

  it('retries a request that times out', async () => {
    let calls = 0;
    const transport: Transport = async (url, request) => {
      if (url.endsWith('robots.txt')) return { status: 404, headers: {}, body: '', url };
      if (++calls === 1) {
        return new Promise((_, reject) => setTimeout(() => reject(new Error(`timed out after ${request.timeoutMs} ms`)), request.timeoutMs));
      }
      return { status: 200, headers: {}, body: 'late but fine', url };
    };
    const { client } = clientFor({ transport, calls: [], pathsCalled: () => [] }, { timeoutMs: 20 });
    expect((await client.request('http://sim.test/sreality/slow')).body).toBe('late but fine');
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { measurePaced } from './paced';

/** A server that answers one request at a time, each after `holdMs`, and notes when each arrived. */
async function serialServer(holdMs: number) {
  const arrivals: number[] = [];
  let freeAt = 0;
  const server = http.createServer((req, res) => {
    arrivals.push(performance.now());
    const start = Math.max(performance.now(), freeAt);
    freeAt = start + holdMs;
    setTimeout(() => res.writeHead(req.url === '/missing' ? 404 : 200).end('{}'), freeAt - performance.now());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, arrivals, close: () => new Promise((r) => server.close(r)) };
}

describe('measurePaced', () => {
  it('spreads the requests over the time the rate gives, not at once, and counts every answer', async () => {
    const server = await serialServer(0);
    try {
      const before = performance.now();
      const f = await measurePaced(server.url, { name: 'x', requests: 21, ratePerSecond: 100, make: (i) => ({ method: 'GET', path: i % 7 === 6 ? '/missing' : '/r' }) }, 20);
      expect(f.requests).toBe(21);
      expect(f.unexpectedBy).toEqual({ 404: 3 });
      // 21 requests at 100 a second: the last is due 200 ms after the start and never goes earlier.
      expect(Math.max(...server.arrivals) - before).toBeGreaterThanOrEqual(198);
    } finally {
      await server.close();
    }
  });

  it('times each request from when it was due, so a server that falls behind shows', async () => {
    // 50 a second asked of a server that answers 20 a second: the 40th is due at 0.78 s and answered after 2 s.
    const server = await serialServer(50);
    try {
      const f = await measurePaced(server.url, { name: 'x', requests: 40, ratePerSecond: 50, make: () => ({ method: 'GET', path: '/r' }) }, 20);
      expect(f.requests).toBe(40);
      expect(f.p99ms).toBeGreaterThanOrEqual(1_000);
      expect(f.p50ms).toBeGreaterThanOrEqual(400);
    } finally {
      await server.close();
    }
  });
});

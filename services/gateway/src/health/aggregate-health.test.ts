import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { aggregateHealth } from './aggregate-health';

async function serve(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/health`, close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

describe('health aggregation', () => {
  it('is ok only when every service is, and answers within the timeout when one hangs', async () => {
    const healthy = await serve((_q, s) => s.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ service: 'matcher', ok: true, uptimeSeconds: 1, dependencies: {} })));
    const hanging = await serve(() => undefined);
    try {
      // The healthy service answers from this same process, so a stalled event loop on a loaded
      // machine counts against its timeout too: 1.5 s, not 300 ms. The hanging one never answers
      // (the server holds a request for a minute), so an answer well before that shows nothing waited for it.
      const started = Date.now();
      const report = await aggregateHealth({ matcher: healthy.url, notifier: hanging.url, crawler: 'http://127.0.0.1:1/health' }, 1_500);
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(report.ok).toBe(false);
      expect(report.services.matcher.ok).toBe(true);
      expect(report.services.notifier).toMatchObject({ ok: false, error: 'no answer within 1500 ms' });
      expect(report.services.crawler.ok).toBe(false);
      const allOk = await aggregateHealth({ matcher: healthy.url }, 1_500);
      expect(allOk.ok).toBe(true);
    } finally {
      await Promise.all([healthy.close(), hanging.close()]);
    }
  }, 15_000);

  it('reports a service that answers 503 as not ok', async () => {
    const sick = await serve((_q, s) => s.writeHead(503, { 'content-type': 'application/json' }).end(JSON.stringify({ service: 'billing', ok: false, uptimeSeconds: 1, dependencies: { kafka: { ok: false } } })));
    try {
      const report = await aggregateHealth({ billing: sick.url }, 1_500);
      expect(report.ok).toBe(false);
      expect(report.services.billing).toMatchObject({ ok: false, dependencies: { kafka: { ok: false } } });
    } finally {
      await sick.close();
    }
  });
});

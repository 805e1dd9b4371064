import { startHealthServer } from './health';
import { httpObservability, listen } from './http-server';
import { metrics } from './metrics';

describe('listen', () => {
  it('binds the configured host and port, and names both when the port is taken', async () => {
    const first = await listen((_req, res) => res.end('ok'), { host: '127.0.0.1', port: 0 });
    expect(first.host).toBe('127.0.0.1');
    expect(await (await fetch(`http://127.0.0.1:${first.port}/`)).text()).toBe('ok');
    await expect(listen(() => undefined, { host: '127.0.0.1', port: first.port }, 'offers API')).rejects.toThrow(`offers API cannot listen on 127.0.0.1:${first.port}: EADDRINUSE`);
    await first.close();
  });
});

describe('/metrics', () => {
  it('serves the pipeline metrics in Prometheus text beside /health', async () => {
    metrics.eventsHandled.inc({ service: 'unit', group: 'unit.group', type: 'offer.published' }, 3);
    const observe = httpObservability('unit');
    const server = await listen((req, res) => observe(Object.assign(req, { route: { path: '/offers/:id' } }), res, () => res.end('{}')), { host: '127.0.0.1', port: 0 });
    await fetch(`http://127.0.0.1:${server.port}/offers/123`);
    const health = await startHealthServer({ service: 'unit', checks: {} }, 0);
    const res = await fetch(`http://127.0.0.1:${health.port}/metrics`);
    const text = await res.text();
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(text).toContain('rr_events_handled_total{service="unit",group="unit.group",type="offer.published"} 3');
    expect(text).toMatch(/rr_http_request_duration_seconds_count\{service="unit",method="GET",route="\/offers\/:id",status="200"\} 1/);
    await Promise.all([health.close(), server.close()]);
  });
});

import type { DependencyHealth, ServiceHealth } from '@rr/proto';
import { listen } from './http-server';
import { metricsText } from './metrics';

export type HealthCheck = () => Promise<DependencyHealth>;

export type HealthSource = {
  service: string;
  checks: Record<string, HealthCheck>;
  details?: () => Record<string, unknown>;
};

const startedAt = Date.now();

export async function checkHealth(source: HealthSource): Promise<ServiceHealth> {
  const names = Object.keys(source.checks);
  const results = await Promise.all(names.map((n) => source.checks[n]().catch((err: Error) => ({ ok: false, detail: err.message }))));
  const dependencies = Object.fromEntries(names.map((n, i) => [n, results[i]]));
  return {
    service: source.service,
    ok: results.every((r) => r.ok),
    uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
    dependencies,
    details: source.details?.(),
  };
}

/** GET /health (200 or 503 with the report), GET /ready and GET /metrics (Prometheus), on a port of its own. */
export async function startHealthServer(source: HealthSource, port: number, host = '127.0.0.1'): Promise<{ port: number; close: () => Promise<void> }> {
  const listening = await listen(async (req, res) => {
    if (req.url === '/metrics') {
      const { contentType, body } = await metricsText();
      res.writeHead(200, { 'content-type': contentType }).end(body);
      return;
    }
    if (req.url !== '/health' && req.url !== '/ready') {
      res.writeHead(404).end();
      return;
    }
    const report = await checkHealth(source);
    res.writeHead(report.ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(report));
  }, { host, port }, `${source.service} health server`);
  return { port: listening.port, close: listening.close };
}

import http from 'node:http';
import { requestHeaders, type CallFigures, type CallSpec } from './calls';

/**
 * One call at a stated load, as visitors arrive: request i is due `i / rate` seconds after the
 * start whatever became of the ones before it (an open loop), over at most `connections` kept
 * connections. Its time runs from when it was due, not from when it went out, so a server that
 * falls behind shows in the figures (coordinated omission). autocannon's own pacing is not used:
 * it sends each connection's quota at the start of every second, `connections` requests at once.
 */
export async function measurePaced(baseUrl: string, spec: CallSpec & { ratePerSecond: number }, connections: number): Promise<CallFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const ok = new Set(spec.ok ?? [200, 201]);
  const unexpectedBy: Record<string, number> = {};
  const latencies: number[] = [];
  const intervalMs = 1000 / spec.ratePerSecond;
  const started = performance.now();
  const answers: Array<Promise<void>> = [];
  for (let i = 0; i < spec.requests; i++) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    answers.push(send(baseUrl, spec.make(i), agent).then(
      (status) => {
        latencies.push(performance.now() - due);
        if (!ok.has(status)) unexpectedBy[status] = (unexpectedBy[status] ?? 0) + 1;
      },
      () => void (unexpectedBy.error = (unexpectedBy.error ?? 0) + 1),
    ));
  }
  await Promise.all(answers);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]) : 0);
  return {
    name: spec.name,
    requests: latencies.length,
    p50ms: at(0.5),
    p99ms: at(0.99),
    perSecond: Math.round(latencies.length / seconds),
    unexpected: Object.values(unexpectedBy).reduce((a, b) => a + b, 0),
    unexpectedBy,
  };
}

function send(baseUrl: string, r: ReturnType<CallSpec['make']>, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = r.body === undefined ? undefined : JSON.stringify(r.body);
    const headers = requestHeaders(r);
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const req = http.request(new URL(r.path, baseUrl), { method: r.method, headers, agent, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

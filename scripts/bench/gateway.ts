import { spawn, type ChildProcess } from 'node:child_process';
import { bundle, bundlePath } from '../system/bundle';
import { waitHealthy } from '../system/supervisor';
import { startInfrastructure } from '../system/system';
import { sampleCpu, type CpuSample } from './cpu-usage';
import { freePort } from './free-port';
import { measureCall, type CallFigures } from './scale/calls';

/**
 * `npm run bench:gateway`: the floor under every call `bench:scale` measures. The gateway (the
 * compiled bundle, as the system runs it) in front of an upstream that answers at once with a
 * report-sized JSON body, driven by 20 clients as bench:scale drives the system: first the
 * upstream alone, then through the gateway. What the gateway adds per call, in latency and in
 * CPU, is what no service can win back on this machine. Ends with one JSON line.
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);
const say = (line: string) => process.stderr.write(`[gateway] ${line}\n`);

/** An answer the size of a price report (~2 kB of JSON). */
const UPSTREAM = `
const body = JSON.stringify({ data: { report: { status: 'ok', n: 412, monthly: Array.from({ length: 12 }, (_, i) => ({ month: '2026-' + String(i + 1).padStart(2, '0'), n: 30 + i, medianPricePerM2: 98000 + i * 811, medianPrice: 6100000 + i * 9000 })), realEstateTypes: { Apartment: 400, House: 12 }, dispositions: { '2+kk': 120, '3+kk': 90, '1+kk': 80, '2+1': 70, '3+1': 52 } } } });
require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }); res.end(body); })
  .listen(Number(process.argv[1]), '127.0.0.1');
`;

/** The call measured, and the CPU each process spent per request meanwhile. */
async function measure(name: string, baseUrl: string, path: string, pids: Record<string, number>): Promise<CallFigures & { cpuMsPerCall: Record<string, number> }> {
  const before: CpuSample = sampleCpu({ ...pids, bench: process.pid }, {});
  const figures = await measureCall(baseUrl, { name, requests: REQUESTS, make: () => ({ method: 'GET', path }) }, CONNECTIONS);
  const after = sampleCpu({ ...pids, bench: process.pid }, {});
  const perCall = (k: string) => Math.round(((after.byName[k] - before.byName[k]) * 1e6) / figures.requests) / 1e3;
  // The bench's own process tree holds the two servers: what is left is the load generator's.
  const cpuMsPerCall = { gateway: perCall('gateway'), upstream: perCall('upstream'), 'load generator': Math.round((perCall('bench') - perCall('gateway') - perCall('upstream')) * 1e3) / 1e3 };
  say(`${name}: p50 ${figures.p50ms} ms, p99 ${figures.p99ms} ms, ${figures.perSecond}/s; CPU ms a call ${JSON.stringify(cpuMsPerCall)}`);
  return { ...figures, cpuMsPerCall };
}

async function main() {
  const children: ChildProcess[] = [];
  const stop = () => children.forEach((c) => c.kill('SIGTERM'));
  process.on('exit', stop);
  try {
    // The gateway runs as a service of the kit, which connects to the broker at start.
    startInfrastructure(say);
    say('compiling the gateway…');
    await bundle([{ name: 'gateway', entry: 'services/gateway/src/main.ts' }]);
    const [upstreamPort, gatewayPort, healthPort] = [await freePort(), await freePort(), await freePort()];
    const upstream = spawn(process.execPath, ['-e', UPSTREAM, String(upstreamPort)], { stdio: 'inherit' });
    const upstreamUrl = `http://127.0.0.1:${upstreamPort}`;
    const gateway = spawn(process.execPath, ['--enable-source-maps', bundlePath('gateway')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'warn', GATEWAY_PORT: String(gatewayPort), HEALTH_PORT: String(healthPort), ANALYTICS_URL: upstreamUrl, ACCOUNT_URL: upstreamUrl, OFFERS_URL: upstreamUrl, WEB_DIST: '/nonexistent' },
    });
    children.push(upstream, gateway);
    for (const url of [`${upstreamUrl}/`, `http://127.0.0.1:${gatewayPort}/api/openapi.json`]) {
      if (!(await waitHealthy(url, 30_000))) throw new Error(`${url} did not answer within 30 s`);
    }
    const pids = { gateway: gateway.pid!, upstream: upstream.pid! };
    say(`warming up (${REQUESTS} calls through the gateway)…`);
    await measureCall(`http://127.0.0.1:${gatewayPort}`, { name: 'warm-up', requests: REQUESTS, make: () => ({ method: 'GET', path: '/api/analytics/report?placeKind=region&placeCode=19' }) }, CONNECTIONS);
    const direct = await measure('upstream alone', upstreamUrl, '/analytics/report?placeKind=region&placeCode=19', pids);
    const through = await measure('through the gateway', `http://127.0.0.1:${gatewayPort}`, '/api/analytics/report?placeKind=region&placeCode=19', pids);
    const pick = (f: typeof direct) => ({ p50ms: f.p50ms, p99ms: f.p99ms, perSecond: f.perSecond, cpuMsPerCall: f.cpuMsPerCall, unexpected: f.unexpected });
    process.stdout.write(`${JSON.stringify({ connections: CONNECTIONS, requests: REQUESTS, direct: pick(direct), gateway: pick(through) })}\n`);
  } finally {
    stop();
  }
}

main().catch((err) => {
  say((err as Error).message);
  process.exit(1);
});
